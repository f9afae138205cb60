import SwiftSyntax
import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerSupport
import VeneerTemplates

/// Parses sources, selects protocols, and renders their decorators, all in memory.
///
/// A run is a chain of typed stages, each in its own file, read in one screen in `generate`;
/// each stage serves both languages, Objective-C's part in ObjectiveC/:
///
/// | stage | makes | file |
/// |---|---|---|
/// | discover | `DiscoveredSources` (sources and headers), and meanwhile `PreparedTemplates` | DiscoveredSources.swift, PreparedTemplates.swift, ObjCTemplateSources.swift |
/// | check | the end of a run where nothing changed | Incremental/UnchangedRun.swift |
/// | parse | `ParsedSources` and `ParsedHeaders`, then a `ResolvedCatalog` with `veneer.yml`'s maps applied, and meanwhile the templates compiled | ParsedSources.swift, ParsedHeaders.swift, ResolvedCatalog.swift, Configuration/EventMap.swift, Configuration/AnnotationMap.swift |
/// | select | `Selection`: each protocol's templates | Selection.swift, Selection+ObjectiveC.swift |
/// | plan and render | `Rendering` and `ObjCRendering`: each protocol's decorators, checked | Rendering.swift, ObjCRendering.swift, ObjCRenderedCheck.swift |
/// | assemble | `AssembledFile`s, and the `CacheRecord` | FileAssembly.swift, FileAssembly+ObjectiveC.swift, Incremental/Cache/CacheRecord.swift |
/// | name | every output name, Swift and Objective-C, checked together | OutputNames.swift |
///
/// What a run need not redo, it asks one room, `IncrementalRun` (Incremental/): the cache's
/// index, stamps and models, and the outputs on disk as last written. Writing is the last
/// stage, after the run (`Generation.write`, Writing.swift): the generator never touches the
/// output folder but to ask it, through `OutputFolder`, which files are as the cache recorded
/// them.
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
  /// remembers is parsed and rendered, with the same result. One pipeline for both languages:
  /// Objective-C headers are discovered, parsed, selected, rendered and assembled in the same
  /// stages as Swift sources, by their own front end (`ParsedHeaders`) and back end
  /// (`ObjCRendering`, `FileAssembly.objectiveCFiles`).
  package func generate(_ configuration: Configuration, cache: GenerationCache? = nil) -> Generation
  {
    var log = RunLog(measuresCPUTime: measuresCPUTime)
    var incremental = IncrementalRun(cache: cache)
    let output = configuration.output.map { OutputFolder(path: $0.value) }

    // Discover the sources while another thread prepares the templates and reads the index.
    let preparation = Parallel.Future { PreparedTemplates(configuration, cache: cache) }
    let discovered = DiscoveredSources(configuration, listings: incremental.listings)
    let prepared = incremental.stamp(discovered, preparedBy: preparation)
    var diagnostics = prepared.diagnostics + discovered.diagnostics
    log.statistics.sourceFiles = discovered.sources.count + discovered.headers.count
    log.end(.discover)

    // Check: the run ends here when nothing that shapes its output changed.
    let parser = parser(reading: prepared.sources)
    if !diagnostics.hasErrors,
      let unchanged = incremental.check(discovered, output: output, parser: parser)
    {
      log.end(.check)
      return incremental.generation(ending: unchanged, statistics: log.finishedStatistics)
    }

    // Parse and resolve, while other threads compile the templates and read the headers.
    let compilation = Parallel.Future {
      prepared.compiled(configuration, withHeaders: !discovered.headers.isEmpty)
    }
    // A thread for libclang only when there are headers to read.
    let headerParse =
      discovered.headers.isEmpty
      ? nil
      : Parallel.Future { ParsedHeaders(discovered.headers, templates: prepared.objectiveC) }
    incremental.readModels()
    let parsed = ParsedSources(
      discovered.inputFiles, parser: parser, incremental: incremental, times: log.times,
      threads: threads)
    let headers = headerParse?.value ?? ParsedHeaders([], templates: prepared.objectiveC)
    let catalog = ResolvedCatalog(
      parsed, references: discovered.references, configuration, keys: parser.annotationKeys,
      headers: headers, times: log.times)
    diagnostics += catalog.diagnostics
    log.statistics.readFiles = parsed.readCount + discovered.headers.count
    log.statistics.protocols = catalog.protocols.count + catalog.objectiveC.count
    log.end(.parse)

    // Select, plan and render, assemble.
    guard
      let (rendering, files) = selectAndRender(
        catalog, compiled: compilation.value, configuration, sources: discovered.sources,
        headerInputs: headers.inputs,
        reuse: {
          incremental.renderReuse(
            settings: prepared.settings, parsed: parsed, output: output, configuration)
        }, log: &log, diagnostics: &diagnostics)
    else { return log.generation(diagnostics) }
    // Every output name, Swift's and Objective-C's, checked together.
    diagnostics += OutputNames.problems(
      of: files.map(\.source), keeping: rendering.unchanged.map(\.name))
    var generation = log.generation(diagnostics, files: files)
    generation.unchangedFiles = rendering.unchanged.map(\.name)
    incremental.record(
      &generation, settings: prepared.settings, parsed: parsed,
      headers: headers.record, rendering: rendering, files: files)
    return generation
  }

  /// Select, plan and render, assemble: the stages after parse, the same for every front end.
  /// Nil when an error stops the run, which then writes nothing.
  private func selectAndRender(
    _ catalog: ResolvedCatalog, compiled: CompiledTemplateSet, _ configuration: Configuration,
    sources: [String], headerInputs: [String: [(path: String, bytes: [UInt8])]] = [:],
    reuse: () -> Rendering.Reuse?, keepsSyntax: Bool = false, log: inout RunLog,
    diagnostics: inout [Diagnostic]
  ) -> (rendering: Rendering, files: [AssembledFile])? {
    let selection = Selection(
      catalog, templates: compiled.templates, objectiveC: compiled.objectiveC, configuration)
    diagnostics += compiled.diagnostics + selection.diagnostics
    diagnostics +=
      configuration.target.map { RuntimeProducts.missing(in: selection.work, target: $0) } ?? []
    log.end(.select)
    guard !diagnostics.hasErrors else {
      diagnostics += Rendering.planningDiagnostics(selection.work, configuration)
      return nil
    }

    // Plan and render on every core. A plan can find an error too (an annotation naming no
    // requirement): then nothing is written, as for an error found earlier.
    log.statistics.decoratedProtocols = selection.work.count + selection.objectiveC.count
    let rendered = DecoratorNameClashes.avoiding(
      ShadowedModule.unqualifyingNames(configuration, sources: sources), work: selection.work,
      protocols: catalog.protocols)
    let rendering = Rendering(
      selection.work, rendered, reuse: reuse(), times: log.times, threads: threads,
      keepsSyntax: keepsSyntax)
    let objectiveC = ObjCRendering(
      selection.objectiveC, catalog: catalog.objectiveC, headerInputs: headerInputs,
      options: configuration.render)
    diagnostics += rendering.diagnostics + objectiveC.diagnostics
    log.statistics.renderedProtocols = rendering.rendered.count + objectiveC.rendered.count
    guard !diagnostics.hasErrors else { return nil }

    let files =
      FileAssembly.files(of: rendering, sources: sources, configuration)
      + FileAssembly.objectiveCFiles(of: objectiveC.rendered).map(AssembledFile.init)
    // Files not rendered again were counted when they were written.
    log.statistics.outputLines =
      files.map(\.lines).reduce(0, +) + rendering.unchanged.map(\.lines).reduce(0, +)
    log.end(.render)
    return (rendering, files)
  }

  /// What `generate` makes of Swift sources held in memory rather than on disk, as a macro,
  /// which may read no file, has them: the same stages from parse on, with no cache and no
  /// Objective-C. Templates are the built-ins the configuration names.
  package func generate(_ configuration: Configuration, texts: [(path: String, text: String)])
    -> Generation
  {
    var log = RunLog(measuresCPUTime: false)
    let prepared = PreparedTemplates(configuration, cache: nil)
    var diagnostics = prepared.diagnostics
    let parser = parser(reading: prepared.sources)
    let parsed = ParsedSources(texts: texts, parser: parser)
    let catalog = ResolvedCatalog(
      parsed, references: [], configuration, keys: parser.annotationKeys,
      headers: ParsedHeaders([], templates: []), times: nil)
    diagnostics += catalog.diagnostics
    let rendered = selectAndRender(
      catalog, compiled: prepared.compiled(configuration, withHeaders: false), configuration,
      sources: texts.map(\.path), reuse: { nil }, keepsSyntax: true,
      log: &log, diagnostics: &diagnostics)
    var generation = log.generation(diagnostics, files: rendered?.files ?? [])
    generation.declarations =
      rendered?.rendering.rendered.flatMap(\.syntax).flatMap { tree in
        tree.statements.compactMap { $0.item.as(DeclSyntax.self) }
      } ?? []
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

/// A run's statistics as the stages fill them in, with the time each took.
private struct RunLog {
  var statistics = Generation.Statistics()
  /// The CPU time of the parallel stages, when measured.
  let times: StageTimes?
  private var clock = StageClock()

  init(measuresCPUTime: Bool) { times = measuresCPUTime ? StageTimes() : nil }

  /// Ends `stage`, which began where the previous one ended.
  mutating func end(_ stage: Stage) { clock.end(stage) }

  var finishedStatistics: Generation.Statistics {
    var statistics = statistics
    statistics.cpuTimes = times?.cpuTimes ?? [:]
    statistics.stages = clock.stages
    return statistics
  }

  /// The run's end: its files, and its diagnostics in the order an editor lists them.
  func generation(_ diagnostics: [Diagnostic], files: [AssembledFile] = []) -> Generation {
    Generation(
      files: files.map(\.source), diagnostics: diagnostics.sortedByPlace,
      statistics: finishedStatistics)
  }
}
