import Testing

@testable import VeneerRenderer

/// Layout indents by the brackets a line leaves open, ignoring those in string literals,
/// identifiers in backticks and comments, wherever they fall among the bytes it tests at once.
@Suite("Swift layout")
struct SwiftLayoutTests {
  /// Text of every length up to past two of layout's 16-byte chunks, so that each bracket,
  /// quote and comment below lands at every position in a chunk and across chunk boundaries;
  /// the lines stay short enough not to be wrapped.
  static let paddings = (0...36).map { String(repeating: "x", count: $0) }

  @Test(arguments: paddings)
  func opensOnlyTheBracketsOutsideStringsAndComments(padding: String) {
    expectLayout([
      (0, "struct S {"),
      (1, #"let a = "\#(padding){([\(b)" + c(\#(padding)) {"#),
      (2, "next"),
      (1, "}"),
      (1, "let `\(padding)(` = d // \(padding){"),
      (1, "after"),
      (0, "}"),
    ])
  }

  /// The last lines of the input have fewer than 16 bytes after them to test at once.
  @Test(arguments: paddings)
  func scansTheEndOfTheInput(padding: String) {
    expectLayout([(0, "enum E {"), (1, "case a(\"\(padding)(\") {"), (1, "}"), (0, "}")])
  }

  @Test(arguments: paddings)
  func closesLevelsWithLeadingClosers(padding: String) {
    expectLayout([
      (0, "f("), (1, "["), (2, "y\(padding)"), (0, "]) + ["), (1, "z"), (0, "]"), (0, "g()"),
    ])
  }

  /// Lays out `lines` given without indentation, and expects each at its level.
  private func expectLayout(
    _ lines: [(level: Int, text: String)], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let input = lines.map(\.text).joined(separator: "\n")
    let expected = lines.map { String(repeating: "  ", count: $0.level) + $0.text + "\n" }.joined()
    let output = Array(input.utf8).withUnsafeBufferPointer(SwiftLayout.format)
    #expect(output == expected, sourceLocation: sourceLocation)
  }
}
