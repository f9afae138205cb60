import Foundation
import Testing
import VeneerModel
import VeneerSupport

@testable import VeneerGenerator

/// Every name a run would write is checked with all the others, whatever made it: a clash,
/// also only in case or Unicode normalization, is an error at what made it, and nothing is
/// written.
@Suite("Output names, all checked together")
struct OutputNameTests {
  /// Protocol names, each with the class of names it is written to: names in one class are one
  /// file on macOS (case) or once the file name is made plain (`A B` → `A_B`, and a combining
  /// accent, not a letter, → `_`).
  static let protocolNames: [(name: String, file: Int)] = [
    ("Foo", 0), ("FOO", 0), ("foo", 0), ("A_B", 1), ("`A B`", 1), ("`A.B`", 1), ("Bar", 2),
    ("Caf\u{E9}", 3), ("CAF\u{C9}", 3), ("Cafe\u{301}", 4), ("Cafe_", 4),
  ]

  /// Source paths for a file per source, each with its class: `/` becomes `.`, and case is
  /// folded.
  static let sourcePaths: [(path: String, file: Int)] = [
    ("Models/Post.swift", 0), ("Models.Post.swift", 0), ("models/post.swift", 0),
    ("Models/Post/Draft.swift", 1), ("Models.Post/Draft.swift", 1), ("Other.swift", 2),
    ("R\u{E9}sum\u{E9}.swift", 3), ("r\u{E9}sum\u{E9}.swift", 3),
  ]

  /// Sources as paths and texts: not a dictionary, whose keys would be equal when their
  /// Unicode normalizations differ.
  static func generate(
    _ sources: [(path: String, text: String)], in folder: TemporaryFolder, perSource: Bool
  ) throws -> Generation {
    for (path, text) in sources { _ = try folder.write("Sources/" + path, text) }
    var configuration = Configuration(
      sources: sources.map { "\(folder.path)/Sources/\($0.path)" },
      output: folder.path + "/Out")
    if perSource { configuration.sourceFileRoot = folder.path + "/Sources" }
    return Generator().generate(configuration)
  }

  /// Property: a run fails exactly when two of its files fall in one class, then with an error
  /// at the protocol or source that made each later one, and nothing to write; otherwise every
  /// file is written under a name of its own.
  @Test(arguments: [false, true])
  func aRunFailsExactlyWhenTwoOfItsFilesWouldBeOne(perSource: Bool) throws {
    let seed = UInt64.random(in: 0...UInt64(UInt32.max))
    var random = SplitMix(seed: seed)
    for round in 0..<40 {
      let folder = try TemporaryFolder()
      var sources: [(path: String, text: String)] = []
      var classes: [Int] = []
      if perSource {
        for (path, file) in Self.sourcePaths.shuffled(using: &random).prefix(
          Int.random(in: 1...4, using: &random))
        {
          sources.append((path, "// veneer: logging\nprotocol P\(sources.count) { func a() }\n"))
          classes.append(file)
        }
      } else {
        for (index, (name, file)) in Self.protocolNames.shuffled(using: &random).prefix(
          Int.random(in: 1...4, using: &random)
        ).enumerated() {
          sources.append(("S\(index).swift", "// veneer: logging\nprotocol \(name) { func a() }\n"))
          classes.append(file)
        }
      }
      let generation = try Self.generate(sources, in: folder, perSource: perSource)
      let context = "seed \(seed), round \(round): \(sources)"
      let clashes = classes.count - Set(classes).count
      let nameErrors = generation.diagnostics.filter {
        $0.severity == .error
          && ($0.message.contains("would both be written to")
            || $0.message.contains("differ only in case"))
      }
      #expect(nameErrors.count == clashes, "\(context)\n\(generation.diagnostics)")
      #expect(generation.hasErrors == (clashes > 0), "\(context)\n\(generation.diagnostics)")
      for error in nameErrors {
        #expect(error.file.hasPrefix(folder.path + "/Sources/"), "\(context)\n\(error)")
      }
      if clashes == 0 {
        #expect(generation.files.count == sources.count, "\(context)")
        #expect(Set(generation.files.map { $0.name.lowercased() }).count == sources.count)
      }
    }
  }

  /// A name past what a file system takes is an error at the protocol, or the source, that
  /// made it, not a failure to write naming neither.
  @Test func aFileNameTooLongIsAnErrorAtWhatMadeIt() throws {
    let longName = "P" + String(repeating: "a", count: 250)
    let folder = try TemporaryFolder()
    let perProtocol = try Self.generate(
      [("Long.swift", "// veneer: logging\nprotocol \(longName) { func a() }\n")], in: folder,
      perSource: false)
    let error = try #require(perProtocol.diagnostics.first { $0.severity == .error })
    #expect(error.file == folder.path + "/Sources/Long.swift")
    #expect(error.location?.line == 2)
    #expect(
      error.message.hasPrefix(
        "Veneer cannot write the decorators of \(longName): the file name 'Paaaaaa"))
    #expect(error.message.contains("is 268 bytes long, more than the 255 a file system allows"))

    let deep = (0..<30).map { "Folder\($0)" }.joined(separator: "/") + "/Deep.swift"
    let perSource = try Self.generate(
      [(deep, "// veneer: logging\nprotocol Deep { func a() }\n")], in: try TemporaryFolder(),
      perSource: true)
    let deepError = try #require(perSource.diagnostics.first { $0.severity == .error })
    #expect(deepError.file.hasSuffix("/Sources/" + deep))
    #expect(deepError.message.hasPrefix("Veneer cannot write the decorators of \(deep)"))
    #expect(deepError.message.contains("rename or move the source"))
  }

  /// A protocol the cache keeps, unchanged, still owns its file: a new one with its name is
  /// refused as it is without the cache, rather than written over it.
  @Test func aFileKeptFromTheLastRunIsStillChecked() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write(
      "Sources/A/Shows.swift", "// veneer: logging\nprotocol Shows { func a() }\n")
    let configuration = Configuration(
      sources: [folder.path + "/Sources"], output: folder.path + "/Out")
    let cache = GenerationCache(folder: folder.path + "/Cache")
    let first = Generator().generate(configuration, cache: cache)
    #expect(!first.hasErrors)
    let output = OutputFolder(path: folder.path + "/Out")
    try output.apply(try output.plan(first.files, unchanged: first.unchangedFiles))
    cache.save(first, outputFolder: folder.path + "/Out")

    _ = try folder.write(
      "Sources/B/Shows.swift", "// veneer: logging\nprotocol Shows { func b() }\n")
    for cache in [cache, nil] {
      let second = Generator().generate(configuration, cache: cache)
      let errors = second.diagnostics.filter { $0.severity == .error }.map(\.description)
      #expect(errors.count == 1, "\(errors)")
      #expect(
        errors.first?.contains("would both be written to Shows+Decorators.swift") == true,
        "\(errors)")
    }
    #expect(folder.read("Out/Shows+Decorators.swift")?.contains("func a()") == true)
  }

  /// Two sources whose paths differ only in Unicode normalization are one file on macOS and
  /// one key to Veneer: an error at the second, rather than one of them dropped in silence.
  @Test(arguments: [false, true])
  func sourcePathsDifferingOnlyInNormalizationAreAnError(namedOneByOne: Bool) throws {
    let folder = try TemporaryFolder()
    let composed = "R\u{E9}sum\u{E9}.swift"
    let decomposed = "Re\u{301}sume\u{301}.swift"
    _ = try folder.write("Sources/" + composed, "// veneer: logging\nprotocol A { func a() }\n")
    _ = try folder.write("Sources/" + decomposed, "// veneer: logging\nprotocol B { func b() }\n")
    let sources =
      namedOneByOne
      ? [composed, decomposed].map { folder.path + "/Sources/" + $0 } : [folder.path + "/Sources"]
    let generation = Generator().generate(Configuration(sources: sources, output: "unused"))
    let errors = generation.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1, "\(generation.diagnostics)")
    #expect(errors.first?.message.contains("differ only in Unicode normalization") == true)
    #expect(generation.files.isEmpty)
  }
}
