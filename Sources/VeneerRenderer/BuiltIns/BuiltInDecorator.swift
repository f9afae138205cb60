import VeneerModel
import VeneerTemplates

/// Everything Veneer knows of one built-in decorator, in one place: the annotations it reads,
/// the properties its decorators store, what it adds to requirement plans, its settings in
/// `veneer.yml`, and the library its code imports.
///
/// A built-in is a folder of `BuiltIns/` holding its descriptor, what it plans for Swift and
/// Objective-C, if anything, and its templates (`Logging.stencil`; `Logging.h.stencil` and
/// `Logging.m.stencil`), and its line in `BuiltInDecorators.all`; every list of built-ins
/// (annotation keys, storage names, options, help, the plugins' products) is read from these.
package struct BuiltInDecorator: Sendable {
  /// Its template's name: `Logging`; users type it in any case.
  package let name: String
  /// What it does, in a phrase, for the tables of built-ins in the README and BuiltIns.md.
  package let summary: String
  /// The annotation keys it reads, each with its labelled arguments: `tracing(span:attributes:)`.
  package let annotations: [String: [String: AnnotationArgumentKind]]
  /// What each of its keys says, for the annotation reference: its own name's, unless said,
  /// "decorate with it" on a protocol and its settings on a requirement.
  package let annotationUses: [String: AnnotationUse]
  /// Its decorators' stored properties beside `base`, each with what it holds, in the words of
  /// `Templates/REFERENCE.md`: templates read them as `plan.storage.tracer`.
  package let storage: [(name: String, summary: String)]
  /// What it adds to each requirement's plan for its template, if anything.
  let plan: DecoratorPlanKind?
  /// What it adds to each Objective-C method's plan for its templates, if anything.
  let objectiveCPlan: ObjCDecoratorPlanKind?
  /// Its settings under `options:` in `veneer.yml`, in the order errors list them.
  package let options: [BuiltInOption]
  /// Whether `--all` and `selection: all` leave it out, so that only an annotation or a
  /// template list asks for it: its decorators import a library an app may not have, or change
  /// what a call does.
  package let isOptIn: Bool
  /// The library of Veneer's its decorators import, a product of the `veneer` package.
  package let runtimeModule: String
  /// The declarations of other libraries its decorators' own signatures name (a default
  /// argument's `InstrumentationSystem`), as scoped imports: `protocol Tracing.Tracer`.
  /// `VeneerMacros` re-exports them, and nothing else of those libraries, so that
  /// `import VeneerMacros` is all a file needs and none of their other names clash with an
  /// app's (CoreMetrics' `Timer` and Foundation's).
  package let signatureNames: [String]
  /// What it does to an instance method's call, when that is all it does and a protocol that
  /// asks for it by annotation should hear which members it forwards as they are: `logged`
  /// ("only instance methods are logged").
  let instanceMethodsOnly: String?
  /// The name of the method its template adds to the protocol to wrap a value in one of its
  /// decorators: `withLogging`.
  package let compositionHelper: String
  /// The requirements it acts on only where declared, and how `@Decorated` lists them.
  package let declarations: Declarations?
  /// Where its descriptor is, `path:line`: what a registration problem points at.
  let descriptorLocation: String

  /// A declaration a built-in acts on, made per requirement: `cache` for caching.
  package struct Declarations: Sendable {
    /// The argument of `@Decorated` that lists the requirements: `cached`.
    package let macroLabel: String
    /// The annotation each of those gets: `cache`.
    package let key: String
  }

  init(
    name: String, summary: String, annotations: [String: [String: AnnotationArgumentKind]],
    storage: [(name: String, summary: String)] = [], plan: DecoratorPlanKind? = nil,
    objectiveCPlan: ObjCDecoratorPlanKind? = nil, options: [BuiltInOption] = [],
    isOptIn: Bool = false, runtimeModule: String = "VeneerRuntime",
    signatureNames: [String] = [], instanceMethodsOnly: String? = nil,
    compositionHelper: String? = nil, annotationUses: [String: AnnotationUse] = [:],
    declarations: Declarations? = nil, file: StaticString = #filePath, line: UInt = #line
  ) {
    descriptorLocation = "\(file):\(line)"
    self.declarations = declarations
    self.name = name
    self.summary = summary
    self.annotations = annotations
    self.annotationUses = annotations.reduce(into: annotationUses) { uses, entry in
      guard uses[entry.key] == nil else { return }
      let labels = entry.value.keys.sorted().map { "\($0): \(entry.value[$0]!.rawValue)" }
      uses[entry.key] = AnnotationUse(
        labels.isEmpty ? entry.key : "\(entry.key)(\(labels.joined(separator: ", ")))",
        onProtocol: "decorate it with the \(name) template",
        onRequirement: labels.isEmpty ? nil : "the \(name) template's settings for this one")
    }
    self.storage = storage
    self.plan = plan
    self.objectiveCPlan = objectiveCPlan
    self.options = options
    self.isOptIn = isOptIn
    self.runtimeModule = runtimeModule
    self.signatureNames = signatureNames
    self.instanceMethodsOnly = instanceMethodsOnly
    self.compositionHelper = compositionHelper ?? "with" + name
  }

  /// Its name as users type it: `logging`.
  package var typedName: String { name.lowercased() }

  /// The name of what it adds to requirement plans, which templates that read it plan:
  /// `interception` for Intercepting.
  package var plannedName: String? { plan?.name }
}

/// One setting of a built-in under `options:` in `veneer.yml`, such as `caching: {ttl: 300}`,
/// and how it is checked and kept; `@Decorated` takes the same settings, typed
/// (`.caching(ttl: .seconds(300))`).
package struct BuiltInOption: Sendable {
  package let name: String
  package let value: Value
  /// Whether `@Decorated` takes it as its built-in's first argument, unlabelled:
  /// `.timeout(.seconds(2))`.
  package let isUnlabeledInMacro: Bool

  package init(_ name: String, _ value: Value, unlabeledInMacro: Bool = false) {
    self.name = name
    self.value = value
    self.isUnlabeledInMacro = unlabeledInMacro
  }

  package enum Value: Sendable {
    /// One of some words (`level: info`); `described` names them in errors: "a log level
    /// (trace, debug, …)". `@Decorated` takes it as a case of `swiftType` whose names are the
    /// words (`Logger.Level`), or of an enum of its own with the words as lower camel case
    /// (`.snakeCase` for `snake_case`) when there is none.
    case word(
      [String], described: String, swiftType: String? = nil,
      set: @Sendable (inout RenderOptions, String) -> Void)
    /// A whole number in a range (`capacity: 500`); `counting` says of what: "entries".
    case wholeNumber(
      ClosedRange<Int>, counting: String, set: @Sendable (inout RenderOptions, Int) -> Void)
    /// A positive number of seconds, at most a hundred years.
    case seconds(set: @Sendable (inout RenderOptions, Double) -> Void)
    /// A mapping from requirements to analytics events, read apart: its entries are located.
    case eventMap
    /// A value its template reads as `options.<name>`, checked as an annotation argument of
    /// this kind is.
    case templateValue(AnnotationArgumentKind)
  }
}

/// Every built-in decorator.
package enum BuiltInDecorators {
  /// Each built-in; a new one is registered here. In a fixed order: the position of what a
  /// built-in plans is its place in a requirement's plan.
  package static let all: [BuiltInDecorator] = registered([
    .logging, .analytics, .caching, .intercepting, .tracing, .metrics, .timeout, .retry,
    .circuitBreaker, .bulkhead, .rateLimit,
  ])

  /// `decorators`, checked as they are registered: two that clash are a mistake in Veneer's own
  /// sources, stopped here with a message at the descriptor to change, before any name is
  /// looked up in the wrong one.
  private static func registered(_ decorators: [BuiltInDecorator]) -> [BuiltInDecorator] {
    let problems = problems(registering: decorators)
    precondition(problems.isEmpty, problems.joined(separator: "\n"))
    return decorators
  }

  /// The built-in named `name`, in any case.
  package static func named(_ name: String) -> BuiltInDecorator? {
    let typed = name.lowercased()
    return all.first { $0.typedName == typed }
  }

  /// Every built-in's name as users type it, for help and messages: `analytics, caching, …`.
  package static let typedNames = all.map(\.typedName).sorted().joined(separator: ", ")

  /// Those `--all` leaves out, as users type them: `metrics`, `timeout`, `tracing`.
  package static let optInTypedNames = Set(all.filter(\.isOptIn).map(\.typedName))

  /// Veneer's libraries that generated code imports, each a product of the `veneer` package.
  package static let runtimeModules = Set(all.map(\.runtimeModule))

  /// The other libraries whose declarations generated code names qualified, by their module
  /// (`Logging` of `struct Logging.Logger`): those the built-ins' signatures name.
  package static let libraryModules = Set(
    all.flatMap(\.signatureNames).compactMap { TemplateImport($0)?.module })

  /// What is wrong with registering `decorators` together, each at the descriptor at fault and
  /// naming the built-in it clashes with: two with one name, annotation key, composition helper,
  /// plan, or member its plan adds to a requirement's or an Objective-C method's (a plan's
  /// members are read by name on any requirement, and a second `admittedCall` would be the
  /// first's); and a built-in's own stored properties, which must be Swift names, none of them
  /// `base` and none twice.
  package static func problems(registering decorators: [BuiltInDecorator]) -> [String] {
    var problems: [String] = []
    func report(_ decorator: BuiltInDecorator, declaring what: String) {
      problems.append(
        "\(decorator.descriptorLocation): built-in \(decorator.name) declares the \(what): "
          + "rename it in \(decorator.name)'s folder")
    }
    func findClashes(
      _ what: String, among registered: [BuiltInDecorator] = decorators,
      taken owner: [String: String] = [:], _ names: (BuiltInDecorator) -> [String]
    ) {
      var owner = owner
      for decorator in registered {
        for name in names(decorator) {
          if let first = owner[name] {
            report(decorator, declaring: "\(what) '\(name)', which \(first) declares already")
          } else {
            owner[name] = decorator.name
          }
        }
      }
    }
    findClashes("name") { [$0.typedName] }
    findClashes("annotation key") { Array($0.annotations.keys).sorted() }
    // Stored properties are each decorator's own, scoped to its built-in: two built-ins may both
    // keep a `limiter`, spelt alike since the spelling depends on the protocol alone.
    for decorator in decorators {
      findClashes("stored property", among: [decorator], taken: ["base": "every decorator"]) {
        $0.storage.map(\.name)
      }
      for name in decorator.storage.map(\.name)
      where !SwiftWords.isPlainIdentifier(name) || SwiftWords.isKeyword(name) {
        report(decorator, declaring: "stored property '\(name)', which is not a Swift name")
      }
    }
    findClashes("composition helper") { [$0.compositionHelper] }
    findClashes("plan") { $0.plan.map { [$0.name] } ?? [] }
    findClashes(
      "plan member",
      taken: RequirementPlan.neutralMembers.mapValues { _ in "every requirement's plan" }
    ) { $0.plan?.memberNames.sorted() ?? [] }
    findClashes(
      "Objective-C plan member",
      taken: ObjCMethodPlan.neutralMembers.mapValues { _ in "every method's plan" }
    ) { $0.objectiveCPlan?.memberNames.sorted() ?? [] }
    return problems
  }
}
