import Foundation
import VeneerModel
import VeneerParser
import VeneerSupport

/// What the last run read and wrote, kept in a folder of its own, so that the next run parses
/// only the sources that changed and renders only the protocols they affect.
///
/// Three files, in the binary form of `CacheCoding` and sealed with the user's secret key
/// (`CacheSeal`): a small index (settings, a stamp per source and per output, the diagnostics),
/// which is all a run where nothing changed reads besides the listings of the directories
/// discovery went through, and the parsed model of every source, which a run reads when
/// something did. Anything unexpected in any — another format or Veneer version, other
/// settings, a file that does not decode or fails its seal — and that file is ignored and
/// rewritten, never trusted. The folder is opened once and used by its descriptor
/// (`CacheFolder`).
package struct GenerationCache: Sendable {
  package let folder: String

  /// - Parameter keyBesideCache: whether the key may be kept beside the cache folder when the
  ///   user's private folder cannot be used: only under a build system, whose sandbox lets a
  ///   run write its own work folder alone (the build plugin's). Elsewhere it would be written
  ///   wherever the cache is, a project's folder among them, and no cache is kept instead.
  package init(
    folder: String, keyBesideCache: Bool = false,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.folder = folder
    opened = CacheFolder.open(folder, creating: false)
    ownershipAtStart = Self.ownership(of: opened)
    let key = Self.sealKey(
      forCacheIn: folder, besideCache: keyBesideCache, environment: environment)
    seal = (try? key.get()).map(CacheSeal.init)
    keyWarning = Self.keyWarning(key, environment: environment)
  }

  /// The folder as opened when the run began, or why it is refused; nil when it did not exist.
  private let opened: Result<CacheFolder?, CacheFolder.Refusal>
  /// Whose the folder was when the run began: what reading the cache goes by, asked once.
  private let ownershipAtStart: Ownership
  /// The seal of the user's key; without a key no cache is read or kept.
  private let seal: CacheSeal?
  /// Why there is no key, said once, when the run would have kept a cache.
  private let keyWarning: Diagnostic?

  /// Why the user's private folder cannot hold the key.
  private struct KeyProblem: Error {
    var folder: String
    var reason: String
  }

  /// The key in the user's private Veneer folder, or beside the cache folder when that one
  /// cannot be used and `besideCache` allows.
  private static func sealKey(
    forCacheIn folder: String, besideCache: Bool, environment: [String: String]
  ) -> Result<SealKey, KeyProblem> {
    let user = userFolder(environment: environment)
    let problem: KeyProblem
    switch CacheFolder.open(user, creating: true) {
    case .success(let keys?):
      if let key = SealKey.load(in: keys) { return .success(key) }
      problem = KeyProblem(
        folder: user,
        reason: "its \(SealKey.fileName) is no key Veneer made (empty, or not 16 bytes); delete "
          + "it, and the next run makes one")
    case .success(nil):
      problem = KeyProblem(folder: user, reason: "it cannot be made")
    case .failure(let refusal):
      problem = KeyProblem(folder: user, reason: refusal.reason)
    }
    if besideCache {
      let parent = (URL(fileURLWithPath: folder).standardizedFileURL.path as NSString)
        .deletingLastPathComponent
      if case .success(let keys?) = CacheFolder.open(parent, creating: true),
        let key = SealKey.load(in: keys)
      {
        return .success(key)
      }
    }
    return .failure(problem)
  }

  private static func keyWarning(
    _ key: Result<SealKey, KeyProblem>, environment: [String: String]
  ) -> Diagnostic? {
    guard case .failure(let problem) = key else { return nil }
    return Diagnostic(
      .warning,
      "no cache is kept, so every run reads every source: the key that seals Veneer's caches "
        + "lives only in the user's private folder, and \(problem.folder) cannot hold it: "
        + "\(problem.reason) (XDG_CACHE_HOME chooses another)", file: problem.folder)
  }

  /// Bumped whenever what the cache holds changes meaning.
  static let format = 15

  struct Index {
    var format: Int
    var veneerVersion: String
    /// Of the configuration and the templates' text and options.
    var settings: UInt64
    /// When the run that wrote it began, in nanoseconds since 1970: a source that had changed
    /// within `FileStamp.racyInterval` of it may have changed again unseen, and is read again.
    var stampedAt: Int
    var sources: [SourceStamp]
    var headers: Headers
    var outputs: [OutputStamp]
    var diagnostics: [Diagnostic]
    var statistics: Counts
  }

  /// The Objective-C headers as last read, known by their contents: a run's headers are few and
  /// small, so reading them again costs little and nothing racy is trusted.
  struct Headers: Equatable, Sendable {
    /// The headers discovery found, in its order.
    var discovered: [String] = []
    /// Every file read for them, those included too, with a hash of its bytes as parsed.
    var contents: [HeaderContent] = []

    /// Whether `discovered` are the headers recorded, each file as it was.
    func areUnchanged(discovered: [String]) -> Bool {
      guard self.discovered == discovered else { return false }
      return Parallel.map(contents) { file in
        (try? FileBytes.readWithStamp(file.path, limit: FileBytes.sourceSizeLimit).bytes)
          .map { ContentHash.of($0) == file.hash } ?? false
      }.allSatisfy { $0 }
    }
  }

  struct HeaderContent: Equatable, Sendable {
    var path: String
    var hash: UInt64
  }

  /// The directories the last discovery listed, in a file of their own: a run reads them before
  /// it knows whether anything changed.
  struct SavedListings {
    var format: Int
    var veneerVersion: String
    var snapshot: DirectoryListings.Snapshot
  }

  struct Counts {
    var protocols: Int
    var decoratedProtocols: Int
    var outputLines: Int
  }

  /// A source file as last read.
  struct SourceStamp: Equatable {
    var path: String
    var size: Int
    var modified: Int
    var statusChanged: Int
    /// Of the bytes its model was parsed from. A later edit that left the model as it was keeps
    /// it, and with it the model's entry in the models file and the render keys of its protocols.
    var hash: UInt64
    /// Of its model as the models file holds it: what tells an edit that changed no protocol.
    var modelHash: UInt64
  }

  /// An output file as last written, and the render key of what is in it.
  struct OutputStamp {
    var name: String
    var key: UInt64
    var lines: Int
    var size: Int
    var modified: Int
  }

  /// The parsed model of every source, each encoded on its own, so that a run that parsed a few
  /// files again writes only theirs anew and copies the others' bytes.
  struct Models {
    /// In the order of the sources.
    var entries: [ParsedEntry]

    /// A blob of entries, each its path, its hash and its model's own blob; sealed as a whole.
    /// Models are encoded as they are parsed when a run has a cache; any parsed without one are
    /// encoded here, on every core.
    func encoded(sealedBy seal: CacheSeal) -> [UInt8] {
      // A run with a cache encoded every model it parsed: threads only for any it did not.
      let encoded = entries.compactMap(\.encoded)
      let models =
        encoded.count == entries.count
        ? encoded
        : Parallel.map(entries) { entry in entry.encoded ?? CacheWriter.encode(entry.parsed) }
      return seal.seal(
        CacheWriter.encode(
          zip(entries, models).map { Framed(path: $0.path, hash: $0.hash, model: $1) }))
    }

    /// The entries of `bytes`, their models decoded on every core.
    static func decode(_ bytes: [UInt8], sealedBy seal: CacheSeal) throws -> Models {
      let framed = try CacheReader.decode([Framed].self, from: seal.unseal(bytes))
      let decoded = Parallel.map(framed) { entry in
        try? CacheReader.decode(ParsedFile.self, from: entry.model)
      }
      return Models(
        entries: try zip(framed, decoded).map { entry, parsed in
          guard let parsed else { throw CacheDamaged() }
          return ParsedEntry(
            path: entry.path, hash: entry.hash, parsed: parsed, encoded: entry.model)
        })
    }

    /// An entry as the models file holds it: its model still encoded.
    private struct Framed: CacheCodable, Sendable {
      var path: String
      var hash: UInt64
      var model: [UInt8]

      init(path: String, hash: UInt64, model: [UInt8]) {
        self.path = path
        self.hash = hash
        self.model = model
      }

      func write(to writer: inout CacheWriter) {
        writer.writeUnique(path)
        writer.write(hash)
        writer.writeBytes(model)
      }

      init(from reader: inout CacheReader) throws {
        self.init(
          path: try reader.readUnique(), hash: try reader.read(), model: try reader.readBytes())
      }
    }
  }

  /// A model as the models file holds it, and its hash, which the index keeps.
  static func encode(_ parsed: ParsedFile) -> (bytes: [UInt8], hash: UInt64) {
    let bytes = CacheWriter.encode(parsed)
    return (bytes, ContentHash.of(bytes))
  }

  /// A source's path, the content hash it was parsed from, and what the parse gave.
  struct ParsedEntry: Sendable {
    var path: String
    var hash: UInt64
    var parsed: ParsedFile
    /// The model as the cache holds it, when it came from there.
    var encoded: [UInt8]?
  }

  private static let indexName = "index"
  private static let listingsName = "listings"
  private static let modelsName = "models"

  /// The Cache Directory Tagging Specification's file, which marks the folder as Veneer's: only
  /// a folder holding it, an empty or new one, or one of an earlier Veneer's caches is written
  /// into, and nothing in it but Veneer's own files is ever replaced or deleted.
  static let tagName = "CACHEDIR.TAG"
  static let tag =
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    + "# This file is a cache directory tag created by Veneer.\n"
    + "# Veneer keeps its incremental cache here; the folder may be deleted at any time.\n"

  /// Whether the folder is Veneer's, and what to do with it.
  enum Ownership: Equatable {
    /// It holds Veneer's tag, or only an earlier Veneer's cache files.
    case veneers
    /// It does not exist, or is empty: Veneer may make it its own.
    case unclaimed
    /// It holds something else, which Veneer leaves alone.
    case foreign
    /// Someone else could change what it holds (`reason`): a cache there could be rewritten to
    /// make Veneer write code of theirs, so none is kept or read there.
    case untrusted(reason: String)
  }

  /// Whose the folder opened at the run's start is.
  private static func ownership(of opened: Result<CacheFolder?, CacheFolder.Refusal>) -> Ownership {
    switch opened {
    case .failure(let refusal): .untrusted(reason: refusal.reason)
    case .success(nil): .unclaimed
    case .success(let folder?): ownership(of: folder)
    }
  }

  /// Whose the open `folder` is, by what it holds.
  static func ownership(of folder: CacheFolder) -> Ownership {
    if folder.read(tagName) == Array(tag.utf8) { return .veneers }
    guard let names = folder.names() else { return .foreign }
    if names.isEmpty { return .unclaimed }
    // A cache of a Veneer without tags: its two files, the index sealed by its checksum.
    let isEarlierCache =
      Set(names).isSubset(of: [indexName, modelsName])
      && folder.read(indexName).map(CacheSeal.isUnkeyedSeal) == true
    return isEarlierCache ? .veneers : .foreign
  }

  /// The folder the run began with, when it may be read: Veneer's, and sealed with a key.
  private var readable: (folder: CacheFolder, seal: CacheSeal)? {
    guard ownershipAtStart == .veneers, case .success(let folder?) = opened, let seal else {
      return nil
    }
    return (folder, seal)
  }

  /// Whether an index is on disk, to be read or refused by `index(settings:)`.
  var mayHaveIndex: Bool { readable?.folder.contains(Self.indexName) == true }

  /// The index, when it was written by this format and version with these settings.
  func index(settings: UInt64) -> Index? {
    guard let (folder, seal) = readable, let bytes = folder.read(Self.indexName),
      let index = try? CacheReader.decode(Index.self, from: seal.unseal(bytes)),
      index.format == Self.format, index.veneerVersion == GeneratedFile.veneerVersion,
      index.settings == settings
    else { return nil }
    return index
  }

  /// The directories the last discovery listed and its searches, or none when they cannot be
  /// read: then every directory is listed again.
  func directoryListings() -> DirectoryListings.Snapshot {
    guard let (folder, seal) = readable, let bytes = folder.read(Self.listingsName),
      let listings = try? CacheReader.decode(SavedListings.self, from: seal.unseal(bytes)),
      listings.format == Self.format, listings.veneerVersion == GeneratedFile.veneerVersion
    else { return DirectoryListings.Snapshot() }
    return listings.snapshot
  }

  func models() -> Models? {
    guard let (folder, seal) = readable, let bytes = folder.read(Self.modelsName) else {
      return nil
    }
    return try? Models.decode(bytes, sealedBy: seal)
  }

  /// Records a run whose output folder now holds everything `generation` expects. A cache
  /// that cannot be written only costs the next run its speed; a folder that is not Veneer's
  /// is left as it is, and the warning returned says so. Everything is written through the
  /// folder's descriptor: the folder opened when the run began, or made and opened now.
  @discardableResult
  package func save(_ generation: Generation, outputFolder: String) -> Diagnostic? {
    guard generation.cacheRecord != nil || generation.directoryListings != nil else {
      return nil
    }
    guard let seal else { return keyWarning }
    let cache: CacheFolder
    switch opened {
    case .failure(let refusal): return Self.untrustedWarning(folder, refusal.reason)
    case .success(let existing?): cache = existing
    case .success(nil):
      switch CacheFolder.open(folder, creating: true) {
      case .failure(let refusal): return Self.untrustedWarning(folder, refusal.reason)
      case .success(nil): return nil
      case .success(let made?): cache = made
      }
    }
    // Asked again, of the descriptor: the run may have been long.
    switch Self.ownership(of: cache) {
    case .veneers: break
    case .unclaimed:
      guard cache.write(Array(Self.tag.utf8), to: Self.tagName) else { return nil }
    case .untrusted(let reason):
      return Self.untrustedWarning(folder, reason)
    case .foreign:
      return Diagnostic(
        .warning,
        "the cache folder holds files that are not Veneer's (it has no \(Self.tagName) of "
          + "Veneer's), so Veneer keeps no cache there and leaves them alone; choose an empty or "
          + "new folder", file: folder)
    }
    if let listings = generation.directoryListings {
      let saved = SavedListings(
        format: Self.format, veneerVersion: GeneratedFile.veneerVersion, snapshot: listings)
      cache.write(seal.seal(CacheWriter.encode(saved)), to: Self.listingsName)
    }
    guard let record = generation.cacheRecord else { return nil }
    let written = OutputFolder(path: outputFolder)
    let stamps = record.outputs.compactMap { output -> OutputStamp? in
      guard let stamp = written.stamp(of: output.name) else { return nil }
      return OutputStamp(
        name: output.name, key: output.key, lines: output.lines, size: stamp.size,
        modified: stamp.modified)
    }
    let outputs = stamps + record.keptOutputs
    let index = Index(
      format: Self.format, veneerVersion: GeneratedFile.veneerVersion, settings: record.settings,
      stampedAt: record.stampedAt, sources: record.sources, headers: record.headers,
      outputs: outputs.sorted { $0.name < $1.name },
      diagnostics: generation.diagnostics,
      statistics: Counts(
        protocols: generation.statistics.protocols,
        decoratedProtocols: generation.statistics.decoratedProtocols,
        outputLines: generation.statistics.outputLines))
    // The models first: an index is only trusted beside the models it was written with, and a
    // run killed in between leaves an index that no longer matches them, so both are ignored.
    cache.remove(Self.indexName)
    if let models = record.models {
      cache.write(models.encoded(sealedBy: seal), to: Self.modelsName)
    }
    cache.write(seal.seal(CacheWriter.encode(index)), to: Self.indexName)
    return nil
  }

  private static func untrustedWarning(_ folder: String, _ reason: String) -> Diagnostic {
    Diagnostic(
      .warning,
      "Veneer keeps no cache in this folder and reads none from it: \(reason), so another user "
        + "could change what the next run writes; remove it, or choose a folder of your own "
        + "with --cache-path", file: folder)
  }

  /// The cache folder for an output folder, under the user's cache directory: `XDG_CACHE_HOME`
  /// when it is an absolute path, as the XDG specification requires, else the platform's.
  package static func defaultFolder(
    forOutput output: String,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let absolute = URL(fileURLWithPath: output).standardizedFileURL.path
    return userFolder(environment: environment) + "/"
      + String(ContentHash.of(Array(absolute.utf8)), radix: 16)
  }

  /// The user's own Veneer folder, which holds their caches and the key that seals them.
  static func userFolder(environment: [String: String]) -> String {
    let base =
      environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
      ?? FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
      ?? URL(fileURLWithPath: NSTemporaryDirectory())
    return base.appendingPathComponent("veneer").path
  }
}
