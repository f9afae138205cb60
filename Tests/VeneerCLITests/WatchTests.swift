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
