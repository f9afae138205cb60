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
    let input = """
      struct S {
      let a = "\(padding){([\\(b)" + c(\(padding)) {
      next
      }
      let `\(padding)(` = d // \(padding){
      after
      }
      """
    let expected = """
      struct S {
        let a = "\(padding){([\\(b)" + c(\(padding)) {
          next
        }
        let `\(padding)(` = d // \(padding){
        after
      }

      """
    #expect(format(input) == expected)
  }

  /// The last lines of the input have fewer than 16 bytes after them to test at once.
  @Test(arguments: paddings)
  func scansTheEndOfTheInput(padding: String) {
    let input = "enum E {\ncase a(\"\(padding)(\") {\n}\n}"
    let expected = "enum E {\n  case a(\"\(padding)(\") {\n  }\n}\n"
    #expect(format(input) == expected)
  }

  @Test(arguments: paddings)
  func closesLevelsWithLeadingClosers(padding: String) {
    let input = "f(\n[\ny\(padding)\n]) + [\nz\n]\ng()"
    let expected = "f(\n  [\n    y\(padding)\n]) + [\n  z\n]\ng()\n"
    #expect(format(input) == expected)
  }

  private func format(_ text: String) -> String {
    Array(text.utf8).withUnsafeBufferPointer(SwiftLayout.format)
  }
}
