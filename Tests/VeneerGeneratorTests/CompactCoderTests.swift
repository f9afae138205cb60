import Foundation
import Testing
import VeneerModel
import VeneerParser

@testable import VeneerGenerator

/// The cache's binary form gives back exactly what it was given, and refuses anything else.
@Suite("The cache's binary form")
struct CompactCoderTests {
  static let fixtureCatalog = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../FixtureCatalog").standardizedFileURL
    .path

  /// Every parsed file of the fixture catalog and the examples, as the cache holds them.
  static func parsedFiles() -> [ParsedFile] {
    let examples = URL(fileURLWithPath: fixtureCatalog).appendingPathComponent("../../Examples")
      .standardizedFileURL.path
    let files = SourceDiscovery.swiftFiles(at: [fixtureCatalog, examples]).files
      .filter { !$0.contains("/.build/") }
    return ProtocolParser().parseFiles(files)
  }

  @Test func everyModelComesBackEqual() throws {
    let parsed = Self.parsedFiles()
    #expect(parsed.flatMap(\.protocols).count > 20)
    let bytes = try CompactCoder.encode(parsed)
    #expect(try CompactCoder.decode([ParsedFile].self, from: bytes) == parsed)
    // The same value gives the same bytes.
    #expect(try CompactCoder.encode(CompactCoder.decode([ParsedFile].self, from: bytes)) == bytes)
    let json = try JSONEncoder().encode(parsed)
    #expect(bytes.count * 2 < json.count, "\(bytes.count) bytes against JSON's \(json.count)")

    // The models file: decoded entries keep their bytes, and writing them again copies those.
    let models = GenerationCache.Models(
      entries: parsed.enumerated().map {
        GenerationCache.ParsedEntry(path: "\($0.offset).swift", hash: .max - 1, parsed: $0.element)
      })
    let file = try models.encoded()
    let decoded = try GenerationCache.Models.decode(file)
    #expect(decoded.entries.map(\.parsed) == parsed)
    #expect(decoded.entries.map(\.path) == models.entries.map(\.path))
    #expect(decoded.entries.allSatisfy { $0.hash == .max - 1 && $0.encoded != nil })
    #expect(try decoded.encoded() == file)
  }

  @Test func valuesOfEveryKindComeBackEqual() throws {
    struct Sample: Codable, Equatable {
      var text = "naïve データ \u{0}\n\"quoted\""
      var empty = ""
      var optional: String? = nil
      var present: Int? = -7
      var numbers: [Int] = [0, 1, -1, .max, .min]
      var unsigned: [UInt64] = [0, 127, 128, .max]
      var small: Int8 = -128
      var double = -0.125
      var float: Float = 3.5
      var flags = [true, false]
      var nested: [[String?]] = [["a", nil], []]
      var values: [AnnotationValue] = [
        .string("s"), .number(2), .boolean(true), .list([.name("n")]),
      ]
      var shapes: [TypeShape] = [
        .other,
        .optional(wrapped: TypeRef(text: "Int", shape: .named(name: "Int", genericArguments: []))),
      ]
    }
    let sample = Sample()
    #expect(try CompactCoder.decode(Sample.self, from: CompactCoder.encode(sample)) == sample)
  }

  @Test func damagedOrForeignBytesAreRefused() throws {
    let parsed = Array(Self.parsedFiles().prefix(3))
    let bytes = try CompactCoder.encode(parsed)
    let sealed = CompactCoder.seal(bytes)
    let file = try GenerationCache.Models(
      entries: parsed.map { GenerationCache.ParsedEntry(path: "p", hash: 1, parsed: $0) }
    ).encoded()
    #expect(try CompactCoder.decode([ParsedFile].self, from: CompactCoder.unseal(sealed)) == parsed)
    for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
      #expect(throws: DecodingError.self) {
        try CompactCoder.decode([ParsedFile].self, from: Array(bytes.prefix(cut)))
      }
    }
    // Unsealed, a changed byte may still decode, to something else; it must never crash.
    for index in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 397)) {
      var flipped = bytes
      flipped[index] ^= 0x5A
      _ = try? CompactCoder.decode([ParsedFile].self, from: flipped)
    }
    for cut in stride(from: 0, to: sealed.count, by: max(1, sealed.count / 97)) {
      #expect(throws: DecodingError.self) {
        try CompactCoder.decode(
          [ParsedFile].self, from: CompactCoder.unseal(Array(sealed.prefix(cut))))
      }
      var flipped = sealed
      flipped[cut] ^= 0x20
      #expect(throws: DecodingError.self) {
        try CompactCoder.decode([ParsedFile].self, from: CompactCoder.unseal(flipped))
      }
    }
    // A cut or damaged models file is refused whole.
    for cut in stride(from: 0, to: file.count, by: max(1, file.count / 97)) {
      #expect(throws: (any Error).self) {
        try GenerationCache.Models.decode(Array(file.prefix(cut)))
      }
      var flipped = file
      flipped[cut] ^= 0x01
      #expect(throws: (any Error).self) { try GenerationCache.Models.decode(flipped) }
    }
    // Well-formed, but of another type.
    #expect(throws: DecodingError.self) {
      try CompactCoder.decode(GenerationCache.Index.self, from: bytes)
    }
    #expect(throws: DecodingError.self) {
      try CompactCoder.decode([ParsedFile].self, from: Array("{\"entries\": []}".utf8))
    }
  }
}
