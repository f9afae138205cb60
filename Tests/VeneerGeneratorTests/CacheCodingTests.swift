import Foundation
import Testing
import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerSupport

@testable import VeneerGenerator

/// The cache's binary form gives back exactly what it was given, and refuses anything else.
@Suite("The cache's binary form")
struct CacheCodingTests {
  static let seal = CacheSeal(key: SealKey(words: (0x0706_0504_0302_0100, 0x0F0E_0D0C_0B0A_0908)))

  static let fixtureCatalog = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../FixtureCatalog").standardizedFileURL
    .path

  /// Every parsed file of the fixture catalog and the examples, as the cache holds them.
  static func parsedFiles() -> [ParsedFile] {
    let examples = URL(fileURLWithPath: fixtureCatalog).appendingPathComponent("../../Examples")
      .standardizedFileURL.path
    let files = SourceDiscovery.swiftFiles(at: [fixtureCatalog, examples]).files
      .filter { !$0.contains("/.build/") }
    return ProtocolParser.withBuiltIns.parseFiles(files)
  }

  @Test func everyModelComesBackEqual() throws {
    let parsed = Self.parsedFiles()
    #expect(parsed.flatMap(\.protocols).count > 20)
    let bytes = CacheWriter.encode(parsed)
    #expect(try CacheReader.decode([ParsedFile].self, from: bytes) == parsed)
    // The same value gives the same bytes.
    #expect(try CacheWriter.encode(CacheReader.decode([ParsedFile].self, from: bytes)) == bytes)
    let json = try JSONEncoder().encode(parsed)
    #expect(bytes.count * 4 < json.count, "\(bytes.count) bytes against JSON's \(json.count)")

    // The models file: decoded entries keep their bytes, and writing them again copies those.
    let models = GenerationCache.Models(
      entries: parsed.enumerated().map {
        GenerationCache.ParsedEntry(path: "\($0.offset).swift", hash: .max - 1, parsed: $0.element)
      })
    let file = models.encoded(sealedBy: Self.seal)
    let decoded = try GenerationCache.Models.decode(file, sealedBy: Self.seal)
    #expect(decoded.entries.map(\.parsed) == parsed)
    #expect(decoded.entries.map(\.path) == models.entries.map(\.path))
    #expect(decoded.entries.allSatisfy { $0.hash == .max - 1 && $0.encoded != nil })
    #expect(decoded.encoded(sealedBy: Self.seal) == file)
  }

  /// Values the fixture catalog may lack: every type shape, annotation value and extreme number.
  @Test func valuesOfEveryKindComeBackEqual() throws {
    let int = TypeRef(text: "Int", shape: .named(name: "Int", genericArguments: []))
    let location = SourceLocation(file: "naïve データ \u{0}\n\"quoted\".swift", line: 1, column: 0)
    let shapes: [TypeShape] = [
      .named(name: "", genericArguments: [int]),
      .member(base: int, name: "Inner", genericArguments: [int, int]),
      .optional(wrapped: int), .implicitlyUnwrappedOptional(wrapped: int), .array(element: int),
      .dictionary(key: int, value: int),
      .tuple(elements: [TupleElement(label: "a", name: nil, type: int, isInout: true)]),
      .function(
        parameters: [TupleElement(type: int, isVariadic: true)],
        effects: Effects(isAsync: true, throwing: .throws, thrownType: int), returnType: int),
      .attributed(attributes: [Attribute(name: "escaping")], specifiers: ["inout"], base: int),
      .opaque(constraint: int), .existential(constraint: int),
      .metatype(base: int, isProtocolMetatype: true), .composition(types: [int, int]),
      .packExpansion(pattern: int), .packElement(pack: int), .other,
    ]
    let values: [AnnotationValue] = [
      .string(""), .number(-0.125), .number(.infinity), .boolean(false), .name("n"),
      .list([.list([]), .boolean(true)]),
    ]
    let requirement = Requirement(
      kind: .subscript, name: "subscript",
      parameters: shapes.map {
        Parameter(label: nil, name: "p", type: TypeRef(text: "t", shape: $0))
      },
      genericParameters: [GenericParameter(name: "T", constraint: int, isPack: true)],
      isSettable: true, failability: .implicitlyUnwrapped, modifiers: ["static"],
      documentation: "",
      annotations: [
        Annotation(
          key: "k", arguments: values.map { AnnotationArgument(value: $0) }, location: location)
      ], declaredIn: "P", location: SourceLocation(file: "f", line: .max, column: .min))
    let file = ParsedFile(
      protocols: [
        ProtocolDecl(
          name: "P", accessLevel: .open, imports: [Import(text: "import A", conditions: ["X"])],
          location: location, requirements: [requirement], inheritedRequirements: [requirement])
      ],
      diagnostics: [
        Diagnostic(.note, "m", at: location), Diagnostic(.warning, "w", file: "only a file"),
      ])
    #expect(try CacheReader.decode(ParsedFile.self, from: CacheWriter.encode(file)) == file)
    for number in [0, 1, -1, 63, -64, 64, .max, .min] {
      #expect(try CacheReader.decode(Int.self, from: CacheWriter.encode(number)) == number)
    }
  }

  @Test func damagedOrForeignBytesAreRefused() throws {
    let parsed = Array(Self.parsedFiles().prefix(3))
    let bytes = CacheWriter.encode(parsed)
    let sealed = Self.seal.seal(bytes)
    let file = GenerationCache.Models(
      entries: parsed.map { GenerationCache.ParsedEntry(path: "p", hash: 1, parsed: $0) }
    ).encoded(sealedBy: Self.seal)
    #expect(try CacheReader.decode([ParsedFile].self, from: Self.seal.unseal(sealed)) == parsed)
    for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
      #expect(throws: CacheDamaged.self) {
        try CacheReader.decode([ParsedFile].self, from: Array(bytes.prefix(cut)))
      }
    }
    // Unsealed, a changed byte may still decode, to something else; it must never crash.
    for index in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 397)) {
      for change: UInt8 in [0x5A, 0x80, 0xFF] {
        var changed = bytes
        changed[index] ^= change
        _ = try? CacheReader.decode([ParsedFile].self, from: changed)
      }
    }
    // Nesting deeper than any parsed type is refused before it exhausts the stack.
    var deep = Array(CacheWriter.encode(TypeRef(text: "", shape: .other)).dropLast(2))
    for _ in 0..<100_000 { deep += [0, 2] }
    #expect(throws: CacheDamaged.self) { try CacheReader.decode(TypeRef.self, from: deep) }
    for cut in stride(from: 0, to: sealed.count, by: max(1, sealed.count / 97)) {
      #expect(throws: CacheDamaged.self) {
        try CacheReader.decode([ParsedFile].self, from: Self.seal.unseal(Array(sealed.prefix(cut))))
      }
      var flipped = sealed
      flipped[cut] ^= 0x20
      #expect(throws: CacheDamaged.self) {
        try CacheReader.decode([ParsedFile].self, from: Self.seal.unseal(flipped))
      }
    }
    // Sealed under another key, as a cache copied from another user's would be: refused.
    let otherKey = CacheSeal(key: SealKey(words: (1, 2)))
    #expect(throws: CacheDamaged.self) { try otherKey.unseal(sealed) }
    // A cut or damaged models file is refused whole.
    for cut in stride(from: 0, to: file.count, by: max(1, file.count / 97)) {
      #expect(throws: (any Error).self) {
        try GenerationCache.Models.decode(Array(file.prefix(cut)), sealedBy: Self.seal)
      }
      var flipped = file
      flipped[cut] ^= 0x01
      #expect(throws: (any Error).self) {
        try GenerationCache.Models.decode(flipped, sealedBy: Self.seal)
      }
    }
    // Well-formed, but of another type.
    #expect(throws: CacheDamaged.self) {
      try CacheReader.decode(GenerationCache.Index.self, from: bytes)
    }
    #expect(throws: CacheDamaged.self) {
      try CacheReader.decode([ParsedFile].self, from: Array("{\"entries\": []}".utf8))
    }
  }
}

@Suite("Deeply nested types")
struct DeepTypeTests {
  /// Each level of a type's structure keeps its own text, so the structure stops at a bounded
  /// depth and deeper types keep their exact text alone: the model, its cache entry and its
  /// JSON stay linear in the source, and JSON's nesting limit is never reached.
  @Test func aDeeplyNestedTypeIsKeptAsTextBeyondABoundedDepth() throws {
    // As deep as the guard before parsing lets generic arguments nest.
    let depth = 64
    let type =
      String(repeating: "Array<", count: depth) + "Int" + String(repeating: ">", count: depth)
    let source = "protocol P {\n  func f(_ value: \(type)) -> \(type)\n}\n"
    let parsed = ProtocolParser.withBuiltIns.parse(source: source, file: "Deep.swift")
    #expect(parsed.diagnostics == [])
    let requirement = try #require(parsed.protocols.first?.requirements.first)
    #expect(requirement.returnType?.text == type)
    #expect(requirement.parameters.first?.type.text == type)
    // Sixteen levels of structure, then the text alone.
    var level = try #require(requirement.returnType)
    var structured = 0
    while case .named(_, let arguments) = level.shape, let inner = arguments.first {
      structured += 1
      level = inner
    }
    #expect(structured == 16)
    #expect(level.shape == .other)
    let cached = CacheWriter.encode(parsed)
    #expect(cached.count < 8 * source.utf8.count, "\(cached.count) bytes")
    // Each of the sixteen structured levels keeps its text: linear, about sixteen times over.
    let json = try JSONEncoder().encode(parsed)
    #expect(json.count < 20 * source.utf8.count)
    // Types as deep as real code writes them keep their structure.
    let shallow = ProtocolParser.withBuiltIns.parse(
      source: "protocol P { func f() -> [String: [Int?]] }", file: "Shallow.swift")
    #expect(
      shallow.protocols.first?.requirements.first?.returnType?.shape
        != .other)
  }

  /// A listing names what discovery reads next: a name that leads out of its directory, or to
  /// anything but a Swift file or a directory, means the cache is damaged, never followed.
  @Test func listingsNamingAnythingButTheirOwnEntriesAreRefused() throws {
    func saved(_ entry: DirectoryListings.Entry) -> [UInt8] {
      CacheWriter.encode(
        GenerationCache.SavedListings(
          format: GenerationCache.format, veneerVersion: "0",
          snapshot: DirectoryListings.Snapshot(listings: [
            "/tmp/Sources": DirectoryListings.Listing(
              device: 1, inode: 2, modified: 3, statusChanged: 4, isReusable: true, entries: [entry]
            )
          ])))
    }
    let kept = DirectoryListings.Entry(name: "Kept.swift", isDirectory: false)
    #expect(
      try CacheReader.decode(GenerationCache.SavedListings.self, from: saved(kept))
        .snapshot.listings["/tmp/Sources"]?.entries == [kept])
    for (name, isDirectory) in [
      ("..", true), ("../Outside.swift", false), ("Nested/Deep.swift", false),
      (".hidden.swift", false), ("notes.txt", false), ("Bad\u{0}.swift", false),
    ] {
      let entry = DirectoryListings.Entry(name: name, isDirectory: isDirectory)
      #expect(throws: CacheDamaged.self, "\(name)") {
        try CacheReader.decode(GenerationCache.SavedListings.self, from: saved(entry))
      }
    }
  }

  /// A search's files are read without walking to them: a search naming a directory outside
  /// its paths, hidden, or without a listing means the cache is damaged; a file that is not a
  /// file entry of its directory's listing is never reused.
  @Test func searchesNamingAnythingBeyondTheirPathsAreRefused() throws {
    typealias File = DirectoryListings.Search.File
    func listing(_ names: [String]) -> DirectoryListings.Listing {
      DirectoryListings.Listing(
        device: 1, inode: 2, modified: 3, statusChanged: 4, isReusable: true,
        entries: names.map {
          DirectoryListings.Entry(name: $0, isDirectory: !$0.hasSuffix(".swift"))
        })
    }
    let listings = [
      "/": listing(["usr"]), "/usr": listing(["A.swift"]), "/etc": listing(["A.swift"]),
      "/tmp/Sources": listing(["A.swift", "Nested"]), "/tmp/Sources/Nested": listing(["B.swift"]),
      "/tmp/Sources/..": listing([]), "/tmp/Sources/.build": listing([]),
      "/tmp/Sources/": listing([]), "/tmp/SourcesElsewhere": listing([]),
    ]
    func saved(_ key: String, _ directories: [String], _ files: [File]) -> [UInt8] {
      CacheWriter.encode(
        GenerationCache.SavedListings(
          format: GenerationCache.format, veneerVersion: "0",
          snapshot: DirectoryListings.Snapshot(
            listings: listings,
            searches: [key: DirectoryListings.Search(directories: directories, files: files)])))
    }
    func decoded(_ bytes: [UInt8]) throws -> DirectoryListings.Snapshot {
      let saved = try CacheReader.decode(GenerationCache.SavedListings.self, from: bytes)
      return saved.snapshot
    }
    let key = DirectoryListings.key(suffix: ".swift", paths: ["/tmp/Sources/"])
    let kept = try decoded(
      saved(
        key, ["/tmp/Sources", "/tmp/Sources/Nested"],
        [File(directory: 0, entry: 0), File(directory: 1, entry: 0)]))
    let search = try #require(kept.searches[key])
    #expect(
      search.paths(search.directories.compactMap { kept.listings[$0] })
        == ["/tmp/Sources/A.swift", "/tmp/Sources/Nested/B.swift"])
    let rootKey = DirectoryListings.key(suffix: ".swift", paths: ["/"])
    let root = try decoded(saved(rootKey, ["/", "/usr"], [File(directory: 1, entry: 0)]))
    let rootSearch = try #require(root.searches[rootKey])
    #expect(
      rootSearch.paths(rootSearch.directories.compactMap { root.listings[$0] }) == ["/usr/A.swift"])
    for directories in [
      ["/tmp/Sources", "/etc"], ["/tmp/Sources/.."], ["/tmp/Sources/.build"], ["/tmp/Sources/"],
      ["/tmp/SourcesElsewhere"], ["/tmp/Sources", "/tmp/Sources/Unlisted"],
    ] {
      #expect(throws: CacheDamaged.self, "\(directories)") {
        try decoded(saved(key, directories, []))
      }
    }
    #expect(throws: CacheDamaged.self) { try decoded(saved("no paths", [], [])) }
    #expect(throws: CacheDamaged.self) {
      try decoded(saved(DirectoryListings.key(suffix: ".h", paths: ["/tmp/Sources"]), [], []))
    }
    // Entries that are not files of their directory: the search is kept, and never reused.
    let sources = [listings["/tmp/Sources"]!]
    for file in [
      File(directory: 0, entry: 1), File(directory: 0, entry: 2), File(directory: 1, entry: 0),
      File(directory: -1, entry: 0),
    ] {
      let odd = try decoded(saved(key, ["/tmp/Sources"], [file]))
      #expect(odd.searches[key]?.paths(sources) == nil, "\(file)")
    }
  }

  /// Whatever a damaged listings file decodes to, its searches lead nowhere but into their
  /// paths: each byte of a saved snapshot changed in turn is refused, or gives files below a
  /// searched path through names that are neither empty nor hidden.
  @Test func damagedSearchesNeverLeadOutOfTheirPaths() throws {
    func listing(_ names: [String]) -> DirectoryListings.Listing {
      DirectoryListings.Listing(
        device: 1, inode: 2, modified: 3, statusChanged: 4, isReusable: true,
        entries: names.map {
          DirectoryListings.Entry(name: $0, isDirectory: !$0.hasSuffix(".swift"))
        })
    }
    let key = DirectoryListings.key(suffix: ".swift", paths: ["/tmp/Sources"])
    let bytes = CacheWriter.encode(
      GenerationCache.SavedListings(
        format: GenerationCache.format, veneerVersion: "0",
        snapshot: DirectoryListings.Snapshot(
          listings: [
            "/tmp/Sources": listing(["A.swift", "Nested", "Z.swift"]),
            "/tmp/Sources/Nested": listing(["B.swift", "Deeper"]),
            "/tmp/Sources/Nested/Deeper": listing(["C.swift"]),
            "/etc": listing(["passwd.swift"]),
          ],
          searches: [
            key: DirectoryListings.Search(
              directories: ["/tmp/Sources", "/tmp/Sources/Nested", "/tmp/Sources/Nested/Deeper"],
              files: [
                .init(directory: 0, entry: 0), .init(directory: 1, entry: 0),
                .init(directory: 2, entry: 0), .init(directory: 0, entry: 2),
              ])
          ])))
    var decodedCount = 0
    for index in bytes.indices {
      for change: UInt8 in [0x01, 0x20, 0x80, 0xFF] {
        var changed = bytes
        changed[index] ^= change
        guard
          let snapshot = try? CacheReader.decode(
            GenerationCache.SavedListings.self, from: changed
          ).snapshot
        else { continue }
        decodedCount += 1
        for (searched, search) in snapshot.searches {
          let roots = searched.split(separator: "\u{0}").dropFirst().map(String.init)
          let listings = search.directories.compactMap { snapshot.listings[$0] }
          #expect(listings.count == search.directories.count)
          for path in search.paths(listings) ?? [] {
            let below = roots.compactMap { root in
              path.hasPrefix(root + "/") ? path.dropFirst(root.count + 1) : nil
            }
            #expect(
              below.contains { rest in
                rest.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
                  !$0.isEmpty && !$0.hasPrefix(".")
                }
              }, "\(path) from byte \(index)")
          }
        }
      }
    }
    #expect(decodedCount > 0)
  }

  /// A path hashes as it always did: the cache folder an output folder names stays where it was.
  @Test func aPathNamesTheCacheFolderItNamedBefore() {
    #expect(ContentHash.of("/home/user/App/Sources/Generated") == 0x6CEA_B0F2_B76C_D25B)
  }

  /// A long source: a change to any byte, in a word or the tail, changes the hash, and so does
  /// swapping two words.
  @Test func everyByteOfALongInputCounts() {
    var random = SplitMix(seed: 10)
    let bytes = (0..<(4096 + 45)).map { _ in
      UInt8.random(in: 0...255, using: &random)
    }
    let hash = ContentHash.of(bytes)
    for position in [0, 7, 8, 15, 16, 23, 24, 31, 32, 2_049, bytes.count - 45, bytes.count - 1] {
      var changed = bytes
      changed[position] ^= 1
      #expect(ContentHash.of(changed) != hash, "byte \(position)")
    }
    var swapped = bytes
    swapped.swapAt(0, 8)
    #expect(ContentHash.of(swapped) != hash || bytes[0] == bytes[8])
    #expect(ContentHash.of(bytes, seed: 1) != hash)
    #expect(ContentHash.of(Array(bytes.dropLast())) != hash)
  }
}
