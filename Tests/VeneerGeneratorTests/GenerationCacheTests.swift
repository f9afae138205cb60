import Foundation
import Testing
import VeneerGenerator
import VeneerModel
import VeneerParser

/// A run with the cache writes exactly what a run without it writes, and does less.
@Suite("The incremental cache")
struct GenerationCacheTests {
  static let base = """
    // veneer: logging
    public protocol Base: Sendable {
      func ping() async
    }
    """
  static let derived = """
    // veneer: logging, caching
    public protocol Derived: Base {
      func load(id: Int) async throws -> String
    }
    """
  static let other = """
    // veneer: analytics
    public protocol Other {
      func track(name: String)
    }
    """

  struct Workspace {
    let folder: TemporaryFolder
    var sources: String { folder.path + "/Sources" }
    var output: String { folder.path + "/Generated" }
    var cache: GenerationCache { GenerationCache(folder: folder.path + "/Cache") }

    init() throws {
      folder = try TemporaryFolder()
      try folder.write("Sources/Base.swift", GenerationCacheTests.base)
      try folder.write("Sources/Derived.swift", GenerationCacheTests.derived)
      try folder.write("Sources/Other.swift", GenerationCacheTests.other)
    }

    /// One `veneer generate`: generate, write, remember.
    @discardableResult
    func run(cached: Bool = true) throws -> Generation {
      let configuration = Configuration(sources: [sources], output: output)
      let generation = Generator().generate(configuration, cache: cached ? cache : nil)
      #expect(!generation.hasErrors, "\(generation.diagnostics)")
      let folder = OutputFolder(path: output)
      try folder.apply(try folder.plan(generation.files, unchanged: generation.unchangedFiles))
      if cached { cache.save(generation, outputFolder: output) }
      return generation
    }

    /// The output folder's files and their text.
    func outputs() throws -> [String: String] {
      var result: [String: String] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: output) {
        result[name] = folder.read("Generated/\(name)")
      }
      return result
    }

    /// What a run without any cache writes for the same sources, in a folder of its own.
    func uncachedOutputs() throws -> [String: String] {
      let fresh = try TemporaryFolder()
      let configuration = Configuration(sources: [sources], output: fresh.path)
      let generation = Generator().generate(configuration)
      try OutputFolder(path: fresh.path).apply(
        try OutputFolder(path: fresh.path).plan(generation.files))
      var result: [String: String] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: fresh.path) {
        result[name] = fresh.read(name)
      }
      return result
    }
  }

  @Test func nothingChangedParsesAndRendersNothing() throws {
    let workspace = try Workspace()
    let cold = try workspace.run()
    #expect(cold.statistics.renderedProtocols == 3)
    let again = try workspace.run()
    #expect(again.files.isEmpty)
    #expect(again.statistics.readFiles == 0)
    #expect(again.statistics.renderedProtocols == 0)
    #expect(Set(again.unchangedFiles) == Set(try workspace.outputs().keys))
    #expect(again.statistics.outputLines == cold.statistics.outputLines)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
  }

  /// The build plugin's files, one per source file, are each found as recorded: a run where
  /// nothing changed ends at the check there too (it rendered every protocol again, each file
  /// being recorded under one key).
  @Test func nothingChangedRendersNothingWithAFilePerSource() throws {
    let workspace = try Workspace()
    var configuration = Configuration(sources: [workspace.sources], output: workspace.output)
    configuration.sourceFileRoot = workspace.sources
    for expectedRendered in [3, 0] {
      // A cache per run, as each `veneer generate` reads its own.
      let cache = workspace.cache
      let generation = Generator().generate(configuration, cache: cache)
      #expect(!generation.hasErrors, "\(generation.diagnostics)")
      #expect(generation.statistics.renderedProtocols == expectedRendered)
      let folder = OutputFolder(path: workspace.output)
      try folder.apply(try folder.plan(generation.files, unchanged: generation.unchangedFiles))
      #expect(cache.save(generation, outputFolder: workspace.output) == nil)
    }
    #expect(try workspace.outputs().count == 3)
  }

  @Test func aChangedFileRerendersItsProtocolsAndThoseInheritingFromThem() throws {
    let workspace = try Workspace()
    try workspace.run()
    try workspace.folder.write(
      "Sources/Base.swift",
      Self.base.replacingOccurrences(
        of: "func ping() async", with: "func ping() async\n  func pong()"))
    let changed = try workspace.run()
    #expect(changed.statistics.readFiles == 1)
    // Base, and Derived, which inherits `pong()`; not Other.
    #expect(changed.statistics.renderedProtocols == 2)
    #expect(try workspace.outputs()["Derived+Decorators.swift"]?.contains("func pong()") == true)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
  }

  /// A protocol inheriting through a type alias depends on the alias's file: changing what
  /// the alias names changes the protocol's decorators.
  /// A protocol added in another file that takes a decorator's name renames that decorator,
  /// though the decorated protocol's own file did not change.
  @Test func aProtocolTakingADecoratorsNameRenamesItThroughTheCache() throws {
    let workspace = try Workspace()
    try workspace.run()
    let before = try workspace.outputs()["Other+Decorators.swift"] ?? ""
    #expect(before.contains("struct AnalyticsOther<Base: Other>"))
    try workspace.folder.write("Sources/Taken.swift", "public protocol AnalyticsOther {}\n")
    try workspace.run()
    let after = try workspace.outputs()
    #expect(
      after["Other+Decorators.swift"]?.contains("struct OtherAnalyticsDecorator<Base: Other>")
        == true)
    #expect(after == (try workspace.uncachedOutputs()))
  }

  @Test func aChangedAliasRerendersTheProtocolsInheritingThroughIt() throws {
    let workspace = try Workspace()
    try workspace.folder.write("Sources/Aliases.swift", "public typealias Pinging = Sendable")
    try workspace.folder.write(
      "Sources/Aliased.swift",
      "// veneer: logging\npublic protocol Aliased: Pinging {\n  func name() -> String\n}")
    try workspace.run()
    #expect(try workspace.outputs()["Aliased+Decorators.swift"]?.contains("ping()") == false)
    try workspace.folder.write("Sources/Aliases.swift", "public typealias Pinging = Base")
    let changed = try workspace.run()
    #expect(changed.statistics.readFiles == 1)
    #expect(try workspace.outputs()["Aliased+Decorators.swift"]?.contains("ping()") == true)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
  }

  /// Reference sources are keyed like sources: a protocol inheriting from one is rendered
  /// again when the reference changes, and only then.
  @Test func aChangedReferenceRerendersTheProtocolsInheritingFromIt() throws {
    let folder = try TemporaryFolder()
    try folder.write("Dependency/Remote.swift", "public protocol Remote {\n  func ping()\n}")
    try folder.write(
      "Sources/Local.swift", "// veneer: logging\npublic protocol Local: Remote {\n  func name()\n}"
    )
    var configuration = Configuration(
      sources: [folder.path + "/Sources"], output: folder.path + "/Out")
    configuration.references = [Located(folder.path + "/Dependency")]
    func run() throws -> Generation {
      // One cache per run, as per `veneer generate`: it asks whose its folder is once.
      let cache = GenerationCache(folder: folder.path + "/Cache")
      let generation = Generator().generate(configuration, cache: cache)
      let output = OutputFolder(path: folder.path + "/Out")
      try output.apply(try output.plan(generation.files, unchanged: generation.unchangedFiles))
      cache.save(generation, outputFolder: folder.path + "/Out")
      return generation
    }
    #expect(try run().statistics.renderedProtocols == 1)
    #expect(try run().statistics.renderedProtocols == 0)
    try folder.write("Dependency/Remote.swift", "public protocol Remote {\n  func pong()\n}")
    let changed = try run()
    #expect(changed.statistics.renderedProtocols == 1)
    #expect(folder.read("Out/Local+Decorators.swift")?.contains("func pong()") == true)
  }

  @Test func touchedButUnchangedFilesAreNotParsed() throws {
    let workspace = try Workspace()
    try workspace.run()
    try workspace.folder.write("Sources/Other.swift", Self.other)
    let touched = try workspace.run()
    #expect(touched.statistics.readFiles == 0)
    #expect(touched.statistics.renderedProtocols == 0)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
  }

  /// Most edits change no protocol: the run parses the edited file, finds its model as it was,
  /// and stops there, remembering the file so that the next run does not parse it again. An
  /// edit that changes a model, even only where a declaration starts, goes through.
  @Test func editsThatLeaveEveryModelAsItWasRenderNothing() throws {
    let workspace = try Workspace()
    try workspace.run()
    try workspace.folder.write(
      "Sources/Other.swift", Self.other + "\n\nfunc helper() -> Int {\n  42\n}\n")
    let edited = try workspace.run()
    #expect(edited.statistics.readFiles == 1)
    #expect(edited.statistics.renderedProtocols == 0)
    #expect(edited.files.isEmpty && edited.unchangedFiles.count == 3)
    // A file stamped within a tick of its edit is read again by the next run, as git re-hashes
    // a racily clean entry; once a run has stamped it a tick later, it is trusted by its stamp.
    Thread.sleep(forTimeInterval: Double(FileStamp.racyInterval) / 1e9 + 0.1)
    #expect(try workspace.run().statistics.readFiles == 1)
    #expect(try workspace.run().statistics.readFiles == 0)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())

    // The model kept for the edited file still serves a run that must render.
    try workspace.folder.write(
      "Sources/Base.swift", Self.base.replacingOccurrences(of: "ping", with: "pong"))
    let changed = try workspace.run()
    #expect(changed.statistics.readFiles == 1)
    #expect(changed.statistics.renderedProtocols == 2)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())

    // A blank line above the protocol moves it: the model records where it is declared.
    try workspace.folder.write("Sources/Other.swift", "\n" + Self.other)
    let moved = try workspace.run()
    #expect(moved.statistics.readFiles == 1)
    #expect(moved.statistics.renderedProtocols == 1)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
  }

  /// Many files changed at once, as after switching branches, are parsed by the run itself, not
  /// read first to see whether their models changed.
  @Test func manyEditedFilesGoStraightToParsing() throws {
    let workspace = try Workspace()
    let count = UnchangedRun.maximumChangedSources + 1
    for index in 0..<count {
      try workspace.folder.write("Sources/Helper\(index).swift", "func helper\(index)() {}\n")
    }
    try workspace.run()
    for index in 0..<count {
      try workspace.folder.write(
        "Sources/Helper\(index).swift", "func helper\(index)() {\n  print(\(index))\n}\n")
    }
    let edited = try workspace.run()
    #expect(edited.statistics.readFiles == count)
    #expect(edited.statistics.renderedProtocols == 0)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
    // Their models were as before; the next run, like any, takes them from the cache.
    #expect(try workspace.run().statistics.readFiles == 0)
  }

  @Test func aChangedRequirementIsNeverMistakenForAnUnchangedModel() throws {
    let workspace = try Workspace()
    try workspace.run()
    try workspace.folder.write(
      "Sources/Other.swift", Self.other.replacingOccurrences(of: "name: String", with: "id: Int"))
    let changed = try workspace.run()
    #expect(changed.statistics.renderedProtocols == 1)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
    #expect(try workspace.outputs()["Other+Decorators.swift"]?.contains("track(id: Int)") == true)
  }

  /// The cache finds each source's record by its position while the list of sources is as it
  /// was, and by its path once files are added or removed.
  @Test func addingOrRemovingASourceReadsOnlyWhatIsNew() throws {
    let workspace = try Workspace()
    try workspace.run()
    try workspace.folder.write(
      "Sources/Added.swift", Self.other.replacingOccurrences(of: "Other", with: "Added"))
    let added = try workspace.run()
    #expect(added.statistics.readFiles == 1)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
    try FileManager.default.removeItem(atPath: workspace.sources + "/Base.swift")
    try workspace.folder.write(
      "Sources/Base2.swift", Self.base.replacingOccurrences(of: "ping", with: "pong"))
    let replaced = try workspace.run()
    #expect(replaced.statistics.readFiles == 1)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
  }

  @Test func editedOrDeletedOutputsAreWrittenAgain() throws {
    let workspace = try Workspace()
    try workspace.run()
    try workspace.folder.write(
      "Generated/Other+Decorators.swift", GeneratedFile.header + "\n// edited by hand\n")
    try FileManager.default.removeItem(atPath: workspace.output + "/Base+Decorators.swift")
    let repaired = try workspace.run()
    #expect(repaired.statistics.renderedProtocols == 2)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
  }

  @Test(arguments: ["garbage {", "", "{\"format\": 99}", "VNRB1\n\u{5}"])
  func aCorruptOrForeignCacheIsIgnoredAndRebuilt(contents: String) throws {
    let workspace = try Workspace()
    try workspace.run()
    for file in ["index", "models"] {
      try workspace.folder.write("Cache/\(file)", contents)
    }
    let rebuilt = try workspace.run()
    #expect(rebuilt.statistics.renderedProtocols == 3)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
    #expect(try workspace.run().statistics.renderedProtocols == 0)
  }

  /// A protocol's model depends on which declaration each inherited name finds, which a new
  /// file elsewhere can change without touching the protocol's own file.
  @Test func aNewDeclarationOfAnInheritedNameRerendersTheInheritor() throws {
    let workspace = try Workspace()
    try workspace.folder.write(
      "Sources/Named.swift",
      "// veneer: logging\npublic protocol Named: CustomStringConvertible {\n  func name() -> String\n}\n"
    )
    try workspace.run()
    #expect(
      workspace.folder.read("Generated/Named+Decorators.swift")?.contains("description") == true)
    try workspace.folder.write(
      "Sources/Shadow.swift", "public protocol CustomStringConvertible {\n  func shadowed()\n}\n")
    let run = try workspace.run()
    #expect(run.statistics.renderedProtocols == 1)
    #expect(
      workspace.folder.read("Generated/Named+Decorators.swift")?.contains("shadowed()") == true)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
  }

  @Test func aDamagedModelsFileIsNeverTrusted() throws {
    let workspace = try Workspace()
    try workspace.run()
    let path = workspace.folder.path + "/Cache/models"
    let models = try #require(FileManager.default.contents(atPath: path))
    for offset in stride(from: 0, to: models.count, by: max(1, models.count / 7)) {
      var damaged = models
      damaged[offset] ^= 0x01
      try damaged.write(to: URL(fileURLWithPath: path))
      // A source edited, so that the run needs the models of the others.
      try workspace.folder.write(
        "Sources/Other.swift", Self.other.replacingOccurrences(of: "track", with: "track\(offset)"))
      let run = try workspace.run()
      #expect(run.statistics.readFiles == 3, "byte \(offset) of \(models.count)")
      #expect(try workspace.outputs() == workspace.uncachedOutputs())
    }
  }

  @Test func otherSettingsAreNotServedFromTheCache() throws {
    let workspace = try Workspace()
    try workspace.run()
    var configuration = Configuration(sources: [workspace.sources], output: workspace.output)
    configuration.render.logLevel = "info"
    let generation = Generator().generate(configuration, cache: workspace.cache)
    #expect(generation.statistics.renderedProtocols == 3)
    #expect(generation.files.contains { $0.contents.contains(".info") })
  }

  /// Directories unchanged since the last run are not listed again; a file added to one since
  /// is found all the same.
  @Test func aFileAddedToASettledFolderIsFound() throws {
    let workspace = try Workspace()
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: workspace.sources)
    // Settled: its status, which no one can set back, changed longer ago than a tick.
    Thread.sleep(forTimeInterval: Double(FileStamp.racyInterval) / 1e9 + 0.1)
    try workspace.run()
    #expect(FileManager.default.fileExists(atPath: workspace.folder.path + "/Cache/listings"))
    #expect(try workspace.run().statistics.readFiles == 0)
    try workspace.folder.write(
      "Sources/Added.swift", "// veneer: logging\npublic protocol Added {\n  func go()\n}\n")
    let run = try workspace.run()
    #expect(run.statistics.readFiles >= 1)
    #expect(workspace.folder.read("Generated/Added+Decorators.swift") != nil)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
  }

  /// Sets `path`'s modification time to `nanoseconds` since 1970, as `touch -d` does.
  static func setModified(_ path: String, to nanoseconds: Int) {
    var times = [
      timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000),
      timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000),
    ]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
  }

  /// A same-size edit whose modification time is set back to the one recorded (a clock too
  /// coarse to tell them, or `touch -d`) is seen: the file's status change time moved.
  @Test func aSameSizeEditWithItsTimeSetBackIsSeen() throws {
    let workspace = try Workspace()
    let path = workspace.sources + "/Derived.swift"
    let recorded = try #require(FileStamp(path: path))
    try workspace.run()
    try workspace.folder.write(
      "Sources/Derived.swift", Self.derived.replacingOccurrences(of: "load(", with: "lozd("))
    Self.setModified(path, to: recorded.modified)
    #expect(FileStamp(path: path)?.size == recorded.size)
    #expect(FileStamp(path: path)?.modified == recorded.modified)
    try workspace.run()
    #expect(workspace.folder.read("Generated/Derived+Decorators.swift")?.contains("lozd(") == true)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
  }

  /// A file added to a settled folder whose modification time is then set back to the one its
  /// listing recorded is found: the folder's status change time moved.
  @Test func anEntryAddedWithoutMovingItsFoldersTimeIsFound() throws {
    let workspace = try Workspace()
    let settled = FileStamp.now - 3_600_000_000_000
    Self.setModified(workspace.sources, to: settled)
    Thread.sleep(forTimeInterval: Double(FileStamp.racyInterval) / 1e9 + 0.1)
    try workspace.run()
    #expect(try workspace.run().statistics.readFiles == 0)
    try workspace.folder.write(
      "Sources/Added.swift", "// veneer: logging\npublic protocol Added {\n  func go()\n}\n")
    Self.setModified(workspace.sources, to: settled)
    try workspace.run()
    #expect(workspace.folder.read("Generated/Added+Decorators.swift") != nil)
    try FileManager.default.removeItem(atPath: workspace.sources + "/Added.swift")
    Self.setModified(workspace.sources, to: settled)
    try workspace.run()
    #expect(workspace.folder.read("Generated/Added+Decorators.swift") == nil)
    #expect(try workspace.outputs() == workspace.uncachedOutputs())
  }
}

/// The key that seals the caches lives only in the user's private folder: where that folder
/// cannot hold it, no cache is kept, with one warning, and no key is written beside the cache
/// (in a project, with `--cache-path .veneer-cache`). Only a build system's sandbox may keep it
/// beside its own work folder.
@Suite("The cache's key")
struct CacheKeyPlacementTests {
  func run(userFolder: String, keyBesideCache: Bool, in folder: TemporaryFolder) throws
    -> Diagnostic?
  {
    try folder.write("Project/Sources/Other.swift", GenerationCacheTests.other)
    let configuration = Configuration(
      sources: [folder.path + "/Project/Sources"], output: folder.path + "/Project/Generated")
    let cache = GenerationCache(
      folder: folder.path + "/Project/.veneer-cache", keyBesideCache: keyBesideCache,
      environment: ["XDG_CACHE_HOME": userFolder])
    let generation = Generator().generate(configuration, cache: cache)
    let output = OutputFolder(path: folder.path + "/Project/Generated")
    try output.apply(try output.plan(generation.files, unchanged: generation.unchangedFiles))
    return cache.save(generation, outputFolder: folder.path + "/Project/Generated")
  }

  @Test func aGroupWritableUserFolderKeepsNoCacheAndWritesNoKeyBesideIt() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/Shared", withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o775])
    let warning = try run(
      userFolder: folder.path + "/Shared", keyBesideCache: false, in: folder)
    #expect(warning?.severity == .warning)
    #expect(warning?.message.hasPrefix("no cache is kept, so every run reads every source") == true)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Project/seal.key"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Project/.veneer-cache"))
  }

  @Test func anEmptyKeyFileKeepsNoCacheAndSaysWhy() throws {
    let folder = try TemporaryFolder()
    try folder.write("Private/veneer/seal.key", "")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o700], ofItemAtPath: folder.path + "/Private")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o700], ofItemAtPath: folder.path + "/Private/veneer")
    let warning = try run(
      userFolder: folder.path + "/Private", keyBesideCache: false, in: folder)
    #expect(
      warning?.message.contains("seal.key is no key Veneer made") == true, "\(warning as Any)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Project/seal.key"))
  }

  @Test func aBuildSystemsSandboxKeepsTheKeyBesideItsWorkFolder() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/Shared", withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o775])
    let warning = try run(
      userFolder: folder.path + "/Shared", keyBesideCache: true, in: folder)
    #expect(warning == nil, "\(warning as Any)")
    #expect(FileManager.default.fileExists(atPath: folder.path + "/Project/seal.key"))
  }
}
