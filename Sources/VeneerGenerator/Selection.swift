import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerTemplates

/// Stage 4, select: each protocol with the templates it gets, by the configuration's
/// `selection`, its annotations, and its `skip`s; one rule for both languages.
struct Selection {
  /// The protocols to decorate, in the catalog's order.
  var work: [RenderWork]
  /// The Objective-C protocols to decorate, in the headers' order.
  var objectiveC: [ObjCRenderWork] = []
  /// Names in a `selection` list that match nothing.
  var diagnostics: [Diagnostic] = []

  init(
    _ catalog: ResolvedCatalog, templates: [CompiledTemplate], objectiveC: [ObjCTemplate],
    _ configuration: Configuration
  ) {
    work = []
    let listed = listedProtocols(
      configuration.selection,
      among: catalog.protocols.map(\.qualifiedName) + catalog.objectiveC.map(\.name))
    work = zip(catalog.protocols, catalog.ancestorFiles).compactMap { proto, ancestorFiles in
      let selected = Self.templates(
        for: proto, from: templates,
        decorateAll: Self.isSelectedWhole(proto, configuration.selection, listed: listed),
        templatesListed: !configuration.templates.isEmpty)
      return selected.isEmpty
        ? nil : RenderWork(proto: proto, ancestorFiles: ancestorFiles, templates: selected)
    }
    self.objectiveC = selectObjectiveC(
      catalog.objectiveC, templates: objectiveC, configuration.selection, listed: listed)
    if work.isEmpty, case .annotated = configuration.selection, let target = configuration.target {
      diagnostics += Self.annotatedElsewhere(
        catalog.annotatedReferences, templates: templates, target: target.name, configuration)
    }
    // One rule for `templates:` and `--template`: a list leaving out a built-in an annotation
    // asks for is a mistake, unless the run says another run writes it.
    diagnostics += Self.writtenElsewhereProblems(
      configuration.writtenElsewhere,
      listed: Set(configuration.templates.map { $0.value.lowercased() }))
    if !configuration.templates.isEmpty {
      diagnostics += Self.builtInsLeftOut(
        by: configuration.templates, from: catalog.protocols,
        available: Set(templates.map { $0.source.name.lowercased() }),
        writtenElsewhere: Set(configuration.writtenElsewhere.map { $0.value.lowercased() }))
    }
  }

  /// An error at each `written_elsewhere` (or `--written-elsewhere`) entry that names no
  /// built-in, and a warning at one that does nothing: the run lists no templates (it writes
  /// every built-in asked for), or lists that one (it writes it).
  private static func writtenElsewhereProblems(_ entries: [Located<String>], listed: Set<String>)
    -> [Diagnostic]
  {
    let builtIns = BuiltInTemplates.all.map { $0.name.lowercased() }
    return entries.compactMap { entry in
      let name = entry.value.lowercased()
      let setting = entry.location == nil ? "--written-elsewhere" : "'written_elsewhere'"
      let (severity, message): (Diagnostic.Severity, String)
      if !builtIns.contains(name) {
        let hint = Spelling.suggestion(for: name, among: builtIns)
        (severity, message) = (
          .error,
          "\(setting) names '\(entry.value)', which is not a built-in decorator ("
            + builtIns.joined(separator: ", ") + ")"
            + (hint.map { "; did you mean '\($0)'?" } ?? "")
        )
      } else if listed.isEmpty {
        (severity, message) = (
          .warning,
          "\(setting) names \(name), which does nothing in a run that lists no templates: it "
            + "writes every built-in an annotation asks for; list this run's templates, or take "
            + "\(name) out"
        )
      } else if listed.contains(name) {
        (severity, message) = (
          .warning,
          "\(setting) names \(name), which this run's templates list: it is written here; "
            + "take it out of one of the two"
        )
      } else {
        return nil
      }
      return entry.location.map { Diagnostic(severity, message, at: $0) }
        ?? Diagnostic(severity, message, file: entry.value)
    }
  }

  /// An error at each protocol annotation that asks for a built-in decorator the run's
  /// templates leave out, from `veneer.yml` or `--template`: the user asked for it twice, and
  /// one of the two would be dropped.
  private static func builtInsLeftOut(
    by listed: [Located<String>], from protocols: [ProtocolDecl], available: Set<String>,
    writtenElsewhere: Set<String>
  ) -> [Diagnostic] {
    let builtIns = Set(BuiltInTemplates.all.map { $0.name.lowercased() })
    let fromFile = listed.first?.location
    let origin = fromFile.map { " (\($0.file):\($0.line))" } ?? " (--template)"
    let elsewhere = fromFile == nil ? "--written-elsewhere" : "'written_elsewhere'"
    return protocols.flatMap { proto in
      proto.annotations.compactMap { annotation -> Diagnostic? in
        let name = annotation.key.lowercased()
        guard builtIns.contains(name), !available.contains(name),
          !writtenElsewhere.contains(name)
        else { return nil }
        return Diagnostic(
          .error,
          "\(proto.name) asks for the \(name) decorator, which the templates this run uses "
            + "leave out: [\(listed.map(\.value).joined(separator: ", "))]\(origin); add \(name) "
            + "to them, name it in \(elsewhere) if another run writes it, or take it out of "
            + "this annotation",
          at: annotation.location)
      }
    }
  }

  /// A warning, one for each module, when a build decorates nothing in its target while a
  /// module it imports has protocols annotated for decorators: they are generated in the target
  /// that declares the protocol, which needs the plugin.
  private static func annotatedElsewhere(
    _ references: [ProtocolDecl], templates: [CompiledTemplate], target: String,
    _ configuration: Configuration
  ) -> [Diagnostic] {
    var warned: Set<String> = []
    return references.compactMap { proto in
      let names = selectedNames(
        annotations: proto.annotations, among: templates.map(\.source.name), decorateAll: false,
        templatesListed: !configuration.templates.isEmpty)
      let module = configuration.referenceModules[proto.location.file] ?? "its module"
      guard !names.isEmpty, warned.insert(module).inserted else { return nil }
      return Diagnostic(
        .warning,
        "\(target) has nothing to decorate, while \(proto.name), declared in \(module) which "
          + "\(target) imports, asks for \(names.sorted().joined(separator: ", ")): Veneer "
          + "writes a protocol's decorators in the target that declares it; add VeneerPlugin to "
          + "\(module)'s plugins (and it can leave \(target)'s)",
        at: proto.location)
    }
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
  private mutating func listedProtocols(
    _ selection: Configuration.Selection, among names: [String]
  ) -> Set<String> {
    guard case .protocols(let entries) = selection else { return [] }
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

  /// The templates a protocol gets: those its annotations name (or all with `--all`), less
  /// those it skips. Without a template list, "all" leaves out the opt-in built-ins
  /// (`BuiltInDecorator.isOptIn`), which only an annotation or a list asks for.
  private static func templates(
    for proto: ProtocolDecl, from templates: [CompiledTemplate], decorateAll: Bool,
    templatesListed: Bool
  ) -> [CompiledTemplate] {
    let names = selectedNames(
      annotations: proto.annotations, among: templates.map(\.source.name),
      decorateAll: decorateAll, templatesListed: templatesListed)
    return templates.filter { names.contains($0.source.name.lowercased()) }
  }

  /// Of the templates named `available`, the lowercased names of those a declaration with
  /// `annotations` gets, Swift's or Objective-C's: the ones annotations name, or every one
  /// when the selection takes it whole (opt-in built-ins only when `templatesListed`), less
  /// those a `skip` names; none for a bare `skip`.
  static func selectedNames(
    annotations: [Annotation], among available: [String], decorateAll: Bool,
    templatesListed: Bool
  ) -> Set<String> {
    var skipped: Set<String> = []
    for annotation in annotations where annotation.key == "skip" {
      if annotation.arguments.isEmpty { return [] }
      skipped.formUnion(annotation.positionalValues.flatMap(\.texts).map { $0.lowercased() })
    }
    let requested = Set(annotations.map { $0.key.lowercased() })
    return Set(
      available.map { $0.lowercased() }.filter { name in
        let isEveryTemplate =
          decorateAll && (templatesListed || !BuiltInDecorators.optInTypedNames.contains(name))
        return !skipped.contains(name) && (isEveryTemplate || requested.contains(name))
      })
  }
}

/// A protocol to decorate and the templates it gets.
struct RenderWork: Sendable {
  var proto: ProtocolDecl
  /// The files of the protocols it inherits from.
  var ancestorFiles: [String]
  var templates: [CompiledTemplate]

  /// The decorator plans its templates read, which are all its plan needs.
  var plansRead: DecoratorPlanSet { templates.reduce(.none) { $0.union($1.plansRead) } }
}
