import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerSupport

@Suite("Bad input gives located diagnostics, never a crash")
struct DiagnosticsTests {
  @Test func syntaxErrorIsLocatedAndOtherFilesStillParse() throws {
    try withTemporaryDirectory { directory in
      try directory.write("protocol Broken {\n  func a(\n}\n", to: "Broken.swift")
      try directory.write("protocol Fine {\n  func b()\n}\n", to: "Fine.swift")
      let catalog = ProtocolParser.withBuiltIns.parseCatalog(paths: [directory.path])
      #expect(catalog.protocols.map(\.name) == ["Fine"])
      #expect(catalog.hasErrors)
      let error = try #require(catalog.diagnostics.first)
      #expect(
        error.description
          == "\(directory.path)/Broken.swift:2:10: error: expected ')' to end parameter clause")
    }
  }

  @Test func protocolsBesideASyntaxErrorInTheSameFileAreKept() {
    let parsed = parse(
      "protocol Good { func a() }\nlet x = = 1\nprotocol AlsoGood { var b: Int { get } }\n")
    #expect(parsed.protocols.map(\.name) == ["Good", "AlsoGood"])
    #expect(!parsed.diagnostics.isEmpty)
    #expect(parsed.diagnostics.allSatisfy { $0.severity == .error && $0.location?.line == 2 })
  }

  /// SwiftParser accepts `func <T>()` as a function with an empty name; the compiler does not.
  @Test func aFunctionWithoutANameIsAnError() {
    let parsed = parse(
      "protocol Nameless {\n  #if DEBUG\n  func <T>(_ value: T)\n  #endif\n}\nprotocol Named { func a() }\n"
    )
    #expect(parsed.protocols.map(\.name) == ["Named"])
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Input.swift:3:8: error: expected a name after 'func'"
      ])
  }

  @Test func emptyFile() {
    let parsed = parse("")
    #expect(parsed.protocols == [] && parsed.diagnostics == [])
  }

  @Test func invalidUTF8IsReportedWhereItStarts() {
    let bytes = Array("protocol P {}\n// caf".utf8) + [0xE9] + Array("\n".utf8)
    let parsed = ProtocolParser.withBuiltIns.parse(contents: bytes, file: "Latin1.swift")
    #expect(parsed.protocols == [])
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Latin1.swift:2:7: error: file is not valid UTF-8 (byte 0xE9)"
      ])
  }

  /// The scan hands SwiftParser only the declarations; a bad byte in a function body, outside
  /// every protocol, is still found, as the README says.
  @Test func invalidUTF8OutsideTheDeclarationsIsReportedToo() {
    let bytes =
      Array("protocol P { func a() }\nfunc body() {\n  let x = \"caf".utf8) + [0xE9]
      + Array("\"\n}\n".utf8)
    let parsed = ProtocolParser.withBuiltIns.parseFile("Latin1.swift", contents: bytes)
    #expect(parsed.protocols == [])
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Latin1.swift:3:15: error: file is not valid UTF-8 (byte 0xE9)"
      ])
  }

  @Test func randomBytesNeverCrash() {
    var generator = SplitMix(seed: 42)
    for length in [7, 100, 4096] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let parsed = ProtocolParser.withBuiltIns.parse(contents: bytes, file: "Random.swift")
      #expect(parsed.protocols.isEmpty)
      #expect(parsed.diagnostics.contains { $0.severity == .error })
      #expect(parsed.diagnostics.allSatisfy { $0.location != nil })
    }
    // Random bytes that are valid UTF-8 reach SwiftParser itself.
    let letters = Array("protocol{}()[]<>:;,.=->@#\"'abc \n".utf8)
    for length in [10, 1000] {
      let bytes = (0..<length).map { _ in letters.randomElement(using: &generator)! }
      let parsed = ProtocolParser.withBuiltIns.parse(contents: bytes, file: "Letters.swift")
      #expect(parsed.diagnostics.allSatisfy { $0.location != nil })
    }
  }

  @Test func nulBytesAreSkippedLikeTheCompilerSkipsThem() {
    let bytes = Array("protocol P {}\n".utf8) + [0, 0, 0] + Array("\nprotocol Q {}\n".utf8)
    let parsed = ProtocolParser.withBuiltIns.parse(contents: bytes, file: "Nul.swift")
    #expect(parsed.protocols.map(\.name) == ["P", "Q"])
    #expect(parsed.protocols.map(\.location.line) == [1, 3])
  }

  /// Refused before SwiftParser, which reaches its own limit only after seconds of recovery.
  @Test func deeplyNestedBracesHitTheNestingLimitWithALocatedError() {
    let source =
      "protocol P { func f() }\nfunc g() {" + String(repeating: "{", count: 2_000)
      + String(repeating: "}", count: 2_000) + "}\n"
    let parsed = parse(source)
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Input.swift:2:266: error: brackets, parentheses and braces nested more than 256 levels "
          + "deep; Veneer does not parse this file"
      ])
  }

  /// The chains SwiftParser recurses on without counting (generic arguments, arrows) or that
  /// later stages walk (`?`, `.B`), each shape at lengths around its limit and far past it:
  /// refused exactly past the limit, at the piece too many.
  @Test(arguments: [
    // A requirement's text before the pieces, a piece, the text after them (`{n}`: closers),
    // how many pieces fit, and where in the piece the one too many is seen.
    ("func f() -> Int", "?", "", 64, 0), ("func f() -> Int", "!", "", 64, 0),
    ("func f() -> A", ".B", "", 64, 0), ("func f() -> A", "<B>.C", "", 64, 3),
    ("func f() -> ", "Array<", "Int{n}", 64, 5), ("var f: ", "(Int) -> ", "Int { get }", 64, 7),
    // SwiftParser's recovery from a run of words took time with its square.
    // The 64 words that fit are the pieces and one more (`P`, `Int`).
    ("func f(_ x: ", "some ", "P)", 63, 5), ("func f(_ x: Int", " async", ")", 63, 1),
    // Two levels are open already: the protocol's brace, and the parameter list.
    ("func f(_ x: ", "(", "Int{n})", 254, 0),
  ])
  func everyTypeChainIsBoundedAtItsLimit(
    head: String, piece: String, tail: String, fitting: Int, triggerInPiece: Int
  ) {
    let closer = piece == "Array<" ? ">" : ")"
    for count in [fitting - 1, fitting, fitting + 1, 5_000, 60_000] {
      let source =
        "protocol P {\n  " + head + String(repeating: piece, count: count)
        + tail.replacingOccurrences(of: "{n}", with: String(repeating: closer, count: count))
        + "\n}\n"
      let parsed = parse(source)
      let error = parsed.diagnostics.first { $0.severity == .error }
      if count <= fitting, piece == "some " || piece == " async" {
        // Invalid Swift at any length past one, but SwiftParser's to say so.
        #expect(error?.message.hasSuffix("Veneer does not parse this file") == false)
      } else if count <= fitting {
        #expect(error == nil, "\(piece) × \(count): \(parsed.diagnostics)")
        #expect(parsed.protocols.map(\.name) == ["P"])
      } else {
        let column = 3 + head.utf8.count + fitting * piece.utf8.count + triggerInPiece
        #expect(error?.location == SourceLocation(file: "Input.swift", line: 2, column: column))
        #expect(
          error?.message.hasSuffix("; Veneer does not parse this file") == true,
          "\(piece) × \(count): \(parsed.diagnostics)")
      }
    }
  }

  /// A word on each of thousands of lines took SwiftParser's recovery minutes; declarations
  /// on lines of their own (`case a`, `import B`) start the count again.
  @Test func wordsInARowAcrossLinesAreBounded() {
    let parsed = parse(
      "protocol P {\n  func f(_ x: Int" + String(repeating: "\n  async", count: 4_000) + ")\n}\n")
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Input.swift:66:3: error: more than 64 words in a row, with nothing but white space "
          + "between; Veneer does not parse this file"
      ])
    let cases = parse(
      "import A\n" + (0..<300).map { "import M\($0)\n" }.joined() + "enum E {\n"
        + (0..<300).map { "  case c\($0)\n" }.joined() + "}\nprotocol P {}\n")
    #expect(cases.diagnostics == [])
    #expect(cases.protocols.map(\.name) == ["P"])
  }

  /// Thousands of missing pieces (found by the shape fuzzer: a line of commas) made
  /// SwiftParserDiagnostics take half a minute: past 100, one error at the first.
  @Test func thousandsOfMissingPiecesGiveOneErrorAtTheFirst() {
    let parsed = parse(
      "protocol P {\n  var g: " + String(repeating: ", ", count: 4_000) + " { get }\n}\n")
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Input.swift:2:10: error: 4001 places where code is missing, the first here; "
          + "SwiftParser's messages are given for at most 100"
      ])
  }

  /// SwiftParser's lookahead recursed once per level and overflowed the stack (found by the
  /// front-end fuzzer with 3,000 levels).
  @Test func thousandsOfNestedConditionalsAreRefusedBeforeTheParserRecurses() throws {
    let source =
      "protocol P {}\n" + String(repeating: "#if X\n", count: 20_000) + "protocol Q {}\n"
      + String(repeating: "#endif\n", count: 20_000)
    let parsed = parse(source)
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Input.swift:258:1: error: #if nested more than 256 levels deep; Veneer does not parse "
          + "this file"
      ])
  }

  /// One bracket or `#if` past the limit is refused, at the limit is parsed: the guards count
  /// a text's openings before scanning it, and a text with no more than the limit is not
  /// scanned at all.
  @Test(arguments: [16, 17])
  func nestingIsRefusedJustPastTheLimit(depth: Int) {
    let brackets = parse(
      "protocol P {}\nlet x = " + String(repeating: "[", count: depth) + "1"
        + String(repeating: "]", count: depth) + "\n")
    // The limits: 16 brackets, 256 `#if`s.
    #expect(brackets.diagnostics.isEmpty == (depth <= 16))
    let conditionalDepth = 256 + depth - 16
    let conditionals = parse(
      "protocol P {}\n" + String(repeating: "#if X\n", count: conditionalDepth)
        + String(repeating: "#endif\n", count: conditionalDepth))
    #expect(conditionals.diagnostics.isEmpty == (conditionalDepth <= 256))
  }

  @Test func deeplyNestedArrayLiteralsAreRefusedBeforeTheParserBacktracks() throws {
    let source =
      "protocol P {}\nlet x = " + String(repeating: "[", count: 40) + "1"
      + String(repeating: "]", count: 40) + "\n"
    let parsed = parse(source)
    let error = try #require(parsed.diagnostics.first)
    #expect(
      error.description.hasPrefix("Input.swift:2:25: error: square brackets nested more than 16"))
    // Wide or shallow literals, and brackets in strings and comments, are fine.
    let fine = parse(
      "protocol P {}\nlet a = " + String(repeating: "[1, ", count: 100)
        + String(repeating: "]", count: 100)
        + "\nlet s = \"" + String(repeating: "[", count: 40) + "\"\n// "
        + String(repeating: "[", count: 40)
        + "\nlet t = \"\\(" + String(repeating: "[", count: 3) + "1"
        + String(repeating: "]", count: 3) + ")\"\n")
    #expect(fine.diagnostics == [])
    #expect(fine.protocols.map(\.name) == ["P"])
  }

  @Test func largeFileParses() {
    let comment =
      "/*" + String(repeating: "padding padding padding padding padding\n", count: 250_000) + "*/\n"
    let source = comment + "protocol AfterTenMegabytes { func x() }\n"
    #expect(source.utf8.count > 10_000_000)
    let parsed = parse(source)
    #expect(parsed.diagnostics == [])
    #expect(parsed.protocols.first?.location.line == 250_002)
  }

  @Test func missingPathIsAnError() {
    let catalog = ProtocolParser.withBuiltIns.parseCatalog(paths: ["/no/such/place"])
    #expect(
      catalog.diagnostics.map(\.description) == ["/no/such/place: error: no such file or directory"]
    )
  }

  @Test func discoveryRecursesSkipsHiddenAndGeneratedFilesAndSearchesSwiftNamedDirectories() throws
  {
    try withTemporaryDirectory { directory in
      try directory.write("protocol InSwiftNamedDirectory {}", to: "Odd.swift/Inner.swift")
      try directory.write("protocol Deep {}", to: "a/b/c/Deep.swift")
      try directory.write("protocol Hidden {}", to: ".hidden/Hidden.swift")
      try directory.write("protocol Built {}", to: ".build/debug/Built.swift")
      try directory.write("protocol NotSwift {}", to: "notes.txt")
      try directory.write(GeneratedFile.header + "\nprotocol Generated {}", to: "Generated.swift")
      let catalog = ProtocolParser.withBuiltIns.parseCatalog(paths: [directory.path + "/"])
      #expect(catalog.protocols.map(\.name) == ["InSwiftNamedDirectory", "Deep"])
      #expect(catalog.diagnostics == [])
    }
  }

  @Test func outputOrderIsIndependentOfThreadTiming() throws {
    try withTemporaryDirectory { directory in
      for index in 0..<40 {
        try directory.write("protocol P\(index) { func f\(index)() }", to: "File\(index).swift")
      }
      let first = ProtocolParser.withBuiltIns.parseCatalog(paths: [directory.path])
      for _ in 0..<5 {
        #expect(ProtocolParser.withBuiltIns.parseCatalog(paths: [directory.path]) == first)
      }
      let filesInOrder = (0..<40).map { "File\($0).swift" }.sorted()
      #expect(first.protocols.map(\.name) == filesInOrder.map { "P" + $0.dropFirst(4).dropLast(6) })
    }
  }

  @Test func unsupportedDeclarationsInAProtocolAreWarnings() {
    let parsed = parse(
      """
      protocol P {
        struct Nested {}
        var noAccessors: Int
        let constant: Int
        typealias Alias = Int
        func kept()
      }
      """)
    #expect(parsed.protocols.first?.requirements.map(\.name) == ["kept"])
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Input.swift:2:3: warning: a protocol cannot require 'struct'; Veneer ignores it",
        "Input.swift:3:7: warning: property requirement 'noAccessors' must be a 'var' with '{ get }' or '{ get set }'; Veneer ignores it",
        "Input.swift:4:7: warning: property requirement 'constant' must be a 'var' with '{ get }' or '{ get set }'; Veneer ignores it",
      ])
  }

  /// An `#if`/`#elseif` chain of K clauses costs time linear in K: a declaration's condition
  /// negates each earlier clause, so a clause more than 64 down its chain is refused with an
  /// error there, where 1,500 clauses once took minutes and a gigabyte.
  @Test func aLongElseIfChainIsRefusedInLinearTime() throws {
    let long = try #require(returning(within: 20) { parse(Self.chain(1_500, inProtocol: true)) })
    #expect(long.protocols.isEmpty)
    #expect(
      long.diagnostics.map(\.description) == [
        "Input.swift:132:1: error: this #elseif or #else follows more than 64 clauses of its #if: "
          + "a declaration inside it would carry the negation of each of them, in every "
          + "decorator; split the chain into #if blocks of their own"
      ])
    // At the top level, a clause's condition is spelt out only for a declaration Veneer keeps.
    let imports = try #require(
      returning(within: 20) { parse(Self.chain(1_500, inProtocol: false)) })
    #expect(imports.diagnostics.count == 1_500 - 65)
    // Up to the bound, every clause's condition is spelt out.
    let short = parse(Self.chain(65, inProtocol: true))
    #expect(short.diagnostics.isEmpty)
    #expect(short.protocols.first?.requirements.count == 65)
    #expect(
      short.protocols.first?.requirements.last?.conditions.first?.hasSuffix("&& FLAG_64") == true)
  }

  /// An `#if` with `count` clauses, a requirement in each inside a protocol, or an import in each
  /// at the top level before one.
  static func chain(_ count: Int, inProtocol: Bool) -> String {
    var lines = inProtocol ? ["public protocol Chained {"] : []
    for index in 0..<count {
      lines.append((index == 0 ? "#if" : "#elseif") + " FLAG_\(index)")
      lines.append(inProtocol ? "  func f\(index)() -> Int" : "import Module\(index)")
    }
    lines.append("#endif")
    lines.append(inProtocol ? "}" : "public protocol After {}")
    return lines.joined(separator: "\n") + "\n"
  }
}
