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

  init(of node: some SyntaxProtocol) {
    var position = node.position
    var documentationLines: [String] = []
    var newlinesSinceComment = 0
    for piece in node.leadingTrivia {
      defer { position += piece.sourceLength }
      switch piece {
      case .newlines(let count), .carriageReturns(let count), .carriageReturnLineFeeds(let count):
        newlinesSinceComment += count
        if newlinesSinceComment >= 2 {
          // A blank line ends the block; what came before does not belong to the declaration.
          detachedDirectives += directives
          directives = []
          documentationLines = []
        }
      case .lineComment(let text), .docLineComment(let text):
        newlinesSinceComment = 0
        if let directive = Self.directive(in: text, at: position) {
          directives.append(directive)
        } else if case .docLineComment = piece {
          documentationLines.append(Self.stripping("///", from: text))
        }
      case .docBlockComment(let text):
        newlinesSinceComment = 0
        documentationLines.append(Self.documentation(ofBlock: text))
      case .blockComment:
        newlinesSinceComment = 0
      default:
        break
      }
    }
    documentation = documentationLines.isEmpty ? nil : documentationLines.joined(separator: "\n")
  }

  private static func directive(in comment: String, at position: AbsolutePosition) -> Directive? {
    let utf8 = Array(comment.utf8)
    var index = 0
    while index < utf8.count, utf8[index] == UInt8(ascii: "/") { index += 1 }
    while index < utf8.count, utf8[index] == UInt8(ascii: " ") || utf8[index] == UInt8(ascii: "\t")
    {
      index += 1
    }
    let marker = Array(Self.marker.utf8)
    guard index >= 2, utf8[index...].starts(with: marker) else { return nil }
    index += marker.count
    var end = utf8.count
    while end > index, utf8[end - 1] == UInt8(ascii: " ") || utf8[end - 1] == UInt8(ascii: "\t") {
      end -= 1
    }
    return Directive(
      text: String(decoding: utf8[index..<end], as: UTF8.self),
      position: position.advanced(by: index))
  }

  private static func stripping(_ prefix: String, from line: String) -> String {
    var text = line.dropFirst(prefix.count)
    if text.first == " " { text = text.dropFirst() }
    return String(text)
  }

  private static func documentation(ofBlock text: String) -> String {
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
