import Foundation
import TestSupport
import Testing

@Suite("Failure safety: a failed or killed run leaves the previous output whole")
struct FailureSafetyTests {
  /// Protocols in files of their own, each decorated by every built-in template.
  func writeSources(_ count: Int, in workspace: Workspace) throws {
    for index in 0..<count {
      try workspace.write(
        "Sources/Service\(index).swift",
        """
        public protocol Service\(index) {
          func load(id: Int) async throws -> String
          func store(_ value: String, for id: Int)
          var name: String { get }
        }

        """)
    }
  }

  func snapshot(_ folder: String, in workspace: Workspace) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: workspace.files(in: folder).map {
        ($0, workspace.read("\(folder)/\($0)") ?? "")
      })
  }

  /// Runs killed at moments spread over a whole run: every file is whole, as the previous run or
  /// the new one wrote it, and the next run finishes the job as if nothing had happened.
  @Test func aRunKilledAnywhereLeavesEveryFileWholeOldOrNew() throws {
    let workspace = try Workspace()
    try writeSources(150, in: workspace)
    let arguments = { (module: String) in
      ["generate", "--sources", "Sources", "--output", "Out", "--all", "--import", module]
    }
    _ = try runVeneer(arguments("Old"), in: workspace.path)
    let old = snapshot("Out", in: workspace)
    #expect(old.count == 150)
    let start = Date()
    _ = try runVeneer(
      arguments("New") + ["--no-cache", "--output", "Reference"], in: workspace.path)
    let runTime = Date().timeIntervalSince(start)
    let new = snapshot("Reference", in: workspace)

    var killedMidRun = 0
    // A run that ends before its kill was quicker than the one measured (a run with the old
    // settings reuses its cache; the machine may be busy): later kills then come sooner.
    var expectedRunTime = runTime
    for attempt in 0..<16 where attempt < 8 || killedMidRun < 4 {
      let run = startVeneer(
        arguments(attempt.isMultiple(of: 2) ? "New" : "Old"), in: workspace.path)
      usleep(useconds_t(expectedRunTime * 1e6 * Double(attempt % 8 + 1) / 9))
      kill(run.processIdentifier, SIGKILL)
      run.waitUntilExit()
      if run.terminationReason == .uncaughtSignal {
        killedMidRun += 1
      } else {
        expectedRunTime *= 0.75
      }
      for (name, contents) in snapshot("Out", in: workspace) where !name.hasPrefix(".") {
        #expect(contents == old[name] || contents == new[name], "attempt \(attempt): \(name)")
      }
    }
    // Otherwise the runs all ended before their kill, and the checks above proved nothing.
    #expect(killedMidRun >= 4)
    let finished = try runVeneer(arguments("New"), in: workspace.path)
    #expect(finished.status == 0)
    #expect(snapshot("Out", in: workspace) == new)
  }

  @Test func aMissingTemplateIsAnErrorAndTheOutputStays() throws {
    let workspace = try Workspace()
    try writeSources(2, in: workspace)
    _ = try workspace.veneer("generate", "--sources", "Sources", "--output", "Out", "--all")
    let before = snapshot("Out", in: workspace)
    let run = try workspace.veneer(
      "generate", "--sources", "Sources", "--output", "Out", "--all", "--template", "Nope.stencil")
    #expect(run.status == 1)
    #expect(
      run.errors.contains("error: no built-in template or template file named 'Nope.stencil'"))
    #expect(snapshot("Out", in: workspace) == before)
  }

  @Test func anOutputPathThatIsAFileIsAnErrorAndTheFileStays() throws {
    let workspace = try Workspace()
    try writeSources(1, in: workspace)
    try workspace.write("Out", "my notes\n")
    let run = try workspace.veneer("generate", "--sources", "Sources", "--output", "Out", "--all")
    #expect(run.status == 1)
    #expect(run.errors == "Out: error: the output path is a file, not a folder\n")
    #expect(workspace.read("Out") == "my notes\n")
  }
}
