import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerSupport

/// Parses sources, selects protocols, and renders their decorators, all in memory.
///
/// A run is a short pipeline of typed stages, each in its own file:
///
/// | stage | makes | file |
/// |---|---|---|
/// | discover | `DiscoveredSources`, and meanwhile `PreparedTemplates` | DiscoveredSources.swift, PreparedTemplates.swift |
/// | check | the end of a run where nothing changed | UnchangedRun.swift |
/// | parse | `ParsedSources`, then a `ResolvedCatalog`, and meanwhile the templates compiled | ParsedSources.swift, ResolvedCatalog.swift, PreparedTemplates.swift |
/// | select | `Selection`: each protocol's templates | Selection.swift |
/// | render | `Rendering`: each protocol's decorators | Rendering.swift |
/// | assemble | `AssembledFile`s, and the `CacheRecord` | FileAssembly.swift, Cache/CacheRecord.swift |
/// | name | every output name, Swift and Objective-C, checked together | OutputNames.swift |
///
/// Writing is the last stage, after the run (`Generation.write`, Writing.swift): the generator
/// never touches the output folder but to ask it, through `OutputFolder`, which files are as the
/// cache recorded them.
package struct Generator: Sendable {
  package var parser: ProtocolParser
  /// How many threads parse and render; one per core when `nil`. The output is the same
  /// whatever the number.
  package var threads: Int?
  /// Whether `Statistics.cpuTimes` is measured: a thread's CPU time is a system call a stage.
  package var measuresCPUTime: Bool

  package init(
    parser: ProtocolParser = .withBuiltIns, threads: Int? = nil, measuresCPUTime: Bool = false
  ) {
    self.parser = parser
    self.threads = threads
    self.measuresCPUTime = measuresCPUTime
  }

  /// Generates from `configuration`; with a `cache`, only what changed since the run it
  /// remembers is parsed and rendered, with the same result.
  package func generate(_ configuration: Configuration, cache: GenerationCache? = nil) -> Generation
  {
    let objectiveC = ObjCGeneration(configuration)
    var generation = generateSwift(
      configuration, cache: cache, objectiveCProtocols: objectiveC.protocolNames)
    generation.files += objectiveC.files
    generation.statistics.protocols += objectiveC.protocolNames.count
    generation.statistics.decoratedProtocols += objectiveC.decoratedCount
    let nameProblems = OutputNames.problems(
      of: generation.files, keeping: generation.unchangedFiles)
    if !objectiveC.diagnostics.isEmpty || !nameProblems.isEmpty {
      generation.diagnostics =
        (generation.diagnostics + objectiveC.diagnostics + nameProblems)
        .sortedByPlace
    }
    return generation
  }

  private func generateSwift(
    _ configuration: Configuration, cache: GenerationCache?, objectiveCProtocols: Set<String>
  ) -> Generation {
    var clock = StageClock()
    let times = measuresCPUTime ? StageTimes() : nil
    var statistics = Generation.Statistics()
    func finished(_ diagnostics: [Diagnostic], files: [AssembledFile] = []) -> Generation {
      statistics.cpuTimes = times?.cpuTimes ?? [:]
      statistics.stages = clock.stages
      return Generation(
        files: files.map(\.source), diagnostics: diagnostics.sortedByPlace,
        statistics: statistics)
    }

    let preparation = Parallel.Future { PreparedTemplates(configuration, cache: cache) }
    let listings = cache.map { DirectoryListings(earlier: $0.directoryListings()) }
    let mayHaveIndex = cache?.mayHaveIndex == true
    let discovered = DiscoveredSources(configuration, listings: listings)
    // Only an index is compared with the sources' stamps before they are parsed: when there may
    // be one, they are taken while the other thread reads it. Without one, each file's stamp is
    // taken by the thread that reads the file, just before reading it.
    let earlyStamps = mayHaveIndex ? discovered.stamps() : nil
    let prepared = preparation.value
    let stamps = prepared.index.map { _ in earlyStamps ?? discovered.stamps() }
    var diagnostics = prepared.diagnostics + discovered.diagnostics
    statistics.sourceFiles = discovered.sources.count
    clock.end(.discover)

    let output = configuration.output.map { OutputFolder(path: $0.value) }
    let parser = parser(reading: prepared.sources)
    var parsedByCheck: [Int: ParsedSources.ParsedSource] = [:]
    var outputsAsRecorded: [UInt64: GenerationCache.OutputStamp]?
    // The cached models, read on another thread from when the run is known to go on.
    var models: Parallel.Future<GenerationCache.Models?>?
    func readModels() {
      guard models == nil, prepared.index != nil else { return }
      models = cache.map { cache in Parallel.Future { cache.models() } }
    }
    if let index = prepared.index, let stamps, !diagnostics.hasErrors {
      let changed = UnchangedRun.changedSources(index, discovered, stamps)
      let verdict = UnchangedRun.check(
        index, changed: changed, stamps, output: output, parser: parser, goesOn: readModels)
      switch verdict {
      case .unchanged(let unchanged):
        statistics.protocols = index.statistics.protocols
        statistics.decoratedProtocols = index.statistics.decoratedProtocols
        statistics.outputLines = index.statistics.outputLines
        statistics.readFiles = unchanged.parsedCount
        clock.end(.check)
        statistics.stages = clock.stages
        var generation = Generation(
          files: [], unchangedFiles: unchanged.files, diagnostics: index.diagnostics,
          statistics: statistics)
        generation.cacheRecord = unchanged.changedStamps.map {
          CacheRecord(settings: index.settings, sources: $0, keptOutputs: index.outputs)
        }
        generation.directoryListings = listings.flatMap { $0.changed ? $0.snapshot : nil }
        return generation
      case .changed(let parsed, let recorded):
        parsedByCheck = parsed
        outputsAsRecorded = recorded
      }
    }

    // Past the check, the run renders: the templates compile on another thread while the
    // sources are parsed and resolved, mostly on this one.
    let compilation = Parallel.Future { prepared.compiled(configuration) }
    readModels()
    let parsed = ParsedSources(
      discovered.inputFiles, stamps: stamps, parser: parser, index: prepared.index, cache: cache,
      models: models, parsedByCheck: parsedByCheck, times: times, threads: threads)
    statistics.readFiles = parsed.readCount
    let catalog = ResolvedCatalog(
      parsed, references: discovered.references, configuration,
      objectiveCProtocols: objectiveCProtocols, times: times)
    diagnostics += catalog.diagnostics
    statistics.protocols = catalog.protocols.count
    clock.end(.parse)

    let (templates, templateDiagnostics) = compilation.value
    diagnostics += templateDiagnostics
    let selection = Selection(
      catalog, templates: templates, configuration,
      objectiveCProtocols: objectiveCProtocols)
    diagnostics += selection.diagnostics
    if let target = configuration.target {
      diagnostics += RuntimeProducts.missing(in: selection.work, target: target)
    }
    clock.end(.select)
    guard !diagnostics.hasErrors else {
      return finished(
        diagnostics + Rendering.planningDiagnostics(selection.work, configuration))
    }

    statistics.decoratedProtocols = selection.work.count
    // Per protocol file, a protocol whose model and settings are those of a file the cache
    // checked is on disk needs no rendering; a file per source has no key to reuse.
    let usesRenderKeys = cache != nil && configuration.sourceFileRoot == nil
    var rendered = configuration
    if let module = configuration.render.protocolModule,
      ShadowedModule.isShadowed(module, in: discovered.sources)
    {
      rendered.render.protocolModule = nil
    }
    let rendering = Rendering(
      selection.work, rendered, settings: prepared.settings,
      fileHashes: parsed.hashesOfDeclaringFiles(),
      reusable: usesRenderKeys
        ? outputsAsRecorded
          ?? prepared.index.flatMap { index in output?.outputsAsRecorded(index.outputs) } ?? [:]
        : [:],
      usesRenderKeys: usesRenderKeys, times: times, threads: threads)
    diagnostics += rendering.diagnostics
    statistics.renderedProtocols = rendering.rendered.count
    // A plan can find an error too (an annotation naming no requirement): then nothing is
    // written, as for an error found earlier.
    guard !diagnostics.hasErrors else { return finished(diagnostics) }

    let files =
      configuration.sourceFileRoot.map {
        FileAssembly.filesPerSourceFile(
          rendering.rendered, sources: discovered.sources, root: $0, configuration)
      } ?? FileAssembly.filesPerProtocol(rendering.rendered, configuration)
    // Files not rendered again were counted when they were written.
    statistics.outputLines =
      files.map(\.lines).reduce(0, +) + rendering.unchanged.map(\.lines).reduce(0, +)
    clock.end(.render)
    var generation = finished(diagnostics, files: files)
    generation.unchangedFiles = rendering.unchanged.map(\.name)
    generation.cacheRecord = CacheRecord(
      settings: prepared.settings, parsed: parsed, rendering: rendering, files: files)
    generation.directoryListings = listings.flatMap { $0.changed ? $0.snapshot : nil }
    return generation
  }

  /// The parser, taking each template's name for an annotation key too: `// veneer: delay`
  /// selects Delay.stencil.
  private func parser(reading templates: [TemplateSource]) -> ProtocolParser {
    var parser = self.parser
    parser.annotationKeys.names.formUnion(templates.map { $0.name.lowercased() })
    for template in templates {
      guard let declared = template.declaredArguments else { continue }
      parser.annotationKeys.declaredArguments[template.name.lowercased()] = Dictionary(
        declared.compactMap { label, kind in
          AnnotationArgumentKind(rawValue: kind).map { (label, $0) }
        }, uniquingKeysWith: { first, _ in first })
    }
    return parser
  }
}
