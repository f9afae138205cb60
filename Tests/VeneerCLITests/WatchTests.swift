import Foundation
import Testing

@Suite("veneer generate --watch")
struct WatchTests {
  @Test func regeneratesOnChangeIdlesWithoutSpinningAndStopsOnCtrlC() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/Posts.swift", postRepo)
    try workspace.write("veneer.yml", "sources: Sources\noutput: Generated\n")
    let watcher = startVeneer(["generate", "--watch"], in: workspace.path)
    defer { if watcher.isRunning { watcher.terminate() } }
    let output = "Generated/PostRepo+Decorators.swift"

    #expect(waitUntil { workspace.read(output)?.contains("getPost(id: Int)") == true })
    try workspace.write(
      "Sources/Posts.swift", postRepo.replacingOccurrences(of: "id: Int", with: "slug: String"))
    #expect(waitUntil { workspace.read(output)?.contains("getPost(slug: String)") == true })

    #if os(Linux)
      // Waiting costs no processor time: a polling loop would use most of a second here.
      let before = try processorTime(of: watcher.processIdentifier)
      Thread.sleep(forTimeInterval: 1)
      #expect(try processorTime(of: watcher.processIdentifier) - before < 0.2)
    #endif

    kill(watcher.processIdentifier, SIGINT)
    #expect(waitUntil { !watcher.isRunning })
    #expect(watcher.terminationReason == .exit)
    #expect(watcher.terminationStatus == 0)
  }

  /// Run from the project's root, whose whole tree it watches, with what it prints going to a
  /// file there: writing that file must not start another run, nor must its own output.
  @Test func filesVeneerWritesDoNotStartAnotherRun() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/Posts.swift", postRepo)
    try workspace.write("veneer.yml", "output: Generated\n")
    let log = try workspace.write("watch.log", "")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    let watcher = startVeneer(["generate", "--watch"], in: workspace.path, output: handle)
    defer { if watcher.isRunning { watcher.terminate() } }
    #expect(waitUntil { workspace.read("watch.log")?.contains("Wrote 1 file") == true })
    Thread.sleep(forTimeInterval: 2)
    let runs = { (workspace.read("watch.log") ?? "").components(separatedBy: "Wrote ").count - 1 }
    #expect(runs() == 1, "\(workspace.read("watch.log") ?? "")")
    // A source change still starts one.
    try workspace.write(
      "Sources/Posts.swift", postRepo.replacingOccurrences(of: "id: Int", with: "slug: String"))
    #expect(waitUntil { runs() == 2 })
    kill(watcher.processIdentifier, SIGINT)
    #expect(waitUntil { !watcher.isRunning })
  }

  /// Output and errors going to a file named like a source, among the sources: known by what
  /// it is, the file Veneer writes to, not by its name; it used to start a run for every line
  /// the last run printed.
  @Test func aLogNamedLikeASourceDoesNotStartAnotherRun() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/Posts.swift", postRepo)
    let log = try workspace.write("Sources/watch.swift", "")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    let watcher = startVeneer(
      ["generate", "--watch", "--sources", "Sources", "--output", "Generated"],
      in: workspace.path, output: handle, errors: handle)
    defer { if watcher.isRunning { watcher.terminate() } }
    let runs = {
      (workspace.read("Sources/watch.swift") ?? "").components(separatedBy: "Watching for").count
        - 1
    }
    #expect(waitUntil { runs() >= 1 })
    Thread.sleep(forTimeInterval: 2)
    #expect(runs() == 1, "\(workspace.read("Sources/watch.swift") ?? "")")
    try workspace.write(
      "Sources/Posts.swift", postRepo.replacingOccurrences(of: "id: Int", with: "slug: String"))
    #expect(waitUntil { runs() == 2 })
    Thread.sleep(forTimeInterval: 1)
    #expect(runs() == 2)
    kill(watcher.processIdentifier, SIGINT)
    #expect(waitUntil { !watcher.isRunning })
  }

  /// Sources in the output folder itself are watched like any others.
  @Test func sourcesInTheOutputFolderAreWatched() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/Posts.swift", postRepo)
    let watcher = startVeneer(
      ["generate", "--watch", "--sources", "Sources", "--output", "Sources"], in: workspace.path)
    defer { if watcher.isRunning { watcher.terminate() } }
    let output = "Sources/PostRepo+Decorators.swift"
    #expect(waitUntil { workspace.read(output)?.contains("getPost(id: Int)") == true })
    try workspace.write(
      "Sources/Posts.swift", postRepo.replacingOccurrences(of: "id: Int", with: "slug: String"))
    #expect(waitUntil { workspace.read(output)?.contains("getPost(slug: String)") == true })
    kill(watcher.processIdentifier, SIGINT)
    #expect(waitUntil { !watcher.isRunning })
  }

  /// When `veneer.yml` names other sources, those are watched from then on.
  @Test func sourcesNamedByAChangedConfigurationAreWatched() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/Posts.swift", postRepo)
    try workspace.write("Other/Shows.swift", showService)
    try workspace.write("veneer.yml", "sources: Sources\noutput: Generated\n")
    let watcher = startVeneer(["generate", "--watch"], in: workspace.path)
    defer { if watcher.isRunning { watcher.terminate() } }
    #expect(waitUntil { workspace.files(in: "Generated") == ["PostRepo+Decorators.swift"] })
    try workspace.write("veneer.yml", "sources: Other\noutput: Generated\n")
    #expect(waitUntil { workspace.files(in: "Generated") == ["ShowService+Decorators.swift"] })
    try workspace.write(
      "Other/Shows.swift", showService.replacingOccurrences(of: "allShows()", with: "shows()"))
    #expect(
      waitUntil {
        workspace.read("Generated/ShowService+Decorators.swift")?.contains("func shows()") == true
      })
    kill(watcher.processIdentifier, SIGINT)
    #expect(waitUntil { !watcher.isRunning })
  }

  private func waitUntil(_ condition: () -> Bool) -> Bool {
    for _ in 0..<400 {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return condition()
  }

  /// User and system time of a process in seconds, from `/proc/PID/stat`.
  private func processorTime(of processID: Int32) throws -> Double {
    let stat = try String(contentsOfFile: "/proc/\(processID)/stat", encoding: .utf8)
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
    let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
    let ticks = Double(fields[11])! + Double(fields[12])!
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
