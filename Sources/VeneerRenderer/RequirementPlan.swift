import VeneerModel

/// Everything a template needs to implement one requirement in a decorator, worked out once:
/// the neutral facts every decorator uses (its declaration, the forwarding call, how it delivers
/// its outcome, its completion handler), and the aspects templates read (`RequirementAspect`).
///
/// Each member templates read is described once, in `templateMembers` or an aspect's, from
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

  // What aspects are planned from, besides the members above.

  /// The protocol, and what all its requirements are planned with.
  let context: ProtocolContext
  let parameters: [ForwardedParameter]
  /// What the forwarding call is made on: `base`, or the base type for a static requirement.
  let target: String
  let singleNameIsLabel: Bool
  /// The name of its advice in an intercepting decorator's hooks; unique in the protocol.
  let hookName: String
  /// Names and labels `redact(…)` lists, the requirement's and the protocol's.
  let redactedNames: Set<String>
  /// The cache identity (`cacheIdentity(of:in:)`) of each requirement `invalidates(…)` names, as
  /// a string literal.
  let invalidatedSelectors: [String]
  /// The aspects planned, at their positions in `RequirementAspects.all`: a reference each, so
  /// that a template's read casts a pointer.
  private(set) var aspects: [(any RequirementAspect)?] = []

  /// The aspects planned: a plan made for templates has those they read.
  package var plannedAspects: AspectSet {
    AspectSet(positions: aspects.indices.filter { aspects[$0] != nil })
  }

  package var isMethod: Bool { kind == .method }
  package var isGeneric: Bool { !requirement.genericParameters.isEmpty }
  package var isStatic: Bool { requirement.isStatic }
  package func isSkipped(by template: String) -> Bool {
    // Most requirements skip nothing, and lowercasing goes through Unicode's case mappings.
    !skippedTemplates.isEmpty
      && (skippedTemplates.contains("*") || skippedTemplates.contains(template.lowercased()))
  }

  /// The aspect at `position` in `RequirementAspects.all`, of type `aspect`.
  func aspect<Aspect: RequirementAspect>(_ position: Int, as aspect: Aspect.Type) -> Aspect {
    if let planned = aspects[position] { return unsafeDowncast(planned, to: Aspect.self) }
    // Only a plan made without it reaches here (a template would have asked for it): planned
    // now, its warnings already said or not wanted.
    var repeated: [Diagnostic] = []
    return Aspect(self, diagnostics: &repeated)
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

  /// Whether the argument is never logged, tracked or recorded: its name or label looks secret,
  /// or `redact(…)` lists it.
  func isRedacted(_ parameter: ForwardedParameter) -> Bool {
    let (name, label) = (parameter.parameter.name, parameter.parameter.label)
    // Most labels are the name again: asked once.
    return redactedNames.contains(name) || Naming.looksSecret(name)
      || label.map { $0 != name && (redactedNames.contains($0) || Naming.looksSecret($0)) } == true
  }

  /// Whether its values are written in full (`log(full)` on it or its protocol), not only in
  /// the forms that cannot carry a secret.
  var logsFullValues: Bool {
    (requirement.annotations + context.proto.annotations).contains {
      $0.key == "log" && $0.positionalValues.flatMap(\.texts).contains("full")
    }
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
      if isRedacted(parameter) {
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
    parameters.first { $0.parameter.name == name || $0.parameter.label == name }
  }

  /// The standard library's types that cannot escape the call they are given to, or cannot be
  /// copied (SwiftNIO's `enqueue(_ job: consuming ExecutorJob)`).
  static let unmovableTypes: Set<String> = [
    "Span", "RawSpan", "MutableSpan", "MutableRawSpan", "OutputSpan", "OutputRawSpan", "UTF8Span",
    "ExecutorJob", "Mutex", "Atomic", "AtomicLazyReference",
  ]

  /// What makes a requirement's values ones a decorator can only pass on: a generic parameter
  /// that may be `~Copyable` or `~Escapable` (swift-configuration's `watchSnapshot<Return:
  /// ~Copyable>`), or a standard type that cannot be copied or escape (swift-subprocess's
  /// `RawSpan`, SwiftNIO's `ExecutorJob`).
  static func valueThatCannotBeCopied(in requirement: Requirement) -> String? {
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
  /// (`@inlinable` on SwiftNIO's `wrapOutboundOut`), not what a decorator's must be: an
  /// inlinable decorator could not call the runtime's `@_spi(Generated)` interface. So are
  /// result builders, named `…Builder` by convention (swift-parsing's `@ParserBuilder var
  /// body`), which would build the decorator's forwarding body.
  static let attributesOfTheBase: Set<String> = [
    "objc", "inlinable", "inline", "usableFromInline", "_alwaysEmitIntoClient", "_transparent",
    "_effects", "_specialize", "_semantics", "_optimize",
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
  /// The decorators' stored properties, as declared.
  var storage: StorageNames { storageReference.value }
  private let storageReference: TemplateReference<StorageNames>
  private let storageNames: Set<String>
  /// What default event names start with: `post_repo`.
  let eventPrefix: String

  init(
    _ proto: ProtocolDecl, options: RenderOptions, baseType: String,
    storage: TemplateReference<StorageNames>, eventPrefix: String
  ) {
    self.proto = proto
    self.options = options
    self.baseType = baseType
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
  ///   - planning: the aspects to plan: those the templates read.
  init(
    _ requirement: Requirement, in context: ProtocolContext, access: String,
    isClassDecorator: Bool, hookName: String, namesResultType: Bool, planning: AspectSet,
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

    // The declaration, with unnamed parameters given names so they can be forwarded.
    let attributes = Availability(options: context.options).attributes(
      requirement.attributes.filter {
        !Self.attributesOfTheBase.contains($0.name)
          && !$0.name.prefix { $0 != "<" }.hasSuffix("Builder")
      }
    ).map(\.description)
    let modifiers = requirement.modifiers.filter { modifier in
      !(modifier == "optional" || (isClassDecorator && modifier == "mutating"))
    }
    let prefix = (attributes + [access] + modifiers).filter { !$0.isEmpty }
      .joined(separator: " ")
    let parameterList = parameters.map {
      $0.declaration(singleNameIsLabel: singleNameIsLabel)
    }.joined(separator: ", ")
    let signature: String
    switch requirement.kind {
    case .method, .initializer:
      let result = requirement.returnType.map { " -> \($0.text)" } ?? ""
      // `func == (lhs: Self, …)`, spaced as swift-format spaces operators.
      let space = requirement.isOperator && requirement.genericClauseText.isEmpty ? " " : ""
      signature =
        "func \(requirement.name)\(requirement.genericClauseText)\(space)(\(parameterList))"
        + effectsSuffix + result + requirement.whereClauseText
    case .subscript:
      signature =
        "subscript\(requirement.genericClauseText)(\(parameterList)) -> "
        + "\(requirement.returnType?.text ?? "Void")\(requirement.whereClauseText)"
    case .property:
      signature = "var \(requirement.name): \(requirement.type?.text ?? "Void")"
    }
    // `Self.ID` is the associated type `ID`, which a decorator declares as a type alias: named
    // plainly, since a class's `Self` is dynamic and has no member types.
    let plainSignature =
      signature.containsBytes(of: "Self.") && !context.proto.allAssociatedTypes.isEmpty
      ? signature.replacingOccurrences(
        of: #"(?<![A-Za-z0-9_.])Self\.(?=("#
          + context.proto.allAssociatedTypes.map(\.name).joined(separator: "|")
          + #")(?![A-Za-z0-9_]))"#,
        with: "", options: .regularExpression)
      : signature
    declaration = prefix.isEmpty ? plainSignature : "\(prefix) \(plainSignature)"

    // Forwarding.
    let arguments = parameters.map {
      $0.argument(singleNameIsLabel: singleNameIsLabel)
    }
    let access: String
    switch requirement.kind {
    case .method where requirement.isOperator:
      // Operators are called as operators: `lhs.base == rhs.base`, `-value.base`.
      let values = parameters.map { $0.argument(singleNameIsLabel: false, labelled: false) }
      access =
        requirement.modifiers.contains("prefix")
        ? "\(requirement.name)\(values.joined())"
        : requirement.modifiers.contains("postfix")
          ? "\(values.joined())\(requirement.name)"
          : values.joined(separator: " \(requirement.name) ")
    case .method, .initializer:
      access = "\(target).\(requirement.name)(\(arguments.joined(separator: ", ")))"
    case .subscript:
      access = "\(target)[\(arguments.joined(separator: ", "))]"
    case .property:
      access = "\(target).\(requirement.name)"
    }
    // `as T` picks the overload, and infers a generic parameter that only the result
    // mentions (`func decode<T>(_ data: Data) -> T`); an opaque or `Self` result cannot be named
    // here, and Swift rejects such overloads in a protocol anyway.
    func mentions(_ type: TypeRef?, _ generic: String) -> Bool {
      type?.contains {
        if case .named(let name, _) = $0.shape { name == generic } else { false }
      } == true
    }
    // Any one parameter the arguments do not name (`func convert<T, U>(_ value: T) -> U`).
    let isInferredFromResultOnly =
      requirement.kind == .method
      && requirement.genericParameters.contains { generic in
        mentions(requirement.returnType, generic.name)
          && !requirement.parameters.contains { mentions($0.type, generic.name) }
      }
    nameableResultType = requirement.returnType.map { returnType in
      if case .implicitlyUnwrappedOptional(let wrapped) = returnType.shape {
        return Self.parenthesized(wrapped.text) + "?"
      }
      return returnType.text
    }
    let resultCoercion =
      (namesResultType || isInferredFromResultOnly)
        && requirement.returnType.map {
          !$0.text.containsBytes(of: "some ") && !$0.text.containsBytes(of: "Self")
        }
          ?? true
      ? " as \(nameableResultType ?? "Void")" : ""
    // A builder's result, in a copy of the decorator; `ProtocolPlan` lets only these through.
    selfResult =
      requirement.kind == .method && !requirement.isStatic && !isClassDecorator
      ? SelfResult(requirement.returnType) : nil
    let forwarded = selfResult?.rewrapping(access, base: context.storage.base) ?? access
    forwardCall = effectPrefix + forwarded + resultCoercion
    // A requirement's result builder is inferred for the decorator's implementation too
    // (swift-parsing's `@ParserBuilder<Input> var body`); a `return` opts out of it.
    let forwardedValue =
      requirement.attributes.contains { $0.name.prefix { $0 != "<" }.hasSuffix("Builder") }
      ? "return \(forwardCall)" : forwardCall
    if requirement.kind == .method || requirement.kind == .initializer {
      forwardingImplementation = "\(declaration) {\n\(forwardedValue)\n}"
    } else {
      forwardingImplementation =
        requirement.isSettable
        ? "\(declaration) {\nget\(effectsSuffix) { \(forwardedValue) }\n"
          // A struct's setter mutates unless it says otherwise; a class's never does.
          + (requirement.hasNonmutatingSetter && !isClassDecorator ? "nonmutating " : "")
          + "set { \(access) = newValue }\n}"
        : effectsSuffix.isEmpty
          ? "\(declaration) {\n\(forwardedValue)\n}"
          : "\(declaration) {\nget\(effectsSuffix) {\n\(forwardedValue)\n}\n}"
    }

    // The outcome, and completion handlers. Only a last parameter is taken for a completion
    // handler (an escaping closure elsewhere may be called any number of times), so the call
    // always ends in a trailing closure. A method that also returns a value is forwarded as it
    // is: its value must be returned. An async method returns its result; a closure it takes is
    // no completion handler.
    var completionSuccessCase = "success"
    if requirement.kind == .method, !requirement.effects.isAsync, let handler = parameters.last,
      var completion = handler.completion,
      requirement.returnType.map({ ["Void", "()"].contains($0.text) }) ?? true
    {
      // A generic requirement's handler passes through the runtime, which knows `Result` only.
      if completion.resultEnum != nil, !requirement.genericParameters.isEmpty {
        completion.resultSuccessType = nil
        completion.resultEnum = nil
      }
      let closureArguments =
        completion.parameterCount == 1
        ? (completion.resultSuccessType != nil ? names.result : names.value)
        : (0..<completion.parameterCount).map { "\(names.value)\($0)" }.joined(separator: ", ")
      // A generic requirement's type parameters are inferred from the closure's types.
      let typedArguments = zip(closureArguments.split(separator: ","), completion.parameterTypes)
        .map { "\($0.0.trimmingWhitespace): \($0.1)" }.joined(separator: ", ")
      let closureHead =
        closureArguments.isEmpty
        ? "{"
        : requirement.genericParameters.isEmpty
          ? "{ \(closureArguments) in" : "{ (\(typedArguments)) in"
      let otherArguments = arguments.dropLast().joined(separator: ", ")
      let call = "\(effectPrefix)\(target).\(requirement.name)"
      var opening =
        (otherArguments.isEmpty ? call : "\(call)(\(otherArguments))") + " \(closureHead)"
      completionName = handler.name
      // The runtime's `finishing(_:)` keeps the handler, so it must be escaping.
      completionIsSendable =
        handler.parameter.isEscaping
        && handler.parameter.type.attributes.contains { $0.name == "Sendable" }
      var receivedArguments = closureArguments
      if let resultEnum = completion.resultEnum, let success = completion.resultSuccessType {
        // The app's own result, read as `Swift.Result` (which its name may shadow).
        opening +=
          "\nlet \(names.outcome): Swift.Result<\(success), any Swift.Error>\n"
          + "switch \(closureArguments) {\n"
          + "case .\(resultEnum.successCase)(let \(names.value)): "
          + "\(names.outcome) = .success(\(names.value))\n"
          + "case .\(resultEnum.failureCase)(let error): \(names.outcome) = .failure(error)\n}"
        receivedArguments = names.outcome
        completionSuccessCase = resultEnum.successCase
      }
      completionArguments = receivedArguments
      completionCallOpening = opening
      completionForward = "\(handler.name)(\(closureArguments))"
      let handlerLabel = handler.argument(singleNameIsLabel: singleNameIsLabel, value: "")
      callPassingCompletion =
        "\(call)(" + (otherArguments.isEmpty ? "" : "\(otherArguments), ") + handlerLabel
      if let success = completion.resultSuccessType {
        outcome = .completionResult
        valueType = Self.parenthesized(success)
      } else {
        outcome = .completion
        valueType = nil
      }
    } else {
      (completionCallOpening, completionArguments, completionForward) = (nil, nil, nil)
      (callPassingCompletion, completionName, completionIsSendable) = (nil, nil, false)
      if let returnType = requirement.returnType, !returnType.isVoid {
        if let success = returnType.resultSuccessType {
          valueType = Self.parenthesized(success)
          outcome = .result
        } else {
          valueType = Self.parenthesized(nameableResultType ?? returnType.text)
          outcome = .value
        }
      } else {
        valueType = nil
        outcome = .none
      }
    }
    self.completionSuccessCase = completionSuccessCase

    // Annotations: the requirement's win over the protocol's.
    let annotations = requirement.annotations
    let protocolAnnotations = context.proto.annotations
    redactedNames = Set(
      (annotations + protocolAnnotations).filter { $0.key == "redact" }
        .flatMap { $0.positionalValues.flatMap(\.texts) })
    invalidatedSelectors = annotations.filter { $0.key == "invalidates" }
      .flatMap { $0.positionalValues.flatMap(\.texts) }
      .flatMap { name -> [String] in
        let matches = context.proto.allRequirements.filter {
          $0.name == name || $0.selector == name || $0.bareName == name
        }
        if matches.isEmpty {
          let location =
            annotations.first { $0.key == "invalidates" }?.location ?? requirement.location
          let hint = Spelling.suggestion(
            for: name, among: context.proto.allRequirements.map(\.bareName))
          // An error, as a misspelt event map entry is: the invalidation would be lost.
          diagnostics.append(
            Diagnostic(
              .error,
              "'invalidates' names '\(name)', which is not a requirement of "
                + "\(context.proto.qualifiedName)" + (hint.map { "; did you mean '\($0)'?" } ?? ""),
              at: location))
        }
        return matches.map { Self.cacheIdentity(of: $0, in: context.proto).swiftLiteral }
      }
    var skippedTemplates = Set(
      annotations.filter { $0.key == "skip" }.flatMap { annotation in
        annotation.arguments.isEmpty
          ? ["*"] : annotation.positionalValues.flatMap(\.texts).map { $0.lowercased() }
      })
    if !context.options.tracksUnnamedCalls,
      !annotations.contains(where: { $0.key == "analytics" })
    {
      skippedTemplates.insert("analytics")
    }
    if let unmovable = Self.valueThatCannotBeCopied(in: requirement) {
      skippedTemplates.insert("*")
      diagnostics.append(
        Diagnostic(
          .note,
          "every decorator forwards \(requirement.selector) as it is: \(unmovable), which a "
            + "decorator can neither log, keep nor hand to advice", at: requirement.location))
    }
    self.skippedTemplates = skippedTemplates
    var annotationArguments: [String: [String: String]] = [:]
    // Lowest precedence first, so that what wins is written last.
    for annotation in protocolAnnotations.reversed() + annotations.reversed() {
      var arguments = ["key": annotation.key]
      for argument in annotation.arguments {
        guard let label = argument.label else { continue }
        arguments[label] = argument.value.swiftLiteral
      }
      annotationArguments[annotation.key] = arguments
    }
    self.annotationArguments = annotationArguments
    conditionsOpening = requirement.conditions.map { "#if \($0)" }.joined(separator: "\n")
    conditionsClosing = requirement.conditions.map { _ in "#endif" }.joined(separator: "\n")

    // The neutral plan, lent to every aspect: a copy would retain each of its members.
    var planned: [(any RequirementAspect)?] = []
    planned.reserveCapacity(RequirementAspects.all.count)
    for (position, kind) in RequirementAspects.all.enumerated() {
      planned.append(planning.contains(position) ? kind.plan(self, &diagnostics) : nil)
    }
    aspects = planned
  }
}

extension RequirementPlan: TemplateObject {
  /// The neutral members; the aspects' are added to them.
  private static let neutralMembers: [String: TemplateMember<RequirementPlan>] = [
    "requirement": .init(
      .object("Requirement"), "the parsed requirement",
      {
        TemplateReference(RequirementView($0.requirement))
      }),
    "kind": .init(.text, "`method`, `property` or `subscript`", { $0.kind.rawValue }),
    "isMethod": .init(.bool, "whether it is a method", { $0.isMethod }),
    "isStatic": .init(.bool, "whether it is static", { $0.isStatic }),
    "isGeneric": .init(.bool, "whether it has generic parameters of its own", { $0.isGeneric }),
    "qualifiedSelector": .init(
      .text,
      "the identity in logs and cache keys, a span's `code.function.name`: "
        + "`PostRepo.getPost(id:completion:)`",
      { $0.qualifiedSelector }),
    "qualifiedSelectorLiteral": .init(
      .text, "the same as a Swift string literal", { $0.qualifiedSelectorLiteral }),
    "effectsPrefix": .init(
      .text, "`try await ` (with its space), `try `, `await ` or empty, before a call",
      { $0.effectsPrefix }),
    "selectorLiteral": .init(
      .text, "`\"getPost(id:completion:)\"`, a metric's `requirement`", { $0.selectorLiteral }),
    "typedClosureSignature": .init(
      .text, "`() throws(E) -> T in` for a typed error, which closures do not infer; else empty",
      { $0.typedClosureSignature }),
    "declaration": .init(
      .text, "the member's declaration in a decorator, without a body", { $0.declaration }),
    "forwardingImplementation": .init(
      .text, "the whole member, forwarding to `base` without decoration",
      { $0.forwardingImplementation }),
    "forwardCall": .init(
      .text, "the call to `base` with its effects: `try await base.load(id: id)`",
      { $0.forwardCall }),
    "isThrowing": .init(.bool, "whether it throws", { $0.isThrowing }),
    "isAsync": .init(.bool, "whether it is async", { $0.isAsync }),
    "doStatement": .init(
      .text, "`do throws(E)` for typed throws, else `do`", { $0.doStatement }),
    "thrownType": .init(
      .optional(.text), "the error type of typed throws: `PostError`", { $0.thrownType }),
    "completionIsSendable": .init(
      .bool, "whether the completion handler is escaping and `@Sendable`",
      { $0.completionIsSendable }),
    "completionSuccessCase": .init(
      .text, "the case a result handler's success goes in: `success`, or an app's own (`value`)",
      { $0.completionSuccessCase }),
    "outcome": .init(
      .text,
      "how it delivers its outcome: `none`, `value`, `result`, `completionResult` or `completion`",
      { $0.outcome.rawValue }),
    "valueType": .init(
      .optional(.text), "the type returned, or a `Result`'s success type", { $0.valueType }),
    "completionName": .init(
      .optional(.text), "the completion handler's name", { $0.completionName }),
    "completionCallOpening": .init(
      .optional(.text), "the call to `base` with a trailing closure, up to `in`",
      { $0.completionCallOpening }),
    "completionArguments": .init(
      .optional(.text), "the names the trailing closure receives", { $0.completionArguments }),
    "completionForward": .init(
      .optional(.text), "the original handler called with those names",
      {
        $0.completionForward
      }),
    "callPassingCompletion": .init(
      .optional(.text),
      "the same call up to the handler's value, for passing one the runtime makes: "
        + "`base.get(path, completion: `",
      { $0.callPassingCompletion }),
    "names": .init(
      .object("LocalNames"), "local names that do not clash with the parameters",
      { $0.namesReference }),
    "storage": .init(
      .object("StorageNames"),
      "the decorator's stored properties as its body reaches them: `self.logger` where a "
        + "parameter is called `logger`",
      { $0.storageReference }),
    "annotations": .init(
      .dictionary(.dictionary(.text)),
      "its `// veneer:` annotations (then the protocol's), by key, each with `key` and its "
        + "labelled arguments as Swift of their kind (a string a string literal, a number a "
        + "number, a name a reference): `r.annotations.retry.attempts`",
      { $0.annotationArguments }),
    "conditionsOpening": .init(
      .text, "the `#if` lines around the requirement, or empty", { $0.conditionsOpening }),
    "conditionsClosing": .init(.text, "the matching `#endif` lines", { $0.conditionsClosing }),
  ]

  /// Every member templates read on a requirement: the neutral ones and each aspect's.
  static let templateMembers = neutralMembers.merging(
    RequirementAspects.membersOnPlans, uniquingKeysWith: { neutral, _ in neutral })

  package func templateMember(_ name: String) -> Any? {
    Self.templateMembers[name]?.value(self).any
  }
}
