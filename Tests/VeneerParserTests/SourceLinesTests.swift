import SwiftParser
import SwiftSyntax
import Testing

@testable import VeneerParser

/// Lines found in the bytes give every position the line and column SwiftSyntax gives it.
@Suite("Source lines")
struct SourceLinesTests {
  static let sources = [
    "",
    "\n",
    "protocol P {}",
    "\n\n/// A doc comment.\nprotocol P {\n  func f(é: Int) -> String\n}\n",
    "protocol P {\n  var text: String { get }\n}\n\n\n#if os(Linux)\nimport Glibc\n#endif",
    "let s = \"\"\"\n  two\n  lines\n  \"\"\"\n/* a\nblock */ protocol Q {}\n",
    // Carriage returns, alone and before a newline, are line breaks to Swift too.
    "protocol P {\r\n  func f()\r\n}\r\n",
    "protocol P {\r  func f()\r}\r",
  ]

  @Test(arguments: sources)
  func everyPositionHasTheConvertersLineAndColumn(_ source: String) {
    let bytes = Array(source.utf8)
    let tree = Parser.parse(source: source)
    let lines = SourceLines(bytes, tree: tree, file: "File.swift")
    let converter = SourceLocationConverter(fileName: "File.swift", tree: tree)
    for offset in 0...bytes.count {
      let position = AbsolutePosition(utf8Offset: offset)
      let expected = converter.location(for: position)
      let found = lines.location(of: position)
      #expect(found.line == expected.line, "line at offset \(offset) of \(source.debugDescription)")
      #expect(
        found.column == expected.column, "column at offset \(offset) of \(source.debugDescription)")
    }
  }

  @Test func onlyFilesWithCarriageReturnsWalkTheTree() {
    let plain = SourceLines(Array("a\nb".utf8), tree: Parser.parse(source: "a\nb"), file: "A")
    let windows = SourceLines(
      Array("a\r\nb".utf8), tree: Parser.parse(source: "a\r\nb"), file: "A")
    guard case .lineStarts(let starts) = plain else {
      Issue.record("a file without carriage returns uses its newlines")
      return
    }
    #expect(starts == [2])
    guard case .converter = windows else {
      Issue.record("a file with carriage returns uses SwiftSyntax's converter")
      return
    }
  }
}
