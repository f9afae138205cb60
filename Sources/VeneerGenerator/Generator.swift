import Foundation
import VeneerModel
import VeneerParser
import VeneerRenderer

/// A file Veneer is to write, its path relative to the output folder.
public struct GeneratedSource: Sendable, Hashable {
  public var name: String
  public var contents: String

  public init(name: String, contents: String) {
    self.name = name
    self.contents = contents
  }
}

public struct Generation: Sendable {
  /// Files to write or to compare with the output folder.
  public var files: [GeneratedSource]
  /// Files the cache checked are already in the output folder as they should be.
  public var unchangedFiles: [String] = []
  public var diagnostics: [Diagnostic]
  public var statistics = Statistics()
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
  /// What the cache is to remember once the files are written.
  var cacheRecord: CacheRecord?

  /// What a run did and how long each stage took, for `--verbose` and the benchmark.
  public struct Statistics: Sendable {
    public var sourceFiles = 0
    /// Sources read (then prefiltered, scanned or parsed), not taken from the cache.
    public var readFiles = 0
    public var protocols = 0
    public var decoratedProtocols = 0
    /// Decorated protocols rendered, not known unchanged from the cache.
    public var renderedProtocols = 0
    public var outputLines = 0
    /// Wall-clock time of each stage, in order.
    public var stages: [(name: String, duration: Duration)] = []
    /// CPU time of the parallel stages (read, prefilter, scan, parse, render), summed over
    /// threads; empty unless the generator `measuresCPUTime`.
    public var cpuTimes: [String: Duration] = [:]
  }
}

/// Parses sources, selects protocols, and renders their decorators, all in memory.
public struct Generator: Sendable {
  public var parser: ProtocolParser
  /// How many threads parse and render; one per core when `nil`. The output is the same
  /// whatever the number.
  public var threads: Int?
  /// Whether `Statistics.cpuTimes` is measured: a thread's CPU time is a system call, and a
  /// first run over 2,000 files made 14,000 of them.
  public var measuresCPUTime: Bool

  public init(
    parser: ProtocolParser = ProtocolParser(), threads: Int? = nil, measuresCPUTime: Bool = false
  ) {
    self.parser = parser
    self.threads = threads
    self.measuresCPUTime = measuresCPUTime
  }

  /// Generates from `configuration`; with a `cache`, only what changed since the run it
  /// remembers is parsed and rendered, with the same result.
  public func generate(_ configuration: Configuration, cache: GenerationCache? = nil) -> Generation
  {
    let clock = ContinuousClock()
    let times = measuresCPUTime ? StageTimes() : nil
    var statistics = Generation.Statistics()
    var stageStart = clock.now
    func endStage(_ name: String) {
      let now = clock.now
      statistics.stages.append((name, now - stageStart))
      stageStart = now
    }

    // Discovery waits on the file system, one directory and file at a time; meanwhile another
    // thread compiles the templates and reads the cache's index, which need no source.
    let preparation = Parallel.Future { [self] in prepare(configuration, cache: cache) }
    let sources = SourceFiles.resolve(
      include: configuration.include, exclude: configuration.exclude,
      directory: configuration.directory)
    // Reference sources are read and cached like sources, for the protocols that sources
    // inherit from, and never decorated.
    let references = SourceFiles.resolve(
      include: configuration.references, exclude: configuration.exclude,
      directory: configuration.directory)
    let sourceSet = Set(sources.files)
    let referenceFiles = references.files.filter { !sourceSet.contains($0) }
    let referenceSet = Set(referenceFiles)
    let inputFiles = sources.files + referenceFiles
    statistics.sourceFiles = sources.files.count
    // Only an index is compared with the sources' stamps before they are parsed: when there may
    // be one, they are taken while the other thread reads it. Without one, each file's stamp is
    // taken by the thread that reads the file, just before reading it.
    let earlyStamps = cache?.mayHaveIndex == true ? inputFiles.map { FileStamp(path: $0) } : nil
    let (templates, settings, index, templateDiagnostics) = preparation.value
    let stamps = index.map { _ in earlyStamps ?? inputFiles.map { FileStamp(path: $0) } }
    var diagnostics = templateDiagnostics + sources.diagnostics + references.diagnostics
    endStage("discover")

    if let index, let stamps, !diagnostics.contains(where: { $0.severity == .error }),
      let unchanged = Self.unchangedRun(index, sources: inputFiles, stamps, configuration)
    {
      statistics.protocols = index.statistics.protocols
      statistics.decoratedProtocols = index.statistics.decoratedProtocols
      statistics.outputLines = index.statistics.outputLines
      endStage("check")
      return Generation(
        files: [], unchangedFiles: unchanged, diagnostics: index.diagnostics,
        statistics: statistics)
    }

    // A user template's name is an annotation key too: `// veneer: delay` selects Delay.stencil.
    var parser = self.parser
    parser.annotationKeys.names.formUnion(templates.map { $0.source.name.lowercased() })
    let sourceIndex = Self.parse(
      inputFiles, stamps: stamps, parser: parser, index: index, cache: cache, times: times,
      threads: threads)
    statistics.readFiles = sourceIndex.readCount
    let (catalog, resolvedAncestorFiles) = StageTimes.measure(times, "resolve") {
      ProtocolParser.resolveTracingSources(sourceIndex.parsed.map(\.parsed))
    }
    // What reference sources say about themselves is their own modules' business.
    diagnostics += catalog.diagnostics.filter { !referenceSet.contains($0.file) }
    var protocols = catalog.protocols
    var ancestorFiles = resolvedAncestorFiles
    if !referenceSet.isEmpty {
      let kept = protocols.indices.filter { !referenceSet.contains(protocols[$0].location.file) }
      protocols = kept.map { protocols[$0] }
      ancestorFiles = kept.map { ancestorFiles[$0] }
    }
    statistics.protocols = protocols.count
    diagnostics += EventMap.apply(configuration.eventMap, to: &protocols)
    let listed = listedProtocols(configuration.selection, among: protocols, &diagnostics)
    endStage("parse")

    let work = zip(protocols, ancestorFiles).compactMap { proto, ancestorFiles -> RenderWork? in
      let selected = selectTemplates(
        for: proto, from: templates,
        decorateAll: Self.isSelectedWhole(proto, configuration.selection, listed: listed),
        templatesListed: !configuration.templates.isEmpty)
      return selected.isEmpty
        ? nil : RenderWork(proto: proto, ancestorFiles: ancestorFiles, templates: selected)
    }
    guard !diagnostics.contains(where: { $0.severity == .error }) else {
      // Nothing is rendered, but what planning would say is said now, not in a later round.
      for item in work {
        switch ProtocolPlan.make(
          for: item.proto, options: configuration.render, interception: false)
        {
        case .success(let plan): diagnostics += plan.diagnostics
        case .failure(let unsupported): diagnostics.append(unsupported.diagnostic)
        }
      }
      statistics.cpuTimes = times?.cpuTimes ?? [:]
      return Generation(
        files: [], diagnostics: diagnostics.sortedByPlace, statistics: statistics)
    }
    statistics.decoratedProtocols = work.count
    // Per protocol file, a protocol whose model and settings are those of a file the cache
    // checked is on disk needs no rendering; a file per source has no key to reuse.
    let usesRenderKeys = cache != nil && configuration.sourceFileRoot == nil
    let reusable =
      usesRenderKeys ? index.map { Self.verifiedOutputs($0, configuration) } ?? [:] : [:]
    let fileHashes = Dictionary(
      zip(inputFiles, sourceIndex.parsed.map(\.hash)), uniquingKeysWith: { first, _ in first })
    // A protocol declared in several `#if` branches shares its file with the other branches, so
    // its file is rendered whole each time.
    let branchedNames = Set(
      Dictionary(grouping: work.map(\.proto.qualifiedName), by: { $0 }).filter { $1.count > 1 }
        .keys)
    let outcomes = Parallel.map(work, threads: threads) { item in
      StageTimes.measure(times, "render") {
        let key =
          usesRenderKeys && !branchedNames.contains(item.proto.qualifiedName)
          ? Self.renderKey(item, settings: settings, fileHashes: fileHashes) : 0
        if key != 0, let output = reusable[key] {
          return RenderOutcome.unchanged(output)
        }
        // A file of its own is assembled here, on every core, rather than after all are rendered.
        return Self.render(
          item, key: key,
          assemblesFile: configuration.sourceFileRoot == nil
            && !branchedNames.contains(item.proto.qualifiedName), configuration)
      }
    }
    var rendered: [RenderedProtocol] = []
    var unchanged: [GenerationCache.OutputStamp] = []
    for outcome in outcomes {
      switch outcome {
      case .rendered(let item, let renderDiagnostics):
        diagnostics += renderDiagnostics
        rendered.append(item)
      case .failed(let renderDiagnostics):
        diagnostics += renderDiagnostics
      case .unchanged(let output):
        unchanged.append(output)
      }
    }
    statistics.renderedProtocols = rendered.count
    // A plan can find an error too (an annotation naming no requirement): then nothing is
    // written, as for an error found earlier.
    guard !diagnostics.contains(where: { $0.severity == .error }) else {
      statistics.cpuTimes = times?.cpuTimes ?? [:]
      return Generation(files: [], diagnostics: diagnostics.sortedByPlace, statistics: statistics)
    }
    let filesAndLines =
      configuration.sourceFileRoot.map {
        filesPerSourceFile(rendered, sources: sources.files, root: $0, configuration).map {
          AssembledFile(source: $0)
        }
      } ?? filesPerProtocol(rendered, configuration, &diagnostics)
    let files = filesAndLines.map(\.source)
    let fileLines = filesAndLines.map(\.lines)
    statistics.outputLines = fileLines.reduce(0, +)
    // Files not rendered again were counted when they were written.
    statistics.outputLines += unchanged.map(\.lines).reduce(0, +)
    endStage("render")
    statistics.cpuTimes = times?.cpuTimes ?? [:]

    let keysByName = Dictionary(
      rendered.map { ($0.fileName, $0.key) }, uniquingKeysWith: { first, _ in first })
    let record = CacheRecord(
      settings: settings, sources: sourceIndex.stamps,
      models: sourceIndex.isUnchanged
        ? nil
        : GenerationCache.Models(
          entries: zip(inputFiles, sourceIndex.parsed).map {
            GenerationCache.ParsedEntry(
              path: $0, hash: $1.hash, parsed: $1.parsed, encoded: $1.encoded)
          }),
      outputs: zip(files, fileLines).map { ($0.name, keysByName[$0.name] ?? 0, $1) },
      keptOutputs: unchanged)
    return Generation(
      files: files, unchangedFiles: unchanged.map(\.name), diagnostics: diagnostics.sortedByPlace,
      statistics: statistics, cacheRecord: record)
  }

  /// Each source's model with the content hash it came from, read from the cache when the
  /// file's size and modification time, or failing those its bytes, are as last time. The
  /// cached models are decoded on other threads while the changed sources are read and parsed.
  private static func parse(
    _ files: [String], stamps: [FileStamp?]?, parser: ProtocolParser,
    index: GenerationCache.Index?, cache: GenerationCache?, times: StageTimes?, threads: Int?
  ) -> SourceIndex {
    let models = index.flatMap { _ in cache.map { cache in Parallel.Future { cache.models() } } }
    let previousStamps = EarlierRun(index?.sources ?? [], path: \.path, files: files)
    /// The source read and parsed, unless `reusing` and its bytes are as last time. Its stamp,
    /// its size and modification time, is taken before its bytes are read: by `stat` when an
    /// index is read, else as the file is opened.
    @Sendable func readAndParse(_ position: Int, reusing: Bool) -> Source {
      let file = files[position]
      let read = StageTimes.measure(times, "read") {
        Result { () throws(FileBytes.Failure) in
          let read = try FileBytes.readWithStamp(file, limit: FileBytes.sourceSizeLimit)
          return (read, ContentHash.of(read.bytes))
        }
      }
      let (readFile, hash): (FileBytes.Contents, UInt64)
      switch read {
      case .success(let success): (readFile, hash) = success
      case .failure(let failure):
        return .parsed(
          ParsedSource(parsed: ProtocolParser.unreadable(file, failure), hash: 0, stamp: nil))
      }
      guard let stamp = if let stamps { stamps[position] } else { readFile.stamp } else {
        return .parsed(
          ParsedSource(
            parsed: ProtocolParser.unreadable(file, .cannotRead(reason: "it vanished")), hash: 0,
            stamp: nil))
      }
      let contents = readFile.bytes
      if reusing, previousStamps[position, file]?.hash == hash {
        return .cached(hash: hash, stamp: stamp)
      }
      return .parsed(
        ParsedSource(
          parsed: parser.parseFile(file, contents: contents, times: times), hash: hash,
          stamp: stamp))
    }
    var sources = Parallel.map(Array(files.indices), threads: threads) { position -> Source in
      if models != nil, let stamp = stamps?[position],
        let old = previousStamps[position, files[position]], old.size == stamp.size,
        old.modified == stamp.modified
      {
        return .cached(hash: old.hash, stamp: stamp)
      }
      return readAndParse(position, reusing: models != nil)
    }
    let cached = EarlierRun(models?.value?.entries ?? [], path: \.path, files: files)
    var missing: [Int] = []
    for position in sources.indices {
      guard case .cached(let hash, let stamp) = sources[position] else { continue }
      guard let entry = cached[position, files[position]], entry.hash == hash else {
        missing.append(position)
        continue
      }
      sources[position] = .reused(
        ParsedSource(parsed: entry.parsed, hash: hash, stamp: stamp, encoded: entry.encoded))
    }
    // Models the cache lacks after all, as when its file is damaged: parsed like new sources.
    let parsedLate = Parallel.map(missing, threads: threads) { readAndParse($0, reusing: false) }
    for (position, source) in zip(missing, parsedLate) { sources[position] = source }
    let parsed = sources.map { source -> ParsedSource in
      switch source {
      case .parsed(let parsed), .reused(let parsed): return parsed
      case .cached: preconditionFailure("every cached source is reused or parsed by now")
      }
    }
    let stampsOut = zip(files, parsed).compactMap { file, source in
      source.stamp.map {
        GenerationCache.SourceStamp(
          path: file, size: $0.size, modified: $0.modified, hash: source.hash)
      }
    }
    return SourceIndex(
      parsed: parsed, stamps: stampsOut,
      readCount: sources.count { if case .parsed = $0 { true } else { false } },
      isUnchanged: previousStamps.isInStep && missing.isEmpty && models?.value != nil
        && stampsOut == index?.sources)
  }

  /// A source on its way through `parse`.
  private enum Source: Sendable {
    /// As last time, by its stamp or its bytes: its model comes from the cache.
    case cached(hash: UInt64, stamp: FileStamp)
    case reused(ParsedSource)
    case parsed(ParsedSource)
  }

  /// What an earlier run recorded per source, looked up by this run's position and path. The
  /// lists are in step unless sources were added, removed or unreadable, so a dictionary by
  /// path is built only then: building two for every run cost a one-file run about 2 ms.
  private struct EarlierRun<Element: Sendable>: Sendable {
    let elements: [Element]
    /// Whether each element belongs to the file at its position in this run.
    let isInStep: Bool
    private let byPath: [String: Element]

    init(_ elements: [Element], path: (Element) -> String, files: [String]) {
      self.elements = elements
      isInStep =
        elements.count == files.count && zip(elements, files).allSatisfy { path($0) == $1 }
      byPath =
        isInStep
        ? [:]
        : Dictionary(elements.map { (path($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    subscript(position: Int, file: String) -> Element? {
      isInStep ? elements[position] : byPath[file]
    }
  }

  private struct ParsedSource: Sendable {
    var parsed: ParsedFile
    var hash: UInt64
    var stamp: FileStamp?
    /// The model's bytes in the cache, when it came from there.
    var encoded: [UInt8]? = nil
  }

  private struct SourceIndex {
    var parsed: [ParsedSource]
    var stamps: [GenerationCache.SourceStamp]
    var readCount: Int
    /// Whether the cached models are still those of every source.
    var isUnchanged: Bool
  }

  /// The output files of a run where no source changed, when each is on disk as last written.
  private static func unchangedRun(
    _ index: GenerationCache.Index, sources: [String], _ stamps: [FileStamp?],
    _ configuration: Configuration
  ) -> [String]? {
    guard index.sources.count == sources.count else { return nil }
    for (old, (path, stamp)) in zip(index.sources, zip(sources, stamps)) {
      guard old.path == path, let stamp, old.size == stamp.size, old.modified == stamp.modified
      else { return nil }
    }
    let verified = verifiedOutputs(index, configuration)
    guard verified.count == index.outputs.count else { return nil }
    return index.outputs.map(\.name)
  }

  /// The outputs of the last run that are on disk as it wrote them, by render key.
  private static func verifiedOutputs(
    _ index: GenerationCache.Index, _ configuration: Configuration
  ) -> [UInt64: GenerationCache.OutputStamp] {
    guard let folder = configuration.output?.value else { return [:] }
    var verified: [UInt64: GenerationCache.OutputStamp] = [:]
    for output in index.outputs {
      guard let stamp = FileStamp(path: folder + "/" + output.name),
        stamp.size == output.size, stamp.modified == output.modified
      else { continue }
      verified[output.key] = output
    }
    return verified
  }

  /// Everything that shapes the output besides the sources: the configuration and the
  /// templates' text and options.
  private static func settings(of configuration: Configuration, templates: [CompiledTemplate])
    -> UInt64
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var text =
      (try? encoder.encode(configuration)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    for template in templates {
      text += "\u{0}\(template.source.name)\u{0}\(template.source.text)"
      for (key, value) in template.source.options.sorted(by: { $0.key < $1.key }) {
        text += "\u{0}\(key)=\(value)"
      }
    }
    return ContentHash.of(text)
  }

  /// Identifies what a protocol's decorators are made from: its resolved model, its templates
  /// and the settings. The model is made of its own file and those of the protocols it inherits
  /// from, each known by its content hash, and of the names that found no declaration there:
  /// hashing those is quicker than hashing the model, and just as exact.
  private static func renderKey(_ work: RenderWork, settings: UInt64, fileHashes: [String: UInt64])
    -> UInt64
  {
    let proto = work.proto
    var key = ContentHash.of(work.templates.map(\.source.name).joined(separator: ","))
    key = ContentHash.of(proto.qualifiedName, seed: settings ^ key)
    for file in [proto.location.file] + work.ancestorFiles {
      key = ContentHash.of(file, seed: key ^ (fileHashes[file] ?? 0))
    }
    for name in proto.externalProtocols + [""] + proto.standardProtocols {
      key = ContentHash.of(name, seed: key)
    }
    return key == 0 ? 1 : key
  }

  private struct RenderWork: Sendable {
    var proto: ProtocolDecl
    /// The files of the protocols it inherits from.
    var ancestorFiles: [String]
    var templates: [CompiledTemplate]
  }

  /// Newlines in `text`, found in its bytes in place a run at a time: through `utf8` counting
  /// took 5 % of a cold run, and testing each byte still 2.5 %.
  private static func lineCount(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      var count = 0
      var newline = bytes.newlineIndex(from: 0)
      while newline < bytes.count {
        count += 1
        newline = bytes.newlineIndex(from: newline + 1)
      }
      return count
    }
  }

  /// A generated file and how many lines it has.
  private struct AssembledFile: Sendable {
    var source: GeneratedSource
    var lines: Int

    init(source: GeneratedSource) {
      self.source = source
      lines = Generator.lineCount(source.contents)
    }
  }

  private enum RenderOutcome: Sendable {
    case rendered(RenderedProtocol, [Diagnostic])
    case failed([Diagnostic])
    case unchanged(GenerationCache.OutputStamp)
  }

  /// One protocol's decorators, or why it has none; with `assemblesFile`, in the file they are
  /// written to, which no other protocol shares.
  private static func render(
    _ work: RenderWork, key: UInt64, assemblesFile: Bool, _ configuration: Configuration
  ) -> RenderOutcome {
    let plan: ProtocolPlan
    let interception = work.templates.contains(where: \.readsInterception)
    switch ProtocolPlan.make(
      for: work.proto, options: configuration.render, interception: interception)
    {
    case .success(let made): plan = made
    case .failure(let unsupported): return .failed([unsupported.diagnostic])
    }
    var bodies: [String] = []
    do {
      for template in work.templates {
        bodies.append(try template.render(plan))
      }
    } catch {
      return .failed(plan.diagnostics + [error.diagnostic])
    }
    var rendered = RenderedProtocol(
      proto: work.proto, key: key,
      fileName: configuration.fileNaming.replacingPlaceholders {
        $0 == "protocol" ? OutputFileName.component(plan.decoratorSuffix) : nil
      },
      bodies: bodies, templateImports: work.templates.flatMap(\.imports))
    if assemblesFile {
      rendered.file = AssembledFile(source: file(of: [rendered], configuration))
    }
    return .rendered(rendered, plan.diagnostics)
  }

  /// One protocol's rendered decorators.
  private struct RenderedProtocol: Sendable {
    var proto: ProtocolDecl
    /// The render key, 0 without a cache.
    var key: UInt64
    var fileName: String
    var bodies: [String]
    /// Modules the templates that rendered it import.
    var templateImports: [String]
    /// Its file, when it has one of its own.
    var file: AssembledFile?
  }

  private func filesPerProtocol(
    _ rendered: [RenderedProtocol], _ configuration: Configuration,
    _ diagnostics: inout [Diagnostic]
  ) -> [AssembledFile] {
    // By file name, whatever order the sources were given in.
    var groups: [String: [RenderedProtocol]] = [:]
    for item in rendered { groups[item.fileName, default: []].append(item) }
    diagnostics += Self.namesDifferingOnlyInCase(groups)
    return groups.sorted { $0.key < $1.key }.compactMap { fileName, items in
      let first = items[0]
      // One protocol declared in exclusive `#if` branches (`#if compiler(>=6.2)` … `#else` …)
      // gets one file, each branch's decorators under its own conditions.
      guard items.count == 1 || Self.areBranchesOfOneProtocol(items.map(\.proto)) else {
        diagnostics.append(
          Diagnostic(
            .error,
            "\(items[1].proto.qualifiedName) (here) and \(first.proto.qualifiedName) (at "
              + "\(first.proto.location)) would both be written to \(fileName); "
              + Self.howToSeparate, at: items[1].proto.location))
        return nil
      }
      if items.count == 1, let file = first.file { return file }
      return AssembledFile(source: Self.file(of: items, configuration))
    }
  }

  private static let howToSeparate =
    "leave one out ('exclude' under 'sources' in veneer.yml, or '// veneer: skip' on it), or "
    + "generate each module's decorators into an output folder of its own"

  /// Errors for output files whose names differ only in case: one file on a case-insensitive
  /// file system (macOS's default), so refused on every platform.
  private static func namesDifferingOnlyInCase(_ groups: [String: [RenderedProtocol]])
    -> [Diagnostic]
  {
    let byFoldedName = Dictionary(grouping: groups.keys.sorted(), by: { $0.lowercased() })
    return byFoldedName.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }.map { names in
      let first = groups[names[0]]![0].proto
      let second = groups[names[1]]![0].proto
      return Diagnostic(
        .error,
        "\(second.qualifiedName) (here) and \(first.qualifiedName) (at \(first.location)) would "
          + "be written to \(names[1]) and \(names[0]), whose names differ only in case: one "
          + "file on a case-insensitive file system such as macOS's; " + howToSeparate,
        at: second.location)
    }
  }

  /// The file of `items`, one protocol or the `#if` branches of one, named after the first.
  private static func file(of items: [RenderedProtocol], _ configuration: Configuration)
    -> GeneratedSource
  {
    let first = items[0]
    // The last component found in the UTF-8: `URL` took several microseconds a file, and
    // splitting the path into every component 16,000 instructions.
    let path = first.proto.location.file
    let sourceName =
      path.utf8.lastIndex(of: UInt8(ascii: "/")).map {
        String(path[path.utf8.index(after: $0)...])
      } ?? path
    return GeneratedSource(
      name: first.fileName,
      contents: fileContents(
        description:
          "Decorators of \(first.proto.qualifiedName), declared in \(sourceName.escapedForComment).",
        items, imports: configuration.imports))
  }

  /// Whether `protocols` are one protocol declared under different `#if` conditions.
  static func areBranchesOfOneProtocol(_ protocols: [ProtocolDecl]) -> Bool {
    Set(protocols.map(\.qualifiedName)).count == 1
      && protocols.allSatisfy { !$0.conditions.isEmpty }
      && Set(protocols.map(\.conditions)).count == protocols.count
  }

  /// One file for every source file, even those with nothing to decorate, named after the
  /// source's path under `root`: `Services/Shows.swift` gives `Services.Shows+Decorators.swift`.
  private func filesPerSourceFile(
    _ rendered: [RenderedProtocol], sources: [String], root: String,
    _ configuration: Configuration
  ) -> [GeneratedSource] {
    let rootPrefix = root.hasSuffix("/") ? root : root + "/"
    let byFile = Dictionary(grouping: rendered, by: \.proto.location.file)
    return sources.map { source in
      let relative =
        source.hasPrefix(rootPrefix) ? String(source.dropFirst(rootPrefix.count)) : source
      let stem = relative.hasSuffix(".swift") ? String(relative.dropLast(6)) : relative
      let items = byFile[source] ?? []
      return GeneratedSource(
        name: Self.perSourceFileName(forSourceAt: stem),
        contents: Self.fileContents(
          description: items.isEmpty
            ? "Nothing in \(relative.escapedForComment) is decorated."
            : "Decorators of the protocols in \(relative.escapedForComment).",
          items, imports: configuration.imports))
    }
  }

  /// `Services.Shows+Decorators.swift` for `Services/Shows`; the build plugin declares the same.
  public static func perSourceFileName(forSourceAt relativePathWithoutExtension: String) -> String {
    relativePathWithoutExtension.replacingOccurrences(of: "/", with: ".") + "+Decorators.swift"
  }

  /// Whether `selection` gives `proto` every template, annotated or not.
  private static func isSelectedWhole(
    _ proto: ProtocolDecl, _ selection: Configuration.Selection, listed: Set<String>
  ) -> Bool {
    switch selection {
    case .annotated: false
    case .all: true
    case .public:
      proto.accessLevel >= .public && !proto.attributes.contains { $0.name == "_spi" }
    case .protocols: listed.contains(proto.qualifiedName)
    }
  }

  /// The protocols a `selection` list names; names that match nothing are errors, and globs
  /// that match nothing warnings.
  private func listedProtocols(
    _ selection: Configuration.Selection, among protocols: [ProtocolDecl],
    _ diagnostics: inout [Diagnostic]
  ) -> Set<String> {
    guard case .protocols(let entries) = selection else { return [] }
    let names = protocols.map(\.qualifiedName)
    var listed: Set<String> = []
    for entry in entries {
      let isPattern = Glob.isPattern(entry.value)
      let pattern = Glob(entry.value)
      let matching = names.filter { isPattern ? pattern.matches($0) : $0 == entry.value }
      listed.formUnion(matching)
      guard matching.isEmpty else { continue }
      let hint = isPattern ? nil : Spelling.suggestion(for: entry.value, among: names)
      let message =
        "'selection' names \(isPattern ? "pattern" : "protocol") '\(entry.value)', which matches "
        + "no protocol in the sources" + (hint.map { "; did you mean '\($0)'?" } ?? "")
      let severity: Diagnostic.Severity = isPattern ? .warning : .error
      diagnostics.append(
        entry.location.map { Diagnostic(severity, message, at: $0) }
          ?? Diagnostic(severity, message, file: entry.value))
    }
    return listed
  }

  /// The compiled templates, the settings they and the configuration make, and the cache's
  /// index for those settings; with the templates' mistakes.
  private func prepare(_ configuration: Configuration, cache: GenerationCache?) -> (
    templates: [CompiledTemplate], settings: UInt64, index: GenerationCache.Index?,
    diagnostics: [Diagnostic]
  ) {
    var diagnostics: [Diagnostic] = []
    let templates = resolveTemplates(configuration, diagnostics: &diagnostics).compactMap {
      switch CompiledTemplate.compile($0) {
      case .success(let compiled): return compiled
      case .failure(let errors):
        diagnostics += errors.diagnostics
        return nil
      }
    }
    let settings = Self.settings(of: configuration, templates: templates)
    return (templates, settings, cache?.index(settings: settings), diagnostics)
  }

  /// Built-in templates by name, or template files by path, each with its options.
  private func resolveTemplates(_ configuration: Configuration, diagnostics: inout [Diagnostic])
    -> [TemplateSource]
  {
    let builtInNames = BuiltInTemplates.all.map { $0.name.lowercased() }
    let templates: [TemplateSource]
    if configuration.templates.isEmpty {
      templates = BuiltInTemplates.all
    } else {
      templates = configuration.templates.compactMap { entry in
        let name = entry.value
        if let builtIn = BuiltInTemplates.all.first(where: {
          $0.name.lowercased() == name.lowercased()
        }) {
          return builtIn
        }
        if let data = FileBytes.read(name) {
          let baseName = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
          guard Naming.isPlainIdentifier(baseName) else {
            let message =
              "a template's file name must be a Swift identifier, since decorator type names "
              + "and its annotation key are made of it: rename "
              + "'\(baseName.escapedForComment).stencil' (letters, digits and '_', not starting "
              + "with a digit)"
            diagnostics.append(
              entry.location.map { Diagnostic(.error, message, at: $0) }
                ?? Diagnostic(.error, message, file: name))
            return nil
          }
          return TemplateSource(
            name: baseName, path: name, text: String(decoding: data, as: UTF8.self))
        }
        let hint = Spelling.suggestion(for: name, among: builtInNames)
        let message =
          "no built-in template or template file named '\(name)'"
          + (hint.map { "; did you mean '\($0)'?" } ?? "")
        diagnostics.append(
          entry.location.map { Diagnostic(.error, message, at: $0) }
            ?? Diagnostic(.error, message, file: name))
        return nil
      }
    }
    // Two templates of one name would write two decorators of one type name.
    var seenNames: [String: TemplateSource] = [:]
    for template in templates {
      let key = template.name.lowercased()
      guard let earlier = seenNames[key] else {
        seenNames[key] = template
        continue
      }
      let isBuiltIn = BuiltInTemplates.all.contains(template)
      let describe = { (source: TemplateSource) in
        BuiltInTemplates.all.contains(source)
          ? "the built-in '\(source.name.lowercased())'" : "'\(source.path.escapedForComment)'"
      }
      let message =
        earlier == template
        ? "template \(describe(template)) is listed twice"
        : "two templates are named '\(template.name)' (\(describe(earlier)) and "
          + "\(describe(template))): their decorators would have one type name; rename one file"
      let entry = configuration.templates.last {
        $0.value == template.path || $0.value.lowercased() == template.name.lowercased()
      }
      diagnostics.append(
        entry?.location.map { Diagnostic(.error, message, at: $0) }
          ?? Diagnostic(
            .error, message, file: isBuiltIn ? configuration.file ?? "veneer" : template.path))
    }
    for template in templates {
      for module in template.imports where !Configuration.isModuleName(module) {
        diagnostics.append(
          Diagnostic(
            .error,
            "'{# imports: #}' must list module names such as 'Foundation', not "
              + "'\(module.escapedForComment)'", file: template.path))
      }
    }
    var optionsByTemplate: [String: [String: String]] = [:]
    for (name, options) in configuration.templateOptions.sorted(by: { $0.key < $1.key }) {
      let templateNames = templates.map(\.name)
      guard templateNames.contains(where: { $0.lowercased() == name.lowercased() }) else {
        let hint = Spelling.suggestion(for: name, among: templateNames)
        let message =
          "'options' has settings for '\(name)', which is not among the templates in use ("
          + templateNames.joined(separator: ", ") + ")"
          + (hint.map { "; did you mean '\($0)'?" } ?? "")
        diagnostics.append(
          options.location.map { Diagnostic(.error, message, at: $0) }
            ?? Diagnostic(.error, message, file: configuration.file ?? name))
        continue
      }
      optionsByTemplate[name.lowercased()] = options.value
    }
    return templates.map { template in
      var template = template
      template.options = optionsByTemplate[template.name.lowercased()] ?? [:]
      return template
    }
  }

  /// The templates a protocol gets: those its annotations name (or all with `--all`), less
  /// those it skips. Without a template list, "all" means the built-ins whose runtime every
  /// app has: tracing and metrics import libraries that only an annotation or a list asks for.
  private func selectTemplates(
    for proto: ProtocolDecl, from templates: [CompiledTemplate], decorateAll: Bool,
    templatesListed: Bool
  ) -> [CompiledTemplate] {
    var skipped: Set<String> = []
    for annotation in proto.annotations where annotation.key == "skip" {
      if annotation.arguments.isEmpty { return [] }
      skipped.formUnion(annotation.positionalValues.flatMap(\.texts).map { $0.lowercased() })
    }
    let requested = Set(proto.annotations.map { $0.key.lowercased() })
    return templates.filter { template in
      let name = template.source.name.lowercased()
      let isEveryTemplate =
        decorateAll && (templatesListed || !BuiltInTemplates.optInNames.contains(name))
      return !skipped.contains(name) && (isEveryTemplate || requested.contains(name))
    }
  }

  private static func fileContents(
    description: String, _ items: [RenderedProtocol], imports: [String]
  ) -> String {
    var plainImports = Set(imports.map { "import \($0)" })
    var conditionalImports: [Import] = []
    for sourceImport in items.flatMap(\.proto.imports) {
      if sourceImport.conditions.isEmpty {
        plainImports.insert(sourceImport.text)
      } else if !conditionalImports.contains(sourceImport) {
        conditionalImports.append(sourceImport)
      }
    }
    plainImports.formUnion(items.flatMap(\.templateImports).map { "import \($0)" })
    guard !items.isEmpty else { return "\(GeneratedFile.header)\n// \(description)\n" }
    var lines = [GeneratedFile.header, "// \(description)", ""]
    lines += plainImports.sorted()
    for conditional in conditionalImports {
      lines +=
        conditional.conditions.map { "#if \($0)" } + ["  " + conditional.text]
        + conditional.conditions.map { _ in "#endif" }
    }
    lines.append("")
    return lines.joined(separator: "\n") + "\n" + items.flatMap(\.bodies).joined(separator: "\n")
  }
}

extension [Diagnostic] {
  /// By file, line and column, and otherwise in the order found: the same for every order of
  /// the sources and number of threads, and the order an editor lists them in.
  public var sortedByPlace: [Diagnostic] {
    enumerated().sorted { left, right in
      let (a, b) = (left.element, right.element)
      if a.file != b.file { return a.file < b.file }
      let aPlace = [a.location?.line ?? 0, a.location?.column ?? 0]
      let bPlace = [b.location?.line ?? 0, b.location?.column ?? 0]
      if aPlace != bPlace { return aPlace.lexicographicallyPrecedes(bPlace) }
      return left.offset < right.offset
    }.map(\.element)
  }
}
