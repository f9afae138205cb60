import Foundation
import TestSupport
import Testing
import VeneerSupport

@Suite("Unified diffs")
struct UnifiedDiffTests {
  @Test func equalTextsGiveNoDiff() {
    #expect(UnifiedDiff.make(old: "a\nb\n", new: "a\nb\n", oldLabel: "x", newLabel: "y") == "")
  }

  @Test func missingAndExtraFilesDiffAgainstDevNull() {
    #expect(
      UnifiedDiff.make(old: nil, new: "a\nb\n", oldLabel: "x", newLabel: "y")
        == "--- /dev/null\n+++ y\n@@ -0,0 +1,2 @@\n+a\n+b\n")
    #expect(
      UnifiedDiff.make(old: "a\n", new: nil, oldLabel: "x", newLabel: "y")
        == "--- x\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n")
  }

  /// Changes far apart in a long file: linear memory, time in proportion to the changes (the
  /// quadratic table this replaced needed ~10 GB here).
  @Test func changesFarApartInALongFileGiveTwoSmallHunks() {
    let lines = (0..<35_000).map { "  let value\($0) = \($0 * 7)" }
    var changed = lines
    changed[1] = "  // changed near the top"
    changed[34_998] = "  // changed near the end"
    let diff = UnifiedDiff.make(
      old: lines.joined(separator: "\n") + "\n", new: changed.joined(separator: "\n") + "\n",
      oldLabel: "old", newLabel: "new")
    let hunkHeaders = diff.split(separator: "\n").filter { $0.hasPrefix("@@") }
    #expect(hunkHeaders == ["@@ -1,5 +1,5 @@", "@@ -34996,5 +34996,5 @@"])
    #expect(diff.split(separator: "\n").count == 2 + 2 * (1 + 6))
  }

  /// A file rewritten whole is shown as removed then added, still a diff patch(1) applies.
  @Test func aRewrittenFileIsRemovedThenAdded() throws {
    let old = (0..<6_000).map { "old \($0)\n" }.joined()
    let new = (0..<6_000).map { "new \($0)\n" }.joined()
    let diff = UnifiedDiff.make(old: old, new: new, oldLabel: "old", newLabel: "new")
    let lines = diff.split(separator: "\n")
    #expect(lines[2] == "@@ -1,6000 +1,6000 @@")
    #expect(lines.count == 3 + 12_000)
    #expect(lines[3] == "-old 0" && lines[6_003] == "+new 0")
  }

  /// Random edits of random texts: as small as GNU diff's, and patch(1) applies them.
  @Test(arguments: 0..<40)
  func hunksMatchGNUDiff(seed: Int) throws {
    var generator = SplitMix(seed: UInt64(seed))
    let words = ["a", "b", "c", "d", "}", "{", ""]
    let old = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
      words.randomElement(using: &generator)!
    }
    var new = old
    for _ in 0..<Int.random(in: 1...6, using: &generator) {
      let index = Int.random(in: 0...new.count, using: &generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: new.insert(words.randomElement(using: &generator)!, at: index)
      case 1 where index < new.count: new.remove(at: index)
      default: if index < new.count { new[index] = "changed" }
      }
    }
    let oldText = old.map { $0 + "\n" }.joined()
    let newText = new.map { $0 + "\n" }.joined()
    let ours = UnifiedDiff.make(old: oldText, new: newText, oldLabel: "old", newLabel: "new")
    let folder = try TemporaryFolder()
    let oldPath = try folder.write("old", oldText)
    let newPath = try folder.write("new", newText)
    let gnu = try run("/usr/bin/diff", ["-u", oldPath, newPath])
    // Different edit scripts of the same length are equally right; compare the size of the
    // change and that our diff, applied with patch(1), turns old into new.
    let changedLines = { (diff: String) in
      diff.split(separator: "\n").dropFirst(2).filter { $0.hasPrefix("+") || $0.hasPrefix("-") }
        .count
    }
    #expect(changedLines(ours) == changedLines(gnu), "seed \(seed)")
    try folder.write("ours.patch", ours)
    _ = try run("/usr/bin/patch", ["-s", oldPath, "\(folder.path)/ours.patch"])
    #expect(folder.read("old") == newText, "seed \(seed):\n\(ours)")
  }

  private func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
