import VeneerModel
import VeneerParser
import VeneerSupport

/// The incremental machinery, the one room the pipeline consults about the last run: what the
/// cache remembers (the directories listed, the index for these settings, the sources' stamps
/// and models, the outputs as written) so that only what changed is listed, read, parsed and
/// rendered. Its answers never change the output: without a cache each of them is "nothing is
/// known", and the run does all the work.
struct IncrementalRun {
  let cache: GenerationCache?
  /// When the run began, before any stamp was taken.
  let startedAt = FileStamp.now
  /// The directories discovery listed last time: only those changed since are listed again.
  let listings: DirectoryListings?
  /// The cache's index, when it was written with this run's settings.
  private(set) var index: GenerationCache.Index?
  /// Each input's size and modification time, taken before it is read, when there is an
  /// index to compare them with; nil otherwise, and each file's stamp is taken as it is read.
  private(set) var stamps: [FileStamp?]?
  /// The cached models, read on another thread from when the run is known to go on.
  private(set) var models: Parallel.Future<GenerationCache.Models?>?
  /// The sources the check parsed, by position: not parsed again.
  private(set) var parsedByCheck: [Int: ParsedSources.ParsedSource] = [:]
  /// The outputs the check found on disk as recorded, by render key; nil when it did not look.
  private var outputsAsRecorded: [UInt64: GenerationCache.OutputStamp]?

  init(cache: GenerationCache?) {
    self.cache = cache
    listings = cache.map { DirectoryListings(earlier: $0.directoryListings()) }
  }

  /// Whether parsed models are encoded for the cache to keep.
  var encodesModels: Bool { cache != nil }

  /// The templates `preparation` makes, once it has, with the stamps of the `discovered` inputs
  /// taken when its index is for this run.
  mutating func stamp(
    _ discovered: DiscoveredSources, preparedBy preparation: Parallel.Future<PreparedTemplates>
  ) -> PreparedTemplates {
    // Only an index is compared with the sources' stamps before they are parsed: when there may
    // be one, they are taken while the other thread reads it.
    let earlyStamps = cache?.mayHaveIndex == true ? discovered.stamps() : nil
    let prepared = preparation.value
    index = prepared.index
    stamps = index.map { _ in earlyStamps ?? discovered.stamps() }
    return prepared
  }

  /// The run's end when no source's model and no output changed since the index was written;
  /// nil when it goes on, keeping what the check found so that nothing is done twice.
  mutating func check(
    _ discovered: DiscoveredSources, output: OutputFolder?, parser: ProtocolParser
  ) -> UnchangedRun? {
    guard let index, let stamps,
      index.headers.areUnchanged(discovered: discovered.headers)
    else { return nil }
    // The models are read as soon as the check knows the run goes on, while it looks at the
    // outputs.
    let verdict = UnchangedRun.check(
      index, changed: UnchangedRun.changedSources(index, discovered, stamps), stamps,
      output: output, parser: parser, goesOn: { readModels() })
    switch verdict {
    case .unchanged(let unchanged):
      return unchanged
    case .changed(let parsed, let recorded):
      parsedByCheck = parsed
      outputsAsRecorded = recorded
      return nil
    }
  }

  /// Starts reading the cached models, once, when there is an index to trust them by.
  mutating func readModels() {
    guard models == nil, index != nil, let cache else { return }
    models = Parallel.Future { cache.models() }
  }

  /// What the index says of a run the check ended: no file written, every output kept.
  func generation(
    ending unchanged: UnchangedRun, statistics: Generation.Statistics
  ) -> Generation {
    guard let index else { preconditionFailure("only a run with an index is ended by its check") }
    var statistics = statistics
    statistics.protocols = index.statistics.protocols
    statistics.decoratedProtocols = index.statistics.decoratedProtocols
    statistics.outputLines = index.statistics.outputLines
    statistics.readFiles = unchanged.parsedCount
    var generation = Generation(
      files: [], unchangedFiles: unchanged.files, diagnostics: index.diagnostics,
      statistics: statistics)
    generation.cacheRecord = unchanged.changedStamps.map {
      CacheRecord(
        settings: index.settings, stampedAt: startedAt, sources: $0, headers: index.headers,
        keptOutputs: index.outputs)
    }
    generation.directoryListings = changedListings
    return generation
  }

  /// What rendering may take from the last run, nil when nothing: a protocol whose model and
  /// settings are those of a file on disk as last written needs no rendering. Outputs are known
  /// by render key only with a file per protocol: a file per source has no key to reuse.
  func renderReuse(
    settings: UInt64, parsed: ParsedSources, output: OutputFolder?,
    _ configuration: Configuration
  ) -> Rendering.Reuse? {
    guard cache != nil, configuration.sourceFileRoot == nil else { return nil }
    return Rendering.Reuse(
      settings: settings, fileHashes: parsed.hashesOfDeclaringFiles(),
      outputs: outputsAsRecorded
        ?? index.flatMap { index in output?.outputsAsRecorded(index.outputs) } ?? [:])
  }

  /// Hands `generation` what the cache is to remember once its files are written.
  func record(
    _ generation: inout Generation, settings: UInt64, parsed: ParsedSources,
    headers: GenerationCache.Headers, rendering: Rendering, files: [AssembledFile]
  ) {
    generation.cacheRecord = CacheRecord(
      settings: settings, stampedAt: startedAt, parsed: parsed, headers: headers,
      rendering: rendering, files: files)
    generation.directoryListings = changedListings
  }

  /// The directories listed, when they are not those the cache holds.
  private var changedListings: DirectoryListings.Snapshot? {
    listings.flatMap { $0.changed ? $0.snapshot : nil }
  }
}
