import VeneerModel
import VeneerParser
import VeneerSupport

/// Stage 1, discover: the files a run reads. Sources are decorated; reference sources are read
/// and cached alike, for the protocols that sources inherit from, and never decorated.
struct DiscoveredSources: Sendable {
  /// The sources, in the order the configuration lists them.
  var sources: [String]
  /// The reference sources that are not also sources.
  var references: Set<String>
  /// Sources, then references: every file the run reads.
  var inputFiles: [String]
  var diagnostics: [Diagnostic]

  /// With `listings`, directories unchanged since they were listed are not listed again; with
  /// `readAhead`, inputs are read and parsed on another core as the walk finds them.
  init(_ configuration: Configuration, listings: DirectoryListings?, readAhead: ReadAhead?) {
    let sources = SourceFiles.matching(
      include: configuration.include, exclude: configuration.exclude,
      directory: configuration.directory, listings: listings, found: readAhead?.offer)
    let references = SourceFiles.matching(
      include: configuration.references, exclude: configuration.exclude,
      directory: configuration.directory, listings: listings, found: readAhead?.offer)
    readAhead?.finishOffering()
    // Most configurations have no references: then no set of every source is hashed.
    let sourceSet = references.files.isEmpty ? [] : Set(sources.files)
    let referenceFiles = references.files.filter { !sourceSet.contains($0) }
    self.sources = sources.files
    self.references = Set(referenceFiles)
    inputFiles = sources.files + referenceFiles
    diagnostics = sources.diagnostics + references.diagnostics
  }

  /// Each input's size and modification time, or nil for one that vanished; on all cores, the
  /// cost of a run where nothing changed.
  func stamps() -> [FileStamp?] {
    Parallel.map(inputFiles, inlineBelow: Parallel.fewSystemCalls) { FileStamp(path: $0) }
  }
}
