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
  public var files: [GeneratedSource]
  public var diagnostics: [Diagnostic]
  public var statistics = Statistics()
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// What a run did and how long each stage took, for `--verbose`.
  public struct Statistics: Sendable {
    public var sourceFiles = 0
    public var protocols = 0
    public var decoratedProtocols = 0
    public var outputLines = 0
    public var stages: [(name: String, duration: Duration)] = []
  }
}

/// Parses sources, selects protocols, and renders their decorators, all in memory.
public struct Generator: Sendable {
  public var parser: ProtocolParser

  public init(parser: ProtocolParser = ProtocolParser()) {
    self.parser = parser
  }

  public func generate(_ configuration: Configuration) -> Generation {
    let clock = ContinuousClock()
    var statistics = Generation.Statistics()
    var stageStart = clock.now
    func endStage(_ name: String) {
      let now = clock.now
      statistics.stages.append((name, now - stageStart))
      stageStart = now
    }

    var diagnostics: [Diagnostic] = []
    let templates = resolveTemplates(configuration, diagnostics: &diagnostics).compactMap {
      switch CompiledTemplate.compile($0) {
      case .success(let compiled): return compiled
      case .failure(let errors):
        diagnostics += errors.diagnostics
        return nil
      }
    }
    let sources = SourceFiles.resolve(
      include: configuration.include, exclude: configuration.exclude,
      directory: configuration.directory)
    diagnostics += sources.diagnostics
    statistics.sourceFiles = sources.files.count
    endStage("sources")

    // A user template's name is an annotation key too: `// veneer: delay` selects Delay.stencil.
    var parser = self.parser
    parser.annotationKeys.names.formUnion(templates.map { $0.source.name.lowercased() })
    let catalog = parser.parseCatalog(paths: sources.files)
    diagnostics += catalog.diagnostics
    var protocols = catalog.protocols
    statistics.protocols = protocols.count
    diagnostics += EventMap.apply(configuration.eventMap, to: &protocols)
    let listed = listedProtocols(configuration.selection, among: protocols, &diagnostics)
    endStage("parse")
    guard !diagnostics.contains(where: { $0.severity == .error }) else {
      return Generation(files: [], diagnostics: diagnostics, statistics: statistics)
    }

    let work = protocols.compactMap { proto -> (ProtocolDecl, [CompiledTemplate])? in
      let selected = selectTemplates(
        for: proto, from: templates,
        decorateAll: configuration.selection == .all || listed.contains(proto.qualifiedName))
      return selected.isEmpty ? nil : (proto, selected)
    }
    let outcomes = Parallel.map(work) { proto, selected in
      Self.render(proto, with: selected, configuration)
    }
    var rendered: [RenderedProtocol] = []
    for outcome in outcomes {
      diagnostics += outcome.diagnostics
      rendered += outcome.rendered.map { [$0] } ?? []
    }
    statistics.decoratedProtocols = rendered.count
    let files =
      configuration.sourceFileRoot.map {
        filesPerSourceFile(rendered, sources: sources.files, root: $0, configuration)
      } ?? filesPerProtocol(rendered, configuration, &diagnostics)
    statistics.outputLines = files.reduce(0) { $0 + $1.contents.utf8.count { $0 == 0x0A } }
    endStage("render")
    return Generation(files: files, diagnostics: diagnostics, statistics: statistics)
  }

  /// One protocol's decorators, or why it has none.
  private static func render(
    _ proto: ProtocolDecl, with templates: [CompiledTemplate], _ configuration: Configuration
  ) -> (rendered: RenderedProtocol?, diagnostics: [Diagnostic]) {
    let plan: ProtocolPlan
    switch ProtocolPlan.make(for: proto, options: configuration.render) {
    case .success(let made): plan = made
    case .failure(let unsupported): return (nil, [unsupported.diagnostic])
    }
    var bodies: [String] = []
    do {
      for template in templates {
        bodies.append(try template.render(plan))
      }
    } catch {
      return (nil, plan.diagnostics + [error.diagnostic])
    }
    let rendered = RenderedProtocol(
      proto: proto,
      fileName: configuration.fileNaming.replacingOccurrences(
        of: "{protocol}", with: plan.decoratorSuffix),
      bodies: bodies, templateImports: templates.flatMap(\.source.imports))
    return (rendered, plan.diagnostics)
  }

  /// One protocol's rendered decorators.
  private struct RenderedProtocol: Sendable {
    var proto: ProtocolDecl
    var fileName: String
    var bodies: [String]
    /// Modules the templates that rendered it import.
    var templateImports: [String]
  }

  private func filesPerProtocol(
    _ rendered: [RenderedProtocol], _ configuration: Configuration,
    _ diagnostics: inout [Diagnostic]
  ) -> [GeneratedSource] {
    var fileOwners: [String: String] = [:]
    return rendered.compactMap { item in
      if let owner = fileOwners[item.fileName] {
        diagnostics.append(
          Diagnostic(
            .error,
            "\(item.proto.qualifiedName) and \(owner) would both be written to \(item.fileName)",
            at: item.proto.location))
        return nil
      }
      fileOwners[item.fileName] = item.proto.qualifiedName
      let fileName = URL(fileURLWithPath: item.proto.location.file).lastPathComponent
      return GeneratedSource(
        name: item.fileName,
        contents: fileContents(
          description: "Decorators of \(item.proto.qualifiedName), declared in \(fileName).",
          [item], imports: configuration.imports))
    }
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
        contents: fileContents(
          description: items.isEmpty
            ? "Nothing in \(relative) is decorated."
            : "Decorators of the protocols in \(relative).",
          items, imports: configuration.imports))
    }
  }

  /// `Services.Shows+Decorators.swift` for `Services/Shows`; the build plugin declares the same.
  public static func perSourceFileName(forSourceAt relativePathWithoutExtension: String) -> String {
    relativePathWithoutExtension.replacingOccurrences(of: "/", with: ".") + "+Decorators.swift"
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
        if let data = FileManager.default.contents(atPath: name) {
          let baseName = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
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
  /// those it skips.
  private func selectTemplates(
    for proto: ProtocolDecl, from templates: [CompiledTemplate], decorateAll: Bool
  ) -> [CompiledTemplate] {
    var skipped: Set<String> = []
    for annotation in proto.annotations where annotation.key == "skip" {
      if annotation.arguments.isEmpty { return [] }
      skipped.formUnion(annotation.positionalValues.flatMap(\.texts).map { $0.lowercased() })
    }
    let requested = Set(proto.annotations.map { $0.key.lowercased() })
    return templates.filter { template in
      let name = template.source.name.lowercased()
      return !skipped.contains(name) && (decorateAll || requested.contains(name))
    }
  }

  private func fileContents(
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
