import SwiftSyntax
import VeneerModel

/// What the comments directly above a declaration say: its documentation and its `veneer:`
/// annotations.
struct LeadingComments {
  /// A `veneer:` comment: the text after the marker, and where that text starts.
  struct Directive {
    var text: String
    var position: AbsolutePosition
  }

  static let marker = "veneer:"

  var documentation: String?
  /// Directives in the comment block that touches the declaration.
  var directives: [Directive] = []
  /// Directives separated from the declaration by a blank line, which apply to nothing.
  var detachedDirectives: [Directive] = []

  /// The comments in `node`'s leading trivia, read from `source`, the bytes parsed, by the
  /// rules of SwiftParser's `TriviaParser`: a line break is `\n`, `\r\n` or `\r`; a `//`
  /// comment runs to the end of its line and documents when it starts `///`; a `/*` comment
  /// runs to the `*/` that closes it, past those nested in it, and documents when it starts
  /// `/**` but not `/**/`; anything else (spaces, tabs) parts nothing. Read from the bytes
  /// rather than SwiftSyntax's trivia pieces, which allocate a string for every comment line.
  init(of node: some SyntaxProtocol, in source: [UInt8]) {
    let start = node.position.utf8Offset
    let end = node.positionAfterSkippingLeadingTrivia.utf8Offset
    var documentation: [UInt8] = []
    var documents = false
    var newlinesSinceComment = 0
    source.withUnsafeBufferPointer { bytes in
      func at(_ offset: Int, is byte: Unicode.Scalar) -> Bool {
        offset < end && bytes[offset] == UInt8(ascii: byte)
      }
      var index = start
      while index < end {
        let commentStart = index
        switch bytes[index] {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          index += at(index, is: "\r") && at(index + 1, is: "\n") ? 2 : 1
          newlinesSinceComment += 1
          if newlinesSinceComment >= 2 {
            // A blank line ends the block; what came before does not belong to the declaration.
            detachedDirectives += directives
            directives = []
            documentation = []
            documents = false
          }
          continue
        case UInt8(ascii: "/") where at(index + 1, is: "/"):
          index += 2
          while index < end, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r")
          {
            index += 1
          }
          newlinesSinceComment = 0
          let comment = UnsafeBufferPointer(rebasing: bytes[commentStart..<index])
          if let directive = Self.directive(in: comment, at: commentStart) {
            directives.append(directive)
          } else if at(commentStart + 2, is: "/") {
            if documents { documentation.append(UInt8(ascii: "\n")) }
            var text = comment.dropFirst(3)
            if text.first == UInt8(ascii: " ") { text = text.dropFirst() }
            documentation += text
            documents = true
          }
        case UInt8(ascii: "/") where at(index + 1, is: "*"):
          index = BlockComment.end(in: bytes[..<end], openingAt: index) ?? end
          newlinesSinceComment = 0
          let isDocumentation =
            at(commentStart + 2, is: "*") && commentStart + 3 < end
            && !at(commentStart + 3, is: "/")
          if isDocumentation {
            if documents { documentation.append(UInt8(ascii: "\n")) }
            let text = String(decoding: bytes[commentStart..<index], as: UTF8.self)
            documentation += Self.documentation(ofBlock: text).utf8
            documents = true
          }
        default:
          index += 1
        }
      }
    }
    self.documentation = documents ? String(decoding: documentation, as: UTF8.self) : nil
  }

  /// The `veneer:` directive of a `//` comment, if it is one.
  private static func directive(in comment: UnsafeBufferPointer<UInt8>, at offset: Int)
    -> Directive?
  {
    var index = 0
    while index < comment.count, comment[index] == UInt8(ascii: "/") { index += 1 }
    while index < comment.count,
      comment[index] == UInt8(ascii: " ") || comment[index] == UInt8(ascii: "\t")
    {
      index += 1
    }
    guard index >= 2, comment[index...].starts(with: Self.marker.utf8) else { return nil }
    index += Self.marker.utf8.count
    var end = comment.count
    while end > index,
      comment[end - 1] == UInt8(ascii: " ") || comment[end - 1] == UInt8(ascii: "\t")
    {
      end -= 1
    }
    return Directive(
      text: String(decoding: comment[index..<end], as: UTF8.self),
      position: AbsolutePosition(utf8Offset: offset + index))
  }

  /// A `/** … */` comment's documentation: its lines without their margin and leading `*`,
  /// and without the blank lines at either end.
  static func documentation(ofBlock text: String) -> String {
    let body = text.dropFirst(3).dropLast(2)
    return body.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in
        var line = line.drop { $0 == " " || $0 == "\t" }
        if line.first == "*" { line = line.dropFirst() }
        if line.first == " " { line = line.dropFirst() }
        return String(line)
      }
      .drop { $0.isEmpty }
      .reversed().drop { $0.isEmpty }.reversed()
      .joined(separator: "\n")
  }
}
