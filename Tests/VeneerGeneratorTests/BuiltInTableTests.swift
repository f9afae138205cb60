import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerRenderer

@Suite("The table of built-ins in the README and BuiltIns.md, written from the descriptors")
struct BuiltInTableTests {
  @Test(arguments: BuiltInTable.paths)
  func theTableIsCurrent(path: String) throws {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    let current = try #require(BuiltInTable.updating(text), "\(path) has lost its table's marks")
    if let difference = checkedInDifference(
      path, onDisk: text, expected: current, regenerate: "bash Scripts/regenerate")
    {
      Issue.record(Comment(rawValue: difference))
    }
  }

  /// A row a built-in, in registration order: what it does, asked for by the annotation that
  /// names it, with `--all` where `--all` gives it and "only" where only a name asks for it.
  @Test func eachBuiltInHasItsRow() {
    let rows = BuiltInTable.markdown.split(separator: "\n").dropFirst(2)
      .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
    #expect(rows.map { $0.first ?? "" } == BuiltInDecorators.all.map(\.name))
    for (row, builtIn) in zip(rows, BuiltInDecorators.all) {
      #expect(row.count == 4 && row[1] == builtIn.summary, "\(builtIn.name): \(row)")
      let askedFor = row.count == 4 ? row[2] : ""
      let key = builtIn.annotations.keys.first { $0.lowercased() == builtIn.typedName } ?? ""
      #expect(askedFor.hasPrefix("`\(key)`"), "\(builtIn.name): \(askedFor)")
      #expect(askedFor.contains("`--all`") == !builtIn.isOptIn, "\(builtIn.name): \(askedFor)")
      #expect(askedFor.hasSuffix(" only") == builtIn.isOptIn, "\(builtIn.name): \(askedFor)")
    }
  }
}
