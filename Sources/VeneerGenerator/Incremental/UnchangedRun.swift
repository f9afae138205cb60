import VeneerParser
import VeneerSupport

/// Stage 2, check: a run ends here when every output is on disk as the cache recorded it and
/// no source's model changed: no source changed on disk, or the few that did (an edit to a
/// function body, a comment, a file saved again unchanged) still give the models they gave.
package struct UnchangedRun {
  /// The output files, all as last written.
  var files: [String]
  /// The sources' stamps for the cache, when some changed on disk but not their models: each
  /// keeps the hashes of its model's bytes, so the next run reads none of them again.
  var changedStamps: [GenerationCache.SourceStamp]?
  /// How many sources were parsed to tell: those whose bytes changed.
  var parsedCount = 0

  /// More sources changed than this, as after switching branches, and the run parses them
  /// instead of reading them here first.
  package static let maximumChangedSources = 32

  /// What the check found: the run is over, or it goes on to parse, with what the check
  /// already found, so that nothing is done twice: the sources it parsed, by position, and the
  /// outputs on disk as the cache recorded them, by render key (nil when it did not look).
  enum Verdict {
    case unchanged(UnchangedRun)
    case changed(
      parsed: [Int: ParsedSources.ParsedSource],
      outputsAsRecorded: [UInt64: GenerationCache.OutputStamp]?)
  }

  /// The positions of the sources whose stamps differ from the index's, or that were stamped
  /// too soon after they changed to be trusted by their stamps ("racily clean", as git says),
  /// or nil when the sources are not those it lists or more than `maximumChangedSources`
  /// changed: then the run goes on to parse without checking.
  static func changedSources(
    _ index: GenerationCache.Index, _ discovered: DiscoveredSources, _ stamps: [FileStamp?]
  ) -> [Int]? {
    guard index.sources.count == discovered.inputFiles.count else { return nil }
    var changed: [Int] = []
    for (position, (old, (path, stamp))) in zip(
      index.sources, zip(discovered.inputFiles, stamps)
    ).enumerated() {
      guard old.path == path, let stamp else { return nil }
      if old.size != stamp.size || old.modified != stamp.modified
        || old.statusChanged != stamp.statusChanged
        || stamp.isRacy(stampedAt: index.stampedAt)
      {
        changed.append(position)
        guard changed.count <= Self.maximumChangedSources else { return nil }
      }
    }
    return changed
  }

  /// The verdict, given `changedSources`' answer. The changed sources are parsed first: as
  /// soon as the run is known to go on, `goesOn` is called (to start reading the cached models
  /// while the outputs are looked at), once, and never for a run the check ends.
  static func check(
    _ index: GenerationCache.Index, changed: [Int]?, _ stamps: [FileStamp?],
    output: OutputFolder?, parser: ProtocolParser, goesOn: () -> Void
  ) -> Verdict {
    guard let changed else {
      goesOn()
      return .changed(parsed: [:], outputsAsRecorded: nil)
    }
    let outcomes = Parallel.map(changed) { position in
      Self.check(index.sources[position], stamp: stamps[position]!, parser: parser)
    }
    let wereRead = outcomes.allSatisfy { $0 != nil }
    let haveSameModels = wereRead && outcomes.allSatisfy { $0!.hasSameModel }
    if !haveSameModels { goesOn() }
    let recorded = output?.outputsAsRecorded(index.outputs)
    let parsed =
      wereRead
      ? Dictionary(
        uniqueKeysWithValues: zip(changed, outcomes).compactMap { position, outcome in
          outcome!.parsed.map { (position, $0) }
        }) : [:]
    guard haveSameModels, (recorded?.count ?? 0) == index.outputs.count else {
      if haveSameModels { goesOn() }
      return .changed(parsed: parsed, outputsAsRecorded: recorded)
    }
    var run = UnchangedRun(files: index.outputs.map(\.name))
    guard !changed.isEmpty else { return .unchanged(run) }
    var sources = index.sources
    for position in changed {
      // Taken before the file was read: an edit after it leaves the file newer than this.
      sources[position].size = stamps[position]!.size
      sources[position].modified = stamps[position]!.modified
      sources[position].statusChanged = stamps[position]!.statusChanged
    }
    run.changedStamps = sources
    run.parsedCount = parsed.count
    return .unchanged(run)
  }

  /// A changed source: whether it gives the model it gave, and its parse when its bytes
  /// changed; nil when it cannot be read, which the run then reports.
  private static func check(
    _ old: GenerationCache.SourceStamp, stamp: FileStamp, parser: ProtocolParser
  ) -> (hasSameModel: Bool, parsed: ParsedSources.ParsedSource?)? {
    guard
      let contents = try? FileBytes.readWithStamp(old.path, limit: FileBytes.sourceSizeLimit)
        .bytes
    else { return nil }
    let hash = ContentHash.of(contents)
    if hash == old.hash { return (true, nil) }
    let parsed = parser.parseFile(old.path, contents: contents)
    let model = GenerationCache.encode(parsed)
    return (
      model.hash == old.modelHash,
      ParsedSources.ParsedSource(
        parsed: parsed, hash: hash, modelHash: model.hash, stamp: stamp, encoded: model.bytes)
    )
  }
}
