import Foundation
import SwiftParser
import SwiftSyntax
import Testing
import VeneerGenerator
import VeneerModel
import VeneerSupport

/// Mutated real Swift files through the whole front end (scan, parse, resolve, render): Veneer
/// never crashes, every diagnostic it reports is located in the file, and when it reports no
/// error, what it writes parses.
///
/// Each run draws new mutations; `VENEER_SEED=<n>` replays one, `VENEER_FUZZ_ITERATIONS=<n>`
/// runs longer (default 300). The input being tried is kept in `veneer-fuzz-input.swift` in the
/// temporary folder, so that a crash leaves it behind.
@Suite("Front-end fuzzing")
struct FrontEndFuzzTests {
  let seed =
    ProcessInfo.processInfo.environment["VENEER_SEED"].flatMap { UInt64($0) }
    ?? UInt64.random(in: 0...UInt64(UInt32.max))
  let iterations =
    ProcessInfo.processInfo.environment["VENEER_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 300

  /// The fixture catalog and the examples' sources: real files with every shape Veneer reads.
  func corpus() throws -> [[UInt8]] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../..").standardizedFileURL
    var files: [[UInt8]] = []
    for folder in ["Tests/FixtureCatalog", "Examples"] {
      let base = root.appendingPathComponent(folder)
      let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }
      for path in (paths ?? []).sorted()
      where path.hasSuffix(".swift") && !path.contains(".build") && !path.contains("Generated") {
        files.append(Array(try Data(contentsOf: base.appendingPathComponent(path))))
      }
    }
    return files
  }

  static let junk = [
    "{", "}", "(", ")", "[", "]", "#if", "#else", "#endif", "\"", "\"\"\"", "#\"", "/*", "*/",
    "/", "//", "@", "`", "\\", "protocol", "func", "associatedtype", "where", "some", "any",
    "// veneer: caching(ttl: ", "// veneer: logging(level: \"", "throws(", "async", "inout",
    "...", "->", "\u{0}", "\u{FEFF}", "é", "\r", "\t\t", "#/", "/#", "$0", "0x", "1e",
    "\u{B}=", "\u{C}", " \u{B}= ",
  ]

  /// Words (letters, digits, `_`, non-ASCII bytes) and single punctuation bytes: tokens
  /// enough to mutate, without running SwiftParser on the test's small stack (its lookahead
  /// recurses once per `#if`, and a mutation nests thousands).
  static func tokens(of bytes: [UInt8]) -> [Range<Int>] {
    func isWordByte(_ byte: UInt8) -> Bool {
      byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39)
        || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }
    var tokens: [Range<Int>] = []
    var index = 0
    while index < bytes.count {
      let start = index
      if isWordByte(bytes[index]) {
        while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
      } else {
        index += 1
        if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { continue }
      }
      tokens.append(start..<index)
    }
    return tokens
  }

  /// Lines as Swift counts them, and so every diagnostic: a lone carriage return ends one too,
  /// which random bytes sometimes insert.
  static func lineCount(_ bytes: [UInt8]) -> Int {
    var count = 1
    for (index, byte) in bytes.enumerated() {
      let isCarriageReturnOfPair =
        byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A
      if byte == 0x0A || (byte == 0x0D && !isCarriageReturnOfPair) { count += 1 }
    }
    return count
  }

  func mutate(_ input: [UInt8], _ random: inout SplitMix) -> [UInt8] {
    var bytes = input
    func position(_ count: Int) -> Int { Int(random.next() % UInt64(count + 1)) }
    switch random.next() % 7 {
    case 0:  // Truncated anywhere.
      bytes.removeSubrange(position(bytes.count)...)
    case 1, 2:  // A token deleted or duplicated.
      let tokens = Self.tokens(of: bytes)
      guard !tokens.isEmpty else { break }
      let token = tokens[Int(random.next() % UInt64(tokens.count))]
      if random.next() % 2 == 0 {
        bytes.removeSubrange(token)
      } else {
        bytes.insert(contentsOf: bytes[token], at: token.upperBound)
      }
    case 3:  // Junk inserted.
      let text = Self.junk[Int(random.next() % UInt64(Self.junk.count))]
      bytes.insert(contentsOf: Array(text.utf8), at: position(bytes.count))
    case 4:  // Random bytes, invalid UTF-8 included.
      for _ in 0..<(1 + random.next() % 8) where !bytes.isEmpty {
        bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
      }
    case 5:  // Deep nesting.
      let opener = ["(", "[", "{", "#if X\n", "protocol P {\n", "<"][Int(random.next() % 6)]
      let depth = Int(random.next() % 1_000)
      bytes.insert(
        contentsOf: Array(String(repeating: opener, count: depth).utf8), at: position(bytes.count))
    default:  // Two mutations at once.
      bytes = mutate(mutate(bytes, &random), &random)
    }
    return bytes
  }

  @Test func mutatedFilesEndInLocatedDiagnosticsNeverACrash() throws {
    print("FrontEndFuzzTests: seed \(seed) (replay with VENEER_SEED=\(seed))")
    let corpus = try corpus()
    try #require(corpus.count > 5)
    let folder = try TemporaryFolder()
    let input = "\(folder.path)/Sources/Input.swift"
    let kept = FileManager.default.temporaryDirectory.appendingPathComponent(
      "veneer-fuzz-input.swift")
    try folder.write("Sources/Input.swift", "")
    var random = SplitMix(seed: seed)
    var outcomes = (clean: 0, diagnosed: 0)
    for iteration in 0..<iterations {
      let mutated = mutate(corpus[Int(random.next() % UInt64(corpus.count))], &random)
      try Data(mutated).write(to: kept)
      try Data(mutated).write(to: URL(fileURLWithPath: input))
      let generation = Generator().generate(
        Configuration(
          sources: ["\(folder.path)/Sources"], output: "\(folder.path)/Out",
          decorateAll: true))
      let lineCount = Self.lineCount(mutated)
      let context = "seed \(seed), iteration \(iteration); input kept in \(kept.path)"
      for diagnostic in generation.diagnostics {
        let location = diagnostic.location
        #expect(location?.file == input, "\(context): \(diagnostic)")
        #expect(
          (location?.line ?? 0) >= 1 && (location?.line ?? 0) <= lineCount
            && (location?.column ?? 0) >= 1, "\(context): \(diagnostic)")
      }
      if generation.hasErrors {
        outcomes.diagnosed += 1
        #expect(generation.files.isEmpty, "\(context): files written despite errors")
      } else {
        outcomes.clean += 1
        for file in generation.files {
          #expect(
            !Parser.parse(source: file.contents).hasError, "\(context): \(file.name) does not parse"
          )
        }
      }
    }
    print("FrontEndFuzzTests: \(outcomes.clean) clean, \(outcomes.diagnosed) with errors")
    #expect(outcomes.diagnosed > 0 && outcomes.clean > 0)
  }
}
