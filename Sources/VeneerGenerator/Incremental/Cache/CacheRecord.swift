import VeneerModel
import VeneerParser
import VeneerRenderer

/// What a run hands its cache to remember.
struct CacheRecord: Sendable {
  var settings: UInt64
  /// When the run began: its stamps were taken after.
  var stampedAt: Int
  var sources: [GenerationCache.SourceStamp]
  var headers: GenerationCache.Headers
  /// Nil when the models on disk are still those of `sources`.
  var models: GenerationCache.Models?
  /// Every output file rendered: its name, the render key of its contents, and its line count.
  var outputs: [(name: String, key: UInt64, lines: Int)]
  /// The outputs not rendered again, as the index had them: this run found each on disk as
  /// recorded and left it alone, so its stamp needs no second `stat`.
  var keptOutputs: [GenerationCache.OutputStamp]

  /// A run that rendered nothing: its sources' stamps, its outputs those already recorded.
  init(
    settings: UInt64, stampedAt: Int, sources: [GenerationCache.SourceStamp],
    headers: GenerationCache.Headers, keptOutputs: [GenerationCache.OutputStamp]
  ) {
    self.settings = settings
    self.stampedAt = stampedAt
    self.sources = sources
    self.headers = headers
    models = nil
    outputs = []
    self.keptOutputs = keptOutputs
  }

  init(
    settings: UInt64, stampedAt: Int, parsed: ParsedSources, headers: GenerationCache.Headers,
    rendering: Rendering, files: [AssembledFile]
  ) {
    self.settings = settings
    self.stampedAt = stampedAt
    sources = parsed.stamps
    self.headers = headers
    models =
      parsed.isUnchanged
      ? nil
      : GenerationCache.Models(
        entries: zip(parsed.files, parsed.parsed).map {
          GenerationCache.ParsedEntry(
            path: $0, hash: $1.hash, parsed: $1.parsed, encoded: $1.encoded)
        })
    let keysByName = Dictionary(
      rendering.rendered.filter { $0.key != 0 }.map { ($0.fileName, $0.key) },
      uniquingKeysWith: { first, _ in first })
    // A file with no render key (one per source file, Objective-C's, a protocol's `#if`
    // branches) is known by its contents: keys must differ for the check to find each output
    // as recorded.
    outputs = files.map {
      ($0.source.name, keysByName[$0.source.name] ?? ContentHash.of($0.source.contents), $0.lines)
    }
    keptOutputs = rendering.unchanged
  }
}
