import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerModel
import VeneerRenderer
import VeneerSupport

@testable import VeneerParser

/// Parsing only what a scan finds gives the model a full parse gives.
@Suite("Scanning for declarations before parsing")
struct DeclarationScannerTests {
  /// Real Swift: the packages Veneer builds with (swift-syntax, swift-argument-parser, Yams,
  /// Stencil, swift-log …, checked out by SwiftPM beside the build), the fixture catalog and
  /// the examples.
  static let realFiles: [String] = {
    let roots = [".build/checkouts", "Tests/FixtureCatalog", "Examples"].map {
      repositoryRoot.appendingPathComponent($0).path
    }
    return SourceDiscovery.swiftFiles(at: roots).files
  }()

  @Test func scanGivesTheModelOfAFullParseOverRealCode() throws {
    // A protocol is declared with its keyword: files without it have nothing to compare.
    let candidates = Self.realFiles.compactMap { file in
      FileBytes.read(file).flatMap {
        DeclarationScanner.mayDeclareProtocolOrAlias($0) ? (file, $0) : nil
      }
    }
    let parser = ProtocolParser.withBuiltIns
    let results = Parallel.map(candidates) { file, bytes in
      (
        file: file, full: parser.parse(contents: bytes, file: file),
        fast: parser.parseDeclarations(contents: bytes, file: file),
        isFallback: DeclarationScanner.scan(bytes) == .needsFullParse
      )
    }
    for result in results {
      #expect(result.fast.protocols == result.full.protocols, "\(result.file)")
      #expect(result.fast.aliases == result.full.aliases, "\(result.file)")
      if !result.full.diagnostics.contains(where: { $0.severity == .error }) {
        #expect(result.fast.diagnostics == result.full.diagnostics, "\(result.file)")
      }
    }
    #expect(candidates.count > 200)
    #expect(results.reduce(0) { $0 + $1.full.protocols.count } > 150)
    // The fast route is the usual one, not the fallback.
    let fallbacks = results.filter(\.isFallback).map(\.file)
    #expect(fallbacks.count * 20 < candidates.count, "\(fallbacks)")
  }

  /// Each case: a file, and whether the scan vouches for it.
  static let cases: [(source: String, scans: Bool)] = [
    (
      """
      #if compiler(>=6.2)
        public typealias Metatype = SendableMetatype  // for Swift 6.2
      #else
        public typealias Metatype = Any
      #endif
      /// Both.
      typealias Storage = Reader & Swift.Sendable
      typealias Handler = (Int) -> Void
      typealias Boxed<T> = Box<T>
      struct S { typealias Inner = Reader }
      """, true
    ),
    ("typealias Split = Reader\n  & Writer\nprotocol P: Split {}", false),
    ("typealias Open = Reader &\n  Writer", false),
    ("typealias Member = Outer\n  .Inner", false),
    (
      """
      import Foundation
      @testable import Other
      public import struct Shapes.Square
      let text = "a protocol { in a string"
      let raw = #"protocol "quoted" { \\(not interpolated)"#
      let multi = \"\"\"
        protocol Fake { \\("nested \\("deeper" + "}")") }
        \"\"\"
      /* protocol /* nested */ Fake { */
      let regex = /protocol\\{/
      let extended = #/ protocol } /#

      /// Loads things.
      // veneer: logging
      @available(macOS 13, *) @MainActor
      public protocol Loader: Sendable {
        func load(_ text: String) async throws -> String
      }
      """, true
    ),
    (
      """
      #if os(Linux)
      import Glibc
      #elseif canImport(Darwin)
      import Darwin
      #else
      #error("unsupported")
      #endif
      struct Helper { func f() -> Int { [1, 2].map { $0 / 2 }.count } }

      // veneer: caching

      /// Detached above; this one counts.
      #if DEBUG
      // veneer: logging
      protocol Debugging { var name: String { get } }
      #else
      protocol Debugging {}
      #endif
      enum E { case a } ; protocol SameLine { func f() }
      """, true
    ),
    // Found by the fuzz test: directives inside a protocol's header once made the scan keep
    // overlapping regions, and crash.
    ("public protocol Service<Input,\n#if X\n#if X\n Output>: Sendable {\n  func f()\n}\n", true),
    // Inside braces the scan skips to bytes that may matter, and reads what the skipped tokens
    // left from the byte before: a `/` after an operand divides, elsewhere it may open a regex;
    // after a `.`, `protocol` is a member; inside a name it is nothing.
    (
      """
      func body(a: Int, b: Int) -> Int {
        let half = a / 2 /* } */ / b
        let parts = [a, b].map { ($0 / 2) }
        let regex = (/\\}/)
        let member = Kind.protocol
        let named = myprotocolHandler + protocols + `protocol`
        let raw = #"}"# + "\\(a)}"
        // }
        return half + parts.count
      }
      protocol AfterBodies { func f() }
      """, true
    ),
    ("func f() {\n  let x = 1\n  protocol Local {}\n}\nprotocol P {}\n", false),
    ("struct Outer {\n  protocol Nested { func f() }\n}\n", false),
    ("let unterminated = \"protocol\nprotocol P {}\n", false),
    ("protocol Open {\n  func f()\n", false),
  ]

  @Test(arguments: cases.indices)
  func scannedFileGivesTheModelOfAFullParse(index: Int) {
    let (source, scans) = Self.cases[index]
    let bytes = Array(source.utf8)
    let scan = DeclarationScanner.scan(bytes)
    if case .skeleton(let skeleton) = scan {
      #expect(
        skeleton.count(where: { $0 == UInt8(ascii: "\n") })
          == bytes.count(where: { $0 == UInt8(ascii: "\n") }))
    }
    #expect((scan != .needsFullParse) == scans)
    let parser = ProtocolParser.withBuiltIns
    let full = parser.parse(contents: bytes, file: "Case.swift")
    let fast = parser.parseDeclarations(contents: bytes, file: "Case.swift")
    #expect(fast == full)
  }

  @Test func protocolInABodyIsFoundAtEveryOffset() {
    // Inside braces the scan looks sixteen bytes at a time, where a `p` stops it only before an
    // `l` seven bytes on, and byte by byte in the last bytes: `protocol` at every offset of both,
    // and words that only look like it.
    for offset in 0..<48 {
      let filler = String(repeating: "x", count: offset)
      for tail in ["", "\n" + String(repeating: " ", count: 30)] {
        func scan(_ word: String) -> DeclarationScanner.Outcome {
          DeclarationScanner.scan(Array("func f() { let \(filler) = 1; \(word) P {} }\(tail)".utf8))
        }
        #expect(scan("protocol") == .needsFullParse, "offset \(offset)")
        for lookalike in [
          ".protocol", "xprotocol", "protocols", "pprotocol", "protoco", "p      l",
        ] {
          #expect(scan(lookalike) == .noProtocols, "\(lookalike) at offset \(offset)")
        }
      }
    }
  }

  @Test func filesWithoutTheKeywordAreNotScanned() {
    #expect(
      !DeclarationScanner.mayDeclareProtocolOrAlias(Array("struct S { let p = \"proto\" }".utf8)))
    #expect(DeclarationScanner.mayDeclareProtocolOrAlias(Array("typealias A = B".utf8)))
    #expect(DeclarationScanner.mayDeclareProtocolOrAlias(Array("// a protocol".utf8)))
    #expect(DeclarationScanner.scan(Array("// a protocol\nstruct S {}".utf8)) == .noProtocols)
  }

  /// What the prefilter answers, the plain way: each word searched for on its own.
  static func mentionsDeclaringWord(_ bytes: [UInt8]) -> Bool {
    func ends(of word: String) -> [Int] {
      let word = Array(word.utf8)
      guard bytes.count >= word.count else { return [] }
      return (0...(bytes.count - word.count)).filter {
        bytes[$0..<$0 + word.count].elementsEqual(word)
      }
      .map { $0 + word.count }
    }
    /// Spaces, a name, spaces and `<`: a generic enum.
    func isGenericName(after end: Int) -> Bool {
      let rest = bytes[end...]
      let name = rest.drop { $0 == UInt8(ascii: " ") }
      guard name.startIndex > end else { return false }
      let isName = { (byte: UInt8) in
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
          || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      }
      let afterName = name.drop(while: isName)
      guard afterName.startIndex > name.startIndex else { return false }
      return afterName.drop { $0 == UInt8(ascii: " ") }.first == UInt8(ascii: "<")
    }
    return !ends(of: "protocol").isEmpty || !ends(of: "typealias").isEmpty
      || ends(of: "enum").contains(where: isGenericName)
  }

  @Test func prefilterFindsWhatAPlainSearchFinds() {
    // Sixteen offsets at a time, then the tail: each word at every offset of a short file, cut
    // short, split by a byte, and among near misses.
    let words = [
      "protocol", "typealias", "enum E<", "enum  Name <T>", "enum E", "enum <", "enumE<",
    ]
    let misses = [
      "protoco", "rotocol", "typealia", "ypealias", "enu", "pl", "ts", "em", "p      l",
    ]
    for word in words + misses {
      for offset in 0..<40 {
        let filler = Array(repeating: UInt8(ascii: "x"), count: offset)
        for bytes in [filler + Array(word.utf8), filler + Array(word.utf8) + filler] {
          #expect(
            DeclarationScanner.mayDeclareProtocolOrAlias(bytes)
              == Self.mentionsDeclaringWord(bytes),
            "\(String(decoding: bytes, as: UTF8.self))")
        }
        let cut = Array((filler + Array(word.utf8)).dropLast())
        #expect(
          DeclarationScanner.mayDeclareProtocolOrAlias(cut) == Self.mentionsDeclaringWord(cut))
      }
    }
    // Random text of the words' letters, where candidates are dense, and real files.
    var random = SplitMix(seed: 29)
    let alphabet = Array("protcyasenumlE< \n".utf8)
    for _ in 0..<3_000 {
      let bytes = (0..<Int.random(in: 0..<120, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      #expect(
        DeclarationScanner.mayDeclareProtocolOrAlias(bytes) == Self.mentionsDeclaringWord(bytes),
        "\(String(decoding: bytes, as: UTF8.self))")
    }
    for file in Self.realFiles.prefix(100) {
      guard let bytes = FileBytes.read(file) else { continue }
      #expect(
        DeclarationScanner.mayDeclareProtocolOrAlias(bytes) == Self.mentionsDeclaringWord(bytes),
        "\(file)")
    }
  }
}
