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

  init?(
    _ index: GenerationCache.Index, _ discovered: DiscoveredSources, _ stamps: [FileStamp?],
    output: OutputFolder?, parser: ProtocolParser
  ) {
    guard index.sources.count == discovered.inputFiles.count else { return nil }
    var changed: [Int] = []
    for (position, (old, (path, stamp))) in zip(
      index.sources, zip(discovered.inputFiles, stamps)
    ).enumerated() {
      guard old.path == path, let stamp else { return nil }
      if old.size != stamp.size || old.modified != stamp.modified {
        changed.append(position)
        guard changed.count <= Self.maximumChangedSources else { return nil }
      }
    }
    guard (output?.outputsAsRecorded(index.outputs).count ?? 0) == index.outputs.count else {
      return nil
    }
    if !changed.isEmpty {
      let outcomes = Parallel.map(changed) { position in
        Self.check(index.sources[position], parser: parser)
      }
      guard !outcomes.contains(.otherModel) else { return nil }
      var sources = index.sources
      for position in changed {
        // Taken before the file was read: an edit after it leaves the file newer than this.
        sources[position].size = stamps[position]!.size
        sources[position].modified = stamps[position]!.modified
      }
      changedStamps = sources
      parsedCount = outcomes.count(where: { $0 == .sameModel })
    }
    files = index.outputs.map(\.name)
  }

  private enum Outcome {
    case sameBytes, sameModel, otherModel
  }

  /// Whether the source's bytes are those of last time, or else give the same model.
  private static func check(_ old: GenerationCache.SourceStamp, parser: ProtocolParser)
    -> Outcome
  {
    guard
      let contents = try? FileBytes.readWithStamp(old.path, limit: FileBytes.sourceSizeLimit)
        .bytes
    else { return .otherModel }
    if ContentHash.of(contents) == old.hash { return .sameBytes }
    let model = GenerationCache.encode(parser.parseFile(old.path, contents: contents))
    return model.hash == old.modelHash ? .sameModel : .otherModel
  }
}
