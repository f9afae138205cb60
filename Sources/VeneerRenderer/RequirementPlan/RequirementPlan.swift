import VeneerModel
import VeneerTemplates

/// Everything a template needs to implement one requirement in a decorator, worked out once:
/// the neutral facts every decorator uses (its declaration, the forwarding call, how it delivers
/// its outcome, its completion handler), and what each built-in decorator plans of it (`DecoratorPlan`).
///
/// Each member templates read is described once, in `templateMembers` or a decorator plan's, from
/// which `Templates/REFERENCE.md` is made.
package struct RequirementPlan: Sendable {
  package enum Kind: String, Sendable {
    case method, property, `subscript`
  }

  /// How a method delivers its outcome.
  package enum Outcome: String, Sendable {
    case none, value, result, completionResult, completion
  }

  package let kind: Kind
  package let requirement: Requirement
  package let qualifiedSelector: String
  package let qualifiedSelectorLiteral: String
  package let selectorLiteral: String
  package let effectsPrefix: String
  package let typedClosureSignature: String
  package let declaration: String
  package let forwardingImplementation: String
  package let forwardCall: String
  /// How the result holds `Self`, for a builder forwarded in a copy of the decorator.
  package let selfResult: SelfResult?
  package let isThrowing: Bool
  package let isAsync: Bool
  package let doStatement: String
  package let thrownType: String?
  package let outcome: Outcome
  package let valueType: String?
  /// The result type as a closure's type or a cast can name it: an implicitly unwrapped
  /// optional (`String!`) as the optional it is (`String?`); nil for no result.
  package let nameableResultType: String?
  package let completionCallOpening: String?
  package let completionArguments: String?
  package let completionForward: String?
  package let callPassingCompletion: String?
  package let completionName: String?
  package let completionIsSendable: Bool
  package let completionSuccessCase: String
  /// Templates this requirement opted out of with `skip(…)`; all of them for a bare `skip`.
  package let skippedTemplates: Set<String>
  package let conditionsOpening: String
  package let conditionsClosing: String
  package let annotationArguments: [String: [String: String]]
  package var names: LocalNames { namesReference.value }
  package var storage: StorageNames { storageReference.value }
  /// As templates hold them: made once, not each time a template reads one.
  let namesReference: TemplateReference<LocalNames>
  let storageReference: TemplateReference<StorageNames>

  // What decorator plans are made from, besides the members above.

  /// The protocol, and what all its requirements are planned with.
  let context: ProtocolContext
  let parameters: [ForwardedParameter]
  /// What the forwarding call is made on: `base`, or the base type for a static requirement.
  let target: String
  let singleNameIsLabel: Bool
  /// The name of its advice in an intercepting decorator's hooks; unique in the protocol.
  let hookName: String
  /// What its decorators may write of its values.
  let disclosure: Disclosure
  /// The cache identity (`cacheIdentity(of:in:)`) of each requirement `invalidates(…)` names, as
  /// a string literal.
  let invalidatedSelectors: [String]
  /// The built-ins' plans of it, at their positions in `DecoratorPlans.all`: a reference each,
  /// so that a template's read casts a pointer.
  private(set) var decoratorPlans: [(any DecoratorPlan)?] = []

  /// The built-ins that planned it: a plan made for templates has those they read.
  package var plannedDecorators: DecoratorPlanSet {
    DecoratorPlanSet(positions: decoratorPlans.indices.filter { decoratorPlans[$0] != nil })
  }

  package var isMethod: Bool { kind == .method }
  /// Whether it produces a value: a return, a `Result`, or a `Result` handler's success.
  var producesValue: Bool { [.value, .result, .completionResult].contains(outcome) }
  package var isGeneric: Bool { !requirement.genericParameters.isEmpty }
  package var isStatic: Bool { requirement.isStatic }
  package func isSkipped(by template: String) -> Bool {
    // Most requirements skip nothing, and lowercasing goes through Unicode's case mappings.
    !skippedTemplates.isEmpty
      && (skippedTemplates.contains("*") || skippedTemplates.contains(template.lowercased()))
  }

  /// The decorator plan at `position` in `DecoratorPlans.all`, of type `plan`.
  func decoratorPlan<Plan: DecoratorPlan>(_ position: Int, as plan: Plan.Type) -> Plan {
    if let planned = decoratorPlans[position] {
      return unsafeDowncast(planned, to: Plan.self)
    }
    // Only a plan made without it reaches here (a template would have asked for it): planned
    // now, its warnings already said or not wanted.
    var repeated: [Diagnostic] = []
    return Plan(self, diagnostics: &repeated)
  }

  /// The annotation argument `label` of the first annotation with one of `keys`: the
  /// requirement's over the protocol's.
  func annotationValue(_ label: String, keys: [String]) -> AnnotationValue? {
    for source in [requirement.annotations, context.proto.annotations] {
      for annotation in source where keys.contains(annotation.key) {
        if let value = annotation.value(for: label) { return value }
      }
    }
    return nil
  }

  /// `.seconds(300)` for the argument `label` of the first annotation with one of `keys`, or
  /// else for `fallback`; nil when neither gives seconds. The parser and the configuration
  /// refuse other values with a located error.
  func secondsLiteral(_ label: String, keys: [String], fallback: Double? = nil) -> String? {
    guard
      case .number(let seconds)? = annotationValue(label, keys: keys)
        ?? fallback.map(AnnotationValue.number),
      Lifetime.problem(with: seconds) == nil
    else { return nil }
    return seconds.rounded() == seconds ? ".seconds(\(Int(seconds)))" : ".seconds(\(seconds))"
  }

  /// What its decorators may write of the argument.
  func disclosure(of parameter: ForwardedParameter) -> Disclosure.Level {
    disclosure.level(ofParameter: parameter.parameter.name, label: parameter.parameter.label)
  }

  /// What a cache knows a requirement's results by: its qualified selector and the type it
  /// returns (`Store.get(id:) -> String`). Overloads that differ by their parameters' types have
  /// keys apart already (a key compares its arguments with their types); those that differ only
  /// by their result type are told apart by it, and never share a cached value.
  static func cacheIdentity(of requirement: Requirement, in proto: ProtocolDecl) -> String {
    let selector = "\(proto.qualifiedName).\(requirement.selector)"
    guard let returnType = requirement.returnType, !returnType.isVoid else { return selector }
    return "\(selector) -> \(returnType.text)"
  }

  /// The parameters the requirement's `key(label: [names])` annotations name, by name or label,
  /// that `isEligible`; a redacted one is left out with a warning that it is `outcome` (`never
  /// tracked`), said of it as a `role` (`analytics property`).
  func unredactedArguments(
    named label: String, of key: String, as role: String, _ outcome: String,
    _ diagnostics: inout [Diagnostic], where isEligible: (ForwardedParameter) -> Bool
  ) -> [ForwardedParameter] {
    let annotations = requirement.annotations.filter { $0.key == key }
    var eligible: [ForwardedParameter] = []
    for name in annotations.flatMap({ $0.value(for: label)?.texts ?? [] }) {
      guard let parameter = parameter(named: name), isEligible(parameter) else { continue }
      if disclosure(of: parameter) == .redacted {
        diagnostics.append(
          Diagnostic(
            .warning, "\(role) '\(name)' is redacted, so it is \(outcome)",
            at: annotations.first?.location ?? requirement.location))
        continue
      }
      eligible.append(parameter)
    }
    return eligible
  }

  /// The parameter an annotation names by its name or label.
  func parameter(named name: String) -> ForwardedParameter? {
    parameters.first { $0.parameter.answers(to: name) }
  }

  /// The standard library's types that cannot escape the call they are given to, or cannot be
  /// copied (SwiftNIO's `enqueue(_ job: consuming ExecutorJob)`).
  static let unmovableTypes: Set<String> = [
    "Span", "RawSpan", "MutableSpan", "MutableRawSpan", "OutputSpan", "OutputRawSpan", "UTF8Span",
    "ExecutorJob", "Mutex", "Atomic", "AtomicLazyReference",
  ]

  /// What makes a requirement's values ones a decorator can only pass on: a generic parameter
  /// that may be `~Copyable` or `~Escapable` (swift-configuration's `watchSnapshot<Return:
  /// ~Copyable>`), a standard type that cannot be copied or escape (swift-subprocess's
  /// `RawSpan`, SwiftNIO's `ExecutorJob`), a `borrowing` or `consuming` method or parameter
  /// (as a value that cannot be copied is passed), or a `sending` one or result, handed over
  /// whole: a decorator that logged or kept it would hold what it hands on.
  static func valueThatCannotBeCopied(in requirement: Requirement) -> String? {
    // `borrowing func` and `consuming func` (a `~Copyable` protocol's) leave `self` no implicit
    // copy, which a decorator's closures would need of its base.
    if let ownership = requirement.modifiers.first(where: { $0 == "borrowing" || $0 == "consuming" }
    ) {
      return "it is \(ownership), as a method of a value that cannot be copied is"
    }
    for parameter in requirement.parameters {
      let specifiers = parameter.type.specifiers
      if let ownership = specifiers.first(where: { $0 == "borrowing" || $0 == "consuming" }) {
        return "its parameter \(parameter.name) is \(ownership), as a value that cannot be "
          + "copied is"
      }
      if specifiers.contains("sending") {
        return "its parameter \(parameter.name) is sending, handed over to the base alone"
      }
    }
    if requirement.returnsSending {
      return "its result is sending, handed over to the caller alone"
    }
    let suppressed = requirement.genericParameters.first { generic in
      generic.constraint.map {
        $0.text.containsBytes(of: "~Copyable") || $0.text.containsBytes(of: "~Escapable")
      } == true
    }
    if let suppressed {
      return "its generic parameter \(suppressed.name) may be \(suppressed.constraint?.text ?? "")"
    }
    if requirement.whereClauseText.containsBytes(of: "~Copyable")
      || requirement.whereClauseText.containsBytes(of: "~Escapable")
    {
      return "its where clause lets values be ~Copyable or ~Escapable"
    }
    let results = [requirement.returnType, requirement.type].compactMap { $0 }
    // Walked only when the text may name one: this is asked of every requirement.
    for type in requirement.parameters.map(\.type) + results
    where type.text.containsBytes(of: "Span") || type.text.containsBytes(of: "Job")
      || type.text.containsBytes(of: "Mutex") || type.text.containsBytes(of: "Atomic")
    {
      var unmovable: String?
      _ = type.contains {
        guard case .named(let name, _) = $0.shape, unmovableTypes.contains(name) else {
          return false
        }
        unmovable = name
        return true
      }
      if let unmovable { return "\(unmovable) can be neither copied nor kept" }
    }
    return nil
  }

  /// Attributes of a requirement that say how its base's implementation is compiled or called
  /// (`@inlinable` on SwiftNIO's `wrapOutboundOut`), not what a decorator's must be. So are
  /// result builders, named `…Builder` by convention (swift-parsing's `@ParserBuilder var
  /// body`), which would build the decorator's forwarding body.
  /// So are attributes that give a member a symbol of its own or change its ABI
  /// (`@_silgen_name`, `@_cdecl`): on a decorator's member they would name another function's
  /// symbol, or export it.
  static let attributesOfTheBase: Set<String> = [
    "objc", "inlinable", "inline", "usableFromInline", "_alwaysEmitIntoClient", "_transparent",
    "_effects", "_specialize", "_semantics", "_optimize", "_silgen_name", "_cdecl", "_extern",
    "_expose", "export", "_used", "_section", "_dynamicReplacement", "_implements",
    "_originallyDefinedIn",
  ]

  /// `(any Error)` for `any Error`: a type templates may follow with `.self` or `?`.
  static func parenthesized(_ type: String) -> String {
    type.hasPrefix("any ") || type.hasPrefix("some ") || type.containsBytes(of: "->")
      || type.utf8.contains(UInt8(ascii: "&"))
      ? "(\(type))" : type
  }

  static func dictionaryLiteral(_ entries: [(key: String, value: String)]) -> String {
    entries.isEmpty
      ? "[:]"
      : "[" + entries.map { "\($0.key.swiftLiteral): \($0.value)" }.joined(separator: ", ") + "]"
  }
}

/// What every requirement of one protocol is planned with, shared by their plans.
final class ProtocolContext: Sendable {
  let proto: ProtocolDecl
  let options: RenderOptions
  /// The decorators' generic parameter: `Base` unless that name is taken.
  let baseType: String
  /// `@MainActor` before each requirement that says no isolation of its own, when the
  /// decorator type is nonisolated for the sake of its protocol's nonisolated requirements.
  let memberIsolation: String?
  /// The decorators' stored properties, as declared.
  var storage: StorageNames { storageReference.value }
  private let storageReference: TemplateReference<StorageNames>
  private let storageNames: Set<String>
  /// What default event names start with: `post_repo`.
  let eventPrefix: String

  init(
    _ proto: ProtocolDecl, options: RenderOptions, baseType: String, memberIsolation: String?,
    storage: TemplateReference<StorageNames>, eventPrefix: String
  ) {
    self.proto = proto
    self.options = options
    self.baseType = baseType
    self.memberIsolation = memberIsolation
    storageReference = storage
    storageNames = storage.value.names
    self.eventPrefix = eventPrefix
  }

  /// The stored properties as the body of a requirement with `parameters` reaches them: the
  /// protocol's own, shared, unless a parameter has the name of one.
  func storage(reachedFrom parameters: [Parameter]) -> TemplateReference<StorageNames> {
    parameters.contains { storageNames.contains($0.name.trimmingBackticks) }
      ? TemplateReference(storage.reached(from: parameters)) : storageReference
  }
}

extension RequirementPlan {
  /// - Parameters:
  ///   - isClassDecorator: whether the decorator is a class or actor, which never has
  ///     `mutating` members.
  ///   - namesResultType: whether another requirement differs from it by its result alone, so
  ///     that the forwarding call must name the type.
  ///   - planning: the decorator plans to make: those the templates read.
  init(
    _ requirement: Requirement, in context: ProtocolContext, access: String,
    isClassDecorator: Bool, hookName: String, namesResultType: Bool, planning: DecoratorPlanSet,
    diagnostics: inout [Diagnostic]
  ) {
    self.context = context
    self.requirement = requirement
    self.hookName = hookName
    let names = LocalNames(avoiding: requirement.parameters)
    namesReference = TemplateReference(names)
    storageReference = context.storage(reachedFrom: requirement.parameters)
    let storage = storageReference.value
    kind =
      switch requirement.kind {
      case .method, .initializer: .method
      case .property: .property
      case .subscript: .subscript
      }
    let selector = requirement.selector
    qualifiedSelector = "\(context.proto.qualifiedName).\(selector)"
    qualifiedSelectorLiteral = qualifiedSelector.swiftLiteral
    selectorLiteral = selector.swiftLiteral
    var parameters = requirement.parameters.enumerated().map { index, parameter in
      ForwardedParameter(
        parameter, index: index, decoratorBase: context.storage.base,
        resultEnums: context.proto.resultEnums)
    }
    // A non-escaping closure before the last parameter is work the call does, not its handler.
    for index in parameters.indices.dropLast() where !parameters[index].parameter.isEscaping {
      parameters[index].completion = nil
    }
    self.parameters = parameters
    // Asked of every parameter; it looks at the name's first character's Unicode properties.
    let singleNameIsLabel = requirement.singleParameterNameIsLabel
    self.singleNameIsLabel = singleNameIsLabel
    // `Base.Type` and `Base.self` are the metatype, whatever the backticks; `Base.self.Type()`
    // is the member.
    let target =
      !requirement.isStatic
      ? storage.base
      : ["Type", "Protocol", "self", "init"].contains(requirement.bareName)
        ? "\(context.baseType).self" : context.baseType
    self.target = target
    let effects = requirement.effects
    isThrowing = effects.isThrowing
    isAsync = effects.isAsync
    let effectPrefix = (isThrowing ? "try " : "") + (isAsync ? "await " : "")
    effectsPrefix = effectPrefix
    // After the parameters of a method, or after `get`: ` async throws`, or nothing.
    let effectsText = effects.text
    let effectsSuffix = effectsText.isEmpty ? "" : " \(effectsText)"
    typedClosureSignature =
      effects.thrownType.map { thrown in
        "()\(effects.isAsync ? " async" : "") throws(\(thrown.text)) -> "
          + "\(requirement.returnType?.text ?? "Void") in "
      } ?? ""
    doStatement = effects.thrownType.map { "do throws(\($0.text))" } ?? "do"
    thrownType = effects.thrownType?.text

    declaration = Self.declaration(
      of: requirement, parameters: parameters, singleNameIsLabel: singleNameIsLabel,
      effectsSuffix: effectsSuffix, access: access, isClassDecorator: isClassDecorator,
      in: context)
    let arguments = parameters.map { $0.argument(singleNameIsLabel: singleNameIsLabel) }
    let forwarding = Forwarding(
      requirement, parameters: parameters, arguments: arguments, target: target,
      effectPrefix: effectPrefix, effectsSuffix: effectsSuffix, declaration: declaration,
      namesResultType: namesResultType, isClassDecorator: isClassDecorator, in: context)
    (nameableResultType, selfResult) = (forwarding.nameableResultType, forwarding.selfResult)
    (forwardCall, forwardingImplementation) =
      (forwarding.forwardCall, forwarding.forwardingImplementation)
    let outcomePlan = OutcomePlan(
      requirement, parameters: parameters, arguments: arguments, names: names, target: target,
      effectPrefix: effectPrefix, singleNameIsLabel: singleNameIsLabel,
      nameableResultType: nameableResultType)
    (outcome, valueType) = (outcomePlan.outcome, outcomePlan.valueType)
    (completionCallOpening, completionArguments, completionForward) =
      (
        outcomePlan.completionCallOpening, outcomePlan.completionArguments,
        outcomePlan.completionForward
      )
    (callPassingCompletion, completionName, completionIsSendable, completionSuccessCase) =
      (
        outcomePlan.callPassingCompletion, outcomePlan.completionName,
        outcomePlan.completionIsSendable, outcomePlan.completionSuccessCase
      )
    let annotations = RequirementAnnotations(requirement, in: context, diagnostics: &diagnostics)
    invalidatedSelectors = annotations.invalidatedSelectors
    disclosure = Disclosure(
      name: requirement.bareName,
      parameters: requirement.parameters.map { ($0.name, $0.label) },
      annotations: requirement.annotations, protocolAnnotations: context.proto.annotations)
    diagnostics += Disclosure.secretNameDiagnostics(in: requirement.annotations)
    (skippedTemplates, annotationArguments) =
      (annotations.skippedTemplates, annotations.annotationArguments)
    conditionsOpening = requirement.conditions.map { "#if \($0)" }.joined(separator: "\n")
    conditionsClosing = requirement.conditions.map { _ in "#endif" }.joined(separator: "\n")

    // The neutral plan, lent to each decorator plan: a copy would retain each of its members.
    var planned: [(any DecoratorPlan)?] = []
    planned.reserveCapacity(DecoratorPlans.all.count)
    for (position, kind) in DecoratorPlans.all.enumerated() {
      planned.append(planning.contains(position) ? kind.plan(self, &diagnostics) : nil)
    }
    decoratorPlans = planned
  }
}
