import SwiftParser
import SwiftSyntax
import Testing
import VeneerSupport

@testable import VeneerParser

/// The comments above a declaration, read from the parsed bytes, are those SwiftSyntax's trivia
/// pieces give.
@Suite("Leading comments")
struct LeadingCommentsTests {
  /// What the comments say by SwiftSyntax's pieces: the reading before the bytes were read
  /// directly, kept as the reference.
  struct Reference: Equatable {
    var documentation: String?
    var directives: [String] = []
    var detachedDirectives: [String] = []

    init(documentation: String?, directives: [String], detachedDirectives: [String]) {
      self.documentation = documentation
      self.directives = directives
      self.detachedDirectives = detachedDirectives
    }

    init(_ comments: LeadingComments) {
      self.init(
        documentation: comments.documentation,
        directives: comments.directives.map { "\($0.position.utf8Offset):\($0.text)" },
        detachedDirectives: comments.detachedDirectives.map {
          "\($0.position.utf8Offset):\($0.text)"
        })
    }

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
            detachedDirectives += directives
            directives = []
            documentationLines = []
          }
        case .lineComment(let text), .docLineComment(let text):
          newlinesSinceComment = 0
          if let directive = Self.directive(in: text, at: position.utf8Offset) {
            directives.append(directive)
          } else if case .docLineComment = piece {
            var line = text.dropFirst(3)
            if line.first == " " { line = line.dropFirst() }
            documentationLines.append(String(line))
          }
        case .docBlockComment(let text):
          newlinesSinceComment = 0
          // The text of a block, once found, is cleaned up alike.
          documentationLines.append(LeadingComments.documentation(ofBlock: text))
        case .blockComment:
          newlinesSinceComment = 0
        default:
          break
        }
      }
      documentation = documentationLines.isEmpty ? nil : documentationLines.joined(separator: "\n")
    }

    static func directive(in comment: String, at position: Int) -> String? {
      let utf8 = Array(comment.utf8)
      var index = 0
      while index < utf8.count, utf8[index] == UInt8(ascii: "/") { index += 1 }
      while index < utf8.count,
        utf8[index] == UInt8(ascii: " ") || utf8[index] == UInt8(ascii: "\t")
      {
        index += 1
      }
      let marker = Array("veneer:".utf8)
      guard index >= 2, utf8[index...].starts(with: marker) else { return nil }
      index += marker.count
      var end = utf8.count
      while end > index, utf8[end - 1] == UInt8(ascii: " ") || utf8[end - 1] == UInt8(ascii: "\t") {
        end -= 1
      }
      return "\(position + index):\(String(decoding: utf8[index..<end], as: UTF8.self))"
    }
  }

  /// Every declaration of `source` read both ways.
  func readings(_ source: String) -> [(bytes: Reference, pieces: Reference)] {
    let bytes = Array(source.utf8)
    let tree = Parser.parse(source: source)
    let declarations = tree.statements.compactMap { $0.item.as(ProtocolDeclSyntax.self) }
      .flatMap { [DeclSyntax($0)] + $0.memberBlock.members.map(\.decl) }
    return declarations.map {
      (Reference(LeadingComments(of: $0, in: bytes)), Reference(of: $0))
    }
  }

  @Test func documentationAndDirectivesOfEachKindOfComment() throws {
    let source = """
      // veneer: detached

      /// Loads.
      ///   Indented.
      //// Four slashes.
      // veneer: logging\u{20}\u{20}
      /** A block,
       * of two lines. */
      /**/
      /*/ not closed by its own slash */
      /* outer /* nested */ still outer */
      protocol Loader {}
      """
    func offset(of text: String) throws -> Int {
      source.utf8.distance(
        from: source.startIndex, to: try #require(source.range(of: text)).lowerBound)
    }
    let read = readings(source)
    #expect(read.count == 1)
    #expect(read.first?.bytes == read.first?.pieces)
    #expect(
      read.first?.bytes
        == Reference(
          documentation: "Loads.\n  Indented.\n/ Four slashes.\nA block,\nof two lines. ",
          directives: ["\(try offset(of: " logging")): logging"],
          detachedDirectives: ["\(try offset(of: " detached")): detached"]))
  }

  /// Random runs of line breaks (all three kinds), spaces, comments of every kind and
  /// fragments of them, before declarations: both readings agree on each.
  @Test func randomTriviaIsReadAsSwiftSyntaxReadsIt() {
    let fragments = [
      "\n", "\r\n", "\r", " ", "\t", "\n\n", "// veneer: cache ttl=5", "//veneer:skip", "/// doc",
      "///", "////", "//", "// plain", "/**/", "/** block */", "/**\n * two\n */", "/* plain */",
      "/* a /* nested */ b */", "/*/ odd */", "/***/", "/** unclosed", "/* /* */", "*/", "/",
      "é", "#", "\\",
    ]
    var random = SplitMix(seed: 29)
    var compared = 0
    for _ in 0..<400 {
      var source = "protocol P {\n"
      for index in 0..<4 {
        for _ in 0..<Int.random(in: 0...6, using: &random) {
          source += fragments.randomElement(using: &random)!
        }
        source += "\n  func f\(index)()\n"
      }
      source += "}\n"
      for reading in readings(source) {
        #expect(reading.bytes == reading.pieces, "\(source)")
        compared += 1
      }
    }
    #expect(compared >= 2000)
  }
}
