import VeneerModel

/// The pipeline's last stage, the one every front end runs: `veneer generate` (and through it
/// both plugins) and `veneer-bench` write, `veneer check` and `--dry-run` only plan. What the
/// files change in the output folder is planned, written atomically, then the cache saved,
/// which must describe what is on disk.
extension Generation {
  /// What writing did, and how long each part took.
  package struct Written: Sendable {
    /// The files created, updated and deleted, and those left as they were.
    package var plan: OutputFolder.Plan
    /// Why the cache could not be kept, if it could not.
    package var cacheWarning: Diagnostic?
    package var writing: Duration
    package var savingCache: Duration
  }

  /// What writing the files into `output` would change, nothing written: what `veneer check`
  /// and `--dry-run` report, and what `write` applies. Throws when the folder cannot be planned.
  package func plan(against output: String) throws(OutputError) -> OutputFolder.Plan {
    try OutputFolder(path: output).plan(files, unchanged: unchangedFiles)
  }

  /// Writes the files into `output`, Veneer's stale ones deleted and no one else's, then saves
  /// `cache`, if any; throws, with the files untouched, when the folder cannot be planned.
  package func write(to output: String, cache: GenerationCache?) throws(OutputError)
    -> Written
  {
    let clock = ContinuousClock()
    let start = clock.now
    let plan = try plan(against: output)
    try OutputFolder(path: output).apply(plan)
    let written = clock.now
    let cacheWarning = cache?.save(self, outputFolder: output)
    return Written(
      plan: plan, cacheWarning: cacheWarning, writing: written - start,
      savingCache: clock.now - written)
  }
}
