import VeneerParser

/// Stage 2, check: a run where no source changed ends here, when every output is on disk as
/// the cache recorded it.
struct UnchangedRun {
  /// The output files, all as last written.
  var files: [String]

  init?(
    _ index: GenerationCache.Index, _ discovered: DiscoveredSources, _ stamps: [FileStamp?],
    output: OutputFolder?
  ) {
    guard index.sources.count == discovered.inputFiles.count else { return nil }
    for (old, (path, stamp)) in zip(index.sources, zip(discovered.inputFiles, stamps)) {
      guard old.path == path, let stamp, old.size == stamp.size, old.modified == stamp.modified
      else { return nil }
    }
    guard (output?.outputsAsRecorded(index.outputs).count ?? 0) == index.outputs.count else {
      return nil
    }
    files = index.outputs.map(\.name)
  }
}
