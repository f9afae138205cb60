import ArgumentParser
import Foundation
import VeneerGenerator
import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerSupport

/// The inputs `generate` and `check` share: a configuration file, and flags that override it.
struct GenerationOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The configuration file; './veneer.yml' is read when it exists.", valueName: "path"))
  var config: String?

  @Option(
    parsing: .upToNextOption,
    help: ArgumentHelp(
      "Folders or files to read, instead of the configured ones.", valueName: "dir"))
  var sources: [String] = []

  @Option(
    name: .customLong("reference"),
    parsing: .upToNextOption,
    help: ArgumentHelp(
      "Folders or files read only for the protocols that sources inherit from (a dependency's "
        + "sources), never decorated; added to the configured ones.",
      valueName: "dir"))
  var references: [String] = []

  @Option(help: ArgumentHelp("The folder to write decorators into.", valueName: "dir"))
  var output: String?

  @Option(
    name: .customLong("template"),
    help: ArgumentHelp(
      "A built-in template (\(BuiltInDecorators.typedNames)) or a .stencil file; repeatable.",
      valueName: "name|path"))
  var templates: [String] = []

  @Option(
    name: .customLong("written-elsewhere"),
    help: ArgumentHelp(
      "A built-in that another run writes, for decorators split between targets: an annotation "
        + "asking for it is not an error of this run's --template list; repeatable.",
      valueName: "name"))
  var writtenElsewhere: [String] = []

  @Option(
    name: .customLong("import"),
    help: ArgumentHelp("A module the generated files import; repeatable.", valueName: "module"))
  var imports: [String] = []

  @Option(
    help: ArgumentHelp(
      "The module that declares the protocols, for decorators in another: it is imported, and "
        + "protocol names are qualified with it so that a type of the same name elsewhere is "
        + "not ambiguous.",
      valueName: "module"))
  var module: String?

  @Flag(name: .customLong("all"), help: "Decorate every protocol, annotated or not.")
  var decorateAll = false

  @Flag(
    name: .customLong("public"),
    help: ArgumentHelp(
      "Decorate every public or open protocol (not @_spi ones): for decorators in a module that "
        + "imports the protocols'."))
  var decoratePublic = false

  @Flag(
    name: .customLong("objc"),
    help: ArgumentHelp(
      "Search the source folders for Objective-C headers too (needs libclang); headers named "
        + "one by one are always read."))
  var readsObjectiveCHeaders = false

  @Option(
    name: .customLong("file-per-source"),
    help: ArgumentHelp(
      "Write one file for each source file, named after its path under this folder (for the "
        + "build plugin, which declares its outputs before Veneer runs).",
      valueName: "root", visibility: .hidden))
  var sourceFileRoot: String?

  @Option(
    name: .customLong("target-depends-on"),
    help: ArgumentHelp(
      "The modules the target being decorated depends on (for the build plugin), so that a "
        + "decorator needing a runtime product the target lacks is an error that names it.",
      valueName: "name", visibility: .hidden))
  var targetModules: [String] = []

  @Option(
    name: .customLong("declared-inputs"),
    help: ArgumentHelp(
      "A file listing, one a line, the files (or folders) a build system declared as the "
        + "inputs of this run: reading any other is an error that names it.",
      valueName: "file", visibility: .hidden))
  var declaredInputs: String?

  @Option(
    name: .customLong("reference-list"),
    help: ArgumentHelp(
      "A file listing reference sources, one a line, each path followed by a tab and the module "
        + "that compiles it (for the build plugin, whose dependencies may have thousands).",
      valueName: "file", visibility: .hidden))
  var referenceList: String?

  @Option(
    name: .customLong("target-name"),
    help: ArgumentHelp("The target being decorated, for messages.", visibility: .hidden))
  var targetName: String?

  @Option(
    help: ArgumentHelp(
      "How many threads parse and render (default: one per core); the output is the same.",
      valueName: "count"))
  var jobs: Int?

  @Flag(help: "Print how long each stage took, and how much it handled.")
  var verbose = false

  @Flag(help: "Print errors only.")
  var quiet = false

  func validate() throws {
    if let jobs, jobs < 1 {
      throw ValidationError("--jobs must be at least 1.")
    }
    if decorateAll && decoratePublic {
      throw ValidationError("--all and --public cannot be used together.")
    }
    if verbose && quiet {
      throw ValidationError("--verbose and --quiet cannot be used together.")
    }
    if let module = (imports + [module].compactMap { $0 }).first(where: {
      !SwiftWords.isModuleName($0)
    }) {
      throw ValidationError(
        "--import and --module take a module name such as 'Foundation', not "
          + "\(module.debugDescription).")
    }
  }

  /// The configuration file, if any, with the flags applied over it.
  func configuration() -> (configuration: Configuration, diagnostics: [Diagnostic]) {
    var configuration = Configuration()
    var diagnostics: [Diagnostic] = []
    let path =
      config
      ?? (FileManager.default.fileExists(atPath: ConfigurationFile.defaultName)
        ? ConfigurationFile.defaultName : nil)
    if let path {
      if FileManager.default.fileExists(atPath: path) {
        (configuration, diagnostics) = ConfigurationFile.load(path: path)
      } else {
        configuration.isUnreadable = true
        diagnostics.append(
          Diagnostic(
            .error, "no such configuration file; 'veneer init' writes a starter one", file: path))
      }
    }
    if !sources.isEmpty {
      configuration.include = sources.map { Located($0) }
      configuration.exclude = []
      configuration.directory = "."
    }
    configuration.references += references.map { Located($0) }
    if let referenceList {
      if let listing = FileBytes.read(referenceList) {
        for line in String(decoding: listing, as: UTF8.self).split(whereSeparator: \.isNewline) {
          let fields = line.split(separator: "\t", maxSplits: 1)
          guard let path = fields.first.map(String.init), !path.isEmpty else { continue }
          configuration.references.append(Located(path))
          if fields.count == 2 { configuration.referenceModules[path] = String(fields[1]) }
        }
      } else {
        diagnostics.append(
          Diagnostic(.error, "the list of reference sources cannot be read", file: referenceList))
      }
    }
    if let output { configuration.output = Located(output) }
    if !templates.isEmpty { configuration.templates = templates.map { Located($0) } }
    if !writtenElsewhere.isEmpty {
      configuration.writtenElsewhere = writtenElsewhere.map { Located($0) }
    }
    if !imports.isEmpty { configuration.imports = imports }
    if let module {
      configuration.render.protocolModule = module
      if !configuration.imports.contains(module) { configuration.imports.append(module) }
    }
    if decorateAll { configuration.selection = .all }
    if readsObjectiveCHeaders { configuration.readsObjectiveCHeaders = true }
    if decoratePublic {
      configuration.selection = .public
      configuration.render.decoratorsInAnotherModule = true
    }
    configuration.sourceFileRoot = sourceFileRoot
    if let declaredInputs {
      if let listing = FileBytes.read(declaredInputs) {
        configuration.declaredInputs = DeclaredInputs(
          listing: String(decoding: listing, as: UTF8.self))
      } else {
        diagnostics.append(
          Diagnostic(.error, "the list of declared inputs cannot be read", file: declaredInputs))
      }
    }
    if !targetModules.isEmpty || targetName != nil {
      configuration.target = Configuration.Target(
        name: targetName ?? "the target", modules: Set(targetModules))
    }
    // A veneer.yml in a target's folder needs neither: it decorates its own folder, into
    // `Generated` beside it.
    if configuration.file != nil {
      if configuration.include.isEmpty {
        configuration.include = [Located(configuration.directory)]
      }
      if configuration.output == nil {
        configuration.output = Located(
          configuration.directory == "." ? "Generated" : configuration.directory + "/Generated")
      }
    }
    // Only possible without a configuration file, or with one that could not be read, whose
    // error says all there is to say.
    guard !diagnostics.contains(where: { $0.severity == .error }) else {
      return (configuration, diagnostics)
    }
    if configuration.include.isEmpty {
      // A package's configuration is often in a target's folder, for the plugins.
      let nearby = configuration.file == nil ? NearbyConfigurations.find() : []
      diagnostics.append(
        Diagnostic(
          .error,
          "no sources: pass --sources, or write a veneer.yml ('veneer init')"
            + (nearby.isEmpty
              ? ""
              : "; below this folder: " + nearby.joined(separator: ", ")
                + " (--config \(nearby[0]) reads the first)"),
          file: "veneer"))
    }
    if configuration.output == nil {
      diagnostics.append(
        Diagnostic(
          .error, "no output folder: pass --output, or write a veneer.yml ('veneer init')",
          file: "veneer"))
    }
    return (configuration, diagnostics)
  }

  /// Reads the configuration and generates in memory, reporting what either found; `nil` when
  /// there was an error.
  /// With `cache`, the folder of the cache for that output folder, or nil for none.
  func generate(cache: (String) -> String? = { _ in nil }) -> (
    generation: Generation, output: String, cache: GenerationCache?
  )? {
    let (configuration, configurationDiagnostics) = self.configuration()
    let configurationFailed = configurationDiagnostics.contains { $0.severity == .error }
    // With mistakes in the configuration, the sources are still read, without a cache, so that
    // every mistake of the run is reported at once rather than in rounds.
    guard !configuration.isUnreadable, !configuration.include.isEmpty else {
      report(configurationDiagnostics)
      return nil
    }
    let output = configuration.output?.value
    let generationCache =
      configurationFailed
      ? nil
      : output.flatMap(cache).map {
        GenerationCache(folder: $0, keyBesideCache: configuration.declaredInputs != nil)
      }
    let generation = Generator(threads: jobs, measuresCPUTime: verbose).generate(
      configuration, cache: generationCache)
    report((configurationDiagnostics + generation.diagnostics).sortedByPlace)
    guard !configurationFailed, !generation.hasErrors, let output else { return nil }
    return (generation, output, generationCache)
  }

  func report(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics where !quiet || diagnostic.severity == .error {
      printToStandardError(diagnostic.description)
    }
  }

  /// Stage timings and counts, for `--verbose`.
  func reportStatistics(
    _ statistics: Generation.Statistics, extraStages: [(stage: Stage, duration: Duration)]
  ) {
    guard verbose else { return }
    func milliseconds(_ duration: Duration) -> String {
      String(
        format: "%8.1f ms",
        Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds)
          * 1000)
    }
    for (stage, duration) in statistics.stages + extraStages {
      printToStandardError(
        "\(stage.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(milliseconds(duration))"
      )
    }
    for stage in Stage.allCases {
      guard let duration = statistics.cpuTimes[stage] else { continue }
      printToStandardError(
        "\(stage.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(milliseconds(duration)) CPU"
      )
    }
    printToStandardError(
      "\(counted(statistics.sourceFiles, "source file")) (\(statistics.readFiles) read), "
        + "\(counted(statistics.protocols, "protocol")), "
        + "\(statistics.decoratedProtocols) decorated (\(statistics.renderedProtocols) rendered), "
        + "\(counted(statistics.outputLines, "line")) generated"
    )
  }
}

/// `1 file`, `2 files`.
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
