import VeneerModel

/// Everything a template needs to implement one requirement in a decorator, worked out once.
package struct RequirementPlan: Sendable {
  package enum Kind: String, Sendable {
    case method, property, `subscript`
  }

  /// How a method delivers its outcome.
  package enum Outcome: String, Sendable {
    /// Returns nothing.
    case none
    /// Returns a value.
    case value
    /// Returns a `Result`.
    case result
    /// Calls a completion handler with a `Result`.
    case completionResult
    /// Calls a completion handler with other values.
    case completion
  }

  package var kind: Kind
  package var requirement: Requirement
  /// `PostRepo.getPost(id:completion:)`, the identity used in logs and cache keys.
  package var qualifiedSelector: String {
    didSet { qualifiedSelectorLiteral = qualifiedSelector.swiftLiteral }
  }
  /// `"getPost(id:completion:)"`: the selector as a Swift string literal, a span's
  /// `code.function`.
  package var selectorLiteral: String
  /// `"PostRepo.getPost"`, or what `tracing(span:)` names: a tracing span's name, as a literal.
  package var spanNameLiteral: String
  /// `call.setAttribute("id", id)`, a line for each argument `tracing(attributes:)` names that
  /// is not redacted; else empty.
  package var spanAttributeCalls: String
  /// `try await ` (with its space), `try `, `await ` or empty: what a call with the
  /// requirement's effects is preceded by.
  package var effectsPrefix: String
  /// `() async throws(E) -> T in ` (with its space) for a requirement with a typed error, whose
  /// closures Swift does not infer it for; else empty.
  package var typedClosureSignature: String
  /// The member's declaration in the decorator, without a body:
  /// `public func getPost(id: Int, completion: …)`.
  package var declaration: String
  /// The whole member, forwarding without decoration (for properties, subscripts, static
  /// requirements and anything a template leaves alone).
  package var forwardingImplementation: String
  /// The call to the decorated instance with its effects: `try await base.createPost(…)`.
  package var forwardCall: String
  package var isThrowing: Bool
  package var isAsync: Bool
  /// `do throws(E)` for typed throws, else `do`, so that `catch` keeps the error's type.
  package var doStatement: String
  /// The error type of typed throws: `PostError` for `throws(PostError)`.
  package var thrownType: String?
  package var outcome: Outcome
  /// The type returned, or for a `Result` (returned or delivered) its success type.
  package var valueType: String?
  /// For completion handlers (always the last parameter): the call with a trailing closure
  /// that receives `completionArguments`, opened up to `in`; the template writes the body and
  /// `}`.
  package var completionCallOpening: String?
  package var completionArguments: String?
  /// The original handler called with `completionArguments`.
  package var completionForward: String?
  /// The same call up to the handler's value, `base.get(path, completion: `, for passing a
  /// handler made by the runtime: a closure written in a generic requirement's decorator would
  /// capture its generic parameters, and Swift warns about sending their metatypes.
  package var callPassingCompletion: String?
  /// Logger metadata of the arguments, secrets redacted: `["id": LoggedCall.value(id)]`.
  package var logMetadata: String
  /// The arguments `LoggedCall` takes after `arguments:` when they are not its defaults:
  /// `, redactsResult: true` when the result is a secret, `, valueLimit: 200` when
  /// `veneer.yml` sets one; else empty.
  package var logCallOptions: String
  /// Whether the result is never logged: `redact(result)`, or a name that says it is a secret
  /// (`accessToken()`).
  package var redactsResult: Bool
  package var analyticsEvent: String {
    didSet { analyticsEventLiteral = analyticsEvent.swiftLiteral }
  }
  package var analyticsFailureEvent: String {
    didSet { analyticsFailureEventLiteral = analyticsFailureEvent.swiftLiteral }
  }
  /// `qualifiedSelector`, `analyticsEvent` and `analyticsFailureEvent` as Swift string literals,
  /// kept in step by their `didSet`: stored, because templates read them several times a
  /// requirement.
  package private(set) var qualifiedSelectorLiteral: String
  package private(set) var analyticsEventLiteral: String
  package private(set) var analyticsFailureEventLiteral: String
  /// Analytics properties taken from arguments: `["title": AnalyticsValue(title)]`.
  package var analyticsProperties: String
  /// Whether the caching decorator answers this requirement from its cache.
  package var isCacheable: Bool
  /// `CacheKey(requirement: …, arguments: id)`.
  package var cacheKey: String
  /// `.seconds(300)` or `nil` (the cache's default).
  package var cacheTimeToLive: String
  /// `cache.invalidate("PostRepo.getPost(id:completion:)")`, or nothing.
  package var invalidation: String?
  /// Templates this requirement opted out of with `skip(…)`; all of them for a bare `skip`.
  package var skippedTemplates: Set<String>
  package var conditionsOpening: String
  package var conditionsClosing: String
  /// Local names that do not clash with the parameters.
  package var names: LocalNames { namesReference.value }
  /// The decorator's stored properties as this requirement's body reaches them: `self.logger`
  /// where a parameter is called `logger`.
  package var storage: StorageNames { storageReference.value }
  let storageReference: TemplateReference<StorageNames>
  /// The same, as templates hold them: made once, not each time a template reads one.
  let namesReference: TemplateReference<LocalNames>
  /// The completion handler's name.
  package var completionName: String?
  /// Whether the completion handler is `@Sendable`, so that it may be called from another
  /// isolation domain.
  package var completionIsSendable: Bool
  /// The case a result handler's success is passed in: `success`, or an app's own result
  /// enum's (`value`).
  package var completionSuccessCase: String
  /// For cacheable methods that return a value: the lookup-or-compute call, with effects.
  package var cachedCall: String?
  /// The name of its advice in an intercepting decorator's hooks; unique in the protocol.
  package var hookName: String
  /// `AsyncThrowingInterception<CreatePostArguments, Post, any Error>`: its advice's type, or `nil`
  /// when it cannot be intercepted (not a method, static, generic, of an actor or global-actor
  /// protocol, or with an `inout`, parameter-pack, autoclosure or non-escaping closure
  /// parameter). The interception members are `nil` too in a plan made without them, for
  /// templates that read none of them.
  package var interceptionType: String?
  /// `CreatePostArguments`, the name of its arguments' type, and that type:
  /// `(title: String, body: String)`, the parameter's own type for one, `Void` for none.
  package var interceptionArguments: String?
  package var interceptionArgumentsType: String?
  /// The body that runs the advice around `base`: for several parameters,
  /// `let arguments = (title: title, body: body)` and then
  /// `return try await hooks.createPost.call(arguments) { arguments in … }`.
  package var interceptingBody: String?
  /// Annotation arguments by key, the requirement's over the protocol's: each has `key` (so that
  /// an annotation without arguments still tests true) and its labelled arguments as text.
  package var annotationArguments: [String: [String: String]]

  /// The members a plan made without interception leaves out.
  static let interceptionMembers = [
    "interceptionType", "interceptionArguments", "interceptionArgumentsType", "interceptingBody",
  ]

  package var isMethod: Bool { kind == .method }
  /// Whether it has generic parameters of its own.
  package var isGeneric: Bool { !requirement.genericParameters.isEmpty }
  package var isStatic: Bool { requirement.isStatic }
  package func isSkipped(by template: String) -> Bool {
    // Most requirements skip nothing, and lowercasing goes through Unicode's case mappings.
    !skippedTemplates.isEmpty
      && (skippedTemplates.contains("*") || skippedTemplates.contains(template.lowercased()))
  }
}

extension RequirementPlan {
  /// `(any Error)` for `any Error`: a type templates may follow with `.self` or `?`.
  static func parenthesized(_ type: String) -> String {
    type.hasPrefix("any ") || type.hasPrefix("some ") || type.containsBytes(of: "->")
      || type.utf8.contains(UInt8(ascii: "&"))
      ? "(\(type))" : type
  }

  /// - Parameters:
  ///   - isClassDecorator: whether the decorator is a class or actor, which never has
  ///     `mutating` members.
  init(
    _ requirement: Requirement, in proto: ProtocolDecl, access: String, baseType: String,
    isClassDecorator: Bool, storage declaredStorage: StorageNames, options: RenderOptions,
    eventPrefix: String, hookName: String,
    namesResultType: Bool, protocolAnnotations: [Annotation], includesInterception: Bool,
    diagnostics: inout [Diagnostic]
  ) {
    self.requirement = requirement
    let names = LocalNames(avoiding: requirement.parameters)
    namesReference = TemplateReference(names)
    let storage = declaredStorage.reached(from: requirement.parameters)
    storageReference = TemplateReference(storage)
    kind =
      switch requirement.kind {
      case .method, .initializer: .method
      case .property: .property
      case .subscript: .subscript
      }
    let selector = "\(proto.qualifiedName).\(requirement.selector)"
    qualifiedSelector = selector
    qualifiedSelectorLiteral = selector.swiftLiteral
    selectorLiteral = requirement.selector.swiftLiteral
    var parameters = requirement.parameters.enumerated().map { index, parameter in
      ForwardedParameter(
        parameter, index: index, decoratorBase: declaredStorage.base,
        resultEnums: proto.resultEnums)
    }
    // A non-escaping closure before the last parameter is work the call does, not its handler.
    for index in parameters.indices.dropLast() where !parameters[index].parameter.isEscaping {
      parameters[index].completion = nil
    }
    // Asked of every parameter; it looks at the name's first character's Unicode properties.
    let singleNameIsLabel = requirement.singleParameterNameIsLabel
    // `Base.Type` and `Base.self` are the metatype, whatever the backticks; `Base.self.Type()`
    // is the member.
    let target =
      !requirement.isStatic
      ? storage.base
      : ["Type", "Protocol", "self", "init"].contains(requirement.bareName)
        ? "\(baseType).self" : baseType
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
    let attributes = Availability(options: options).attributes(
      requirement.attributes.filter { $0.name != "objc" }
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
      signature.containsBytes(of: "Self.") && !proto.allAssociatedTypes.isEmpty
      ? signature.replacingOccurrences(
        of: #"(?<![A-Za-z0-9_.])Self\.(?=("#
          + proto.allAssociatedTypes.map(\.name).joined(separator: "|") + #")(?![A-Za-z0-9_]))"#,
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
    let genericNames = Set(requirement.genericParameters.map(\.name))
    func mentionsGeneric(_ type: TypeRef?) -> Bool {
      type?.contains {
        if case .named(let name, _) = $0.shape { genericNames.contains(name) } else { false }
      } == true
    }
    let isInferredFromResultOnly =
      !genericNames.isEmpty && requirement.kind == .method
      && mentionsGeneric(requirement.returnType)
      && !requirement.parameters.contains { mentionsGeneric($0.type) }
    let resultCoercion =
      (namesResultType || isInferredFromResultOnly)
        && requirement.returnType.map {
          !$0.text.containsBytes(of: "some ") && !$0.text.containsBytes(of: "Self")
        }
          ?? true
      ? " as \(requirement.returnType?.text ?? "Void")" : ""
    forwardCall = effectPrefix + access + resultCoercion
    if requirement.kind == .method || requirement.kind == .initializer {
      forwardingImplementation = "\(declaration) {\n\(forwardCall)\n}"
    } else {
      forwardingImplementation =
        requirement.isSettable
        ? "\(declaration) {\nget\(effectsSuffix) { \(forwardCall) }\n"
          // A struct's setter mutates unless it says otherwise; a class's never does.
          + (requirement.hasNonmutatingSetter && !isClassDecorator ? "nonmutating " : "")
          + "set { \(access) = newValue }\n}"
        : effectsSuffix.isEmpty
          ? "\(declaration) {\n\(forwardCall)\n}"
          : "\(declaration) {\nget\(effectsSuffix) {\n\(forwardCall)\n}\n}"
    }

    // The outcome, and completion handlers.
    valueType = nil
    completionCallOpening = nil
    completionArguments = nil
    completionForward = nil
    callPassingCompletion = nil
    completionName = nil
    completionIsSendable = false
    // Only a last parameter is taken for a completion handler (an escaping closure elsewhere
    // may be called any number of times), so the call always ends in a trailing closure.
    // A method that also returns a value is forwarded as it is: its value must be returned.
    // An async method returns its result; a closure it takes is no completion handler.
    completionSuccessCase = "success"
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
      completionCallOpening =
        (otherArguments.isEmpty ? call : "\(call)(\(otherArguments))") + " \(closureHead)"
      completionName = handler.name
      // The runtime's `finishing(_:)` keeps the handler, so it must be escaping.
      completionIsSendable =
        handler.parameter.isEscaping
        && handler.parameter.type.attributes.contains { $0.name == "Sendable" }
      completionArguments = closureArguments
      if let resultEnum = completion.resultEnum, let success = completion.resultSuccessType {
        // The app's own result, read as `Swift.Result` (which its name may shadow).
        completionCallOpening! +=
          "\nlet \(names.outcome): Swift.Result<\(success), any Error>\n"
          + "switch \(closureArguments) {\n"
          + "case .\(resultEnum.successCase)(let \(names.value)): "
          + "\(names.outcome) = .success(\(names.value))\n"
          + "case .\(resultEnum.failureCase)(let error): \(names.outcome) = .failure(error)\n}"
        completionArguments = names.outcome
        completionSuccessCase = resultEnum.successCase
      }
      completionForward = "\(handler.name)(\(closureArguments))"
      let handlerLabel = handler.argument(
        singleNameIsLabel: singleNameIsLabel, value: "")
      callPassingCompletion =
        "\(call)(" + (otherArguments.isEmpty ? "" : "\(otherArguments), ") + handlerLabel
      if let success = completion.resultSuccessType {
        outcome = .completionResult
        valueType = Self.parenthesized(success)
      } else {
        outcome = .completion
      }
    } else if let returnType = requirement.returnType, !returnType.isVoid {
      if let success = returnType.resultSuccessType {
        valueType = Self.parenthesized(success)
        outcome = .result
      } else {
        valueType = Self.parenthesized(returnType.text)
        outcome = .value
      }
    } else {
      outcome = .none
    }

    // Annotations on the requirement win over those on the protocol.
    let annotations = requirement.annotations
    func option(_ label: String, keys: [String]) -> AnnotationValue? {
      for source in [annotations, protocolAnnotations] {
        for annotation in source where keys.contains(annotation.key) {
          if let value = annotation.value(for: label) { return value }
        }
      }
      return nil
    }

    // Redaction: secret-looking names or labels, and names or labels listed in `redact(…)`.
    let redactedNames = Set(
      (annotations + protocolAnnotations).filter { $0.key == "redact" }
        .flatMap { $0.positionalValues.flatMap(\.texts) })
    func isRedacted(_ parameter: ForwardedParameter) -> Bool {
      let label = parameter.parameter.label
      return redactedNames.contains(parameter.parameter.name)
        || label.map { redactedNames.contains($0) || Naming.looksSecret($0) } == true
        || Naming.looksSecret(parameter.parameter.name)
        || parameter.parameter.label.map { redactedNames.contains($0) } == true
    }
    // Closures say nothing useful, autoclosures must not be evaluated early, and parameter
    // packs cannot be interpolated.
    let loggable = parameters.filter {
      !$0.parameter.isClosure && !$0.parameter.isAutoclosure && !$0.isPack
    }
    let valueLimit = options.logValueLimit.map { ", limit: \($0)" } ?? ""
    logMetadata = Self.dictionaryLiteral(
      loggable.map { parameter in
        (
          parameter.key,
          isRedacted(parameter)
            ? "LoggedCall.redacted" : "LoggedCall.value(\(parameter.name)\(valueLimit))"
        )
      })
    redactsResult =
      redactedNames.contains("result") || Naming.looksSecret(requirement.bareName)
    logCallOptions =
      (redactsResult ? ", redactsResult: true" : "")
      + (options.logValueLimit.map { ", valueLimit: \($0)" } ?? "")

    // Analytics.
    let defaultEvent = options.eventNaming.event(
      prefix: eventPrefix, requirement: requirement.bareName)
    spanNameLiteral =
      (option("span", keys: ["tracing"]).flatMap(\.text)
      ?? "\(proto.qualifiedName).\(requirement.bareName)").swiftLiteral
    analyticsEvent = option("event", keys: ["analytics"]).flatMap(\.text) ?? defaultEvent
    analyticsFailureEvent =
      option("failure", keys: ["analytics"]).flatMap(\.text) ?? "\(analyticsEvent)_failed"
    analyticsEventLiteral = analyticsEvent.swiftLiteral
    analyticsFailureEventLiteral = analyticsFailureEvent.swiftLiteral
    var trackedProperties: [(String, String)] = []
    for name in annotations.filter({ $0.key == "analytics" })
      .flatMap({ $0.value(for: "properties")?.texts ?? [] })
    {
      guard
        let parameter = parameters.first(where: {
          $0.parameter.name == name || $0.parameter.label == name
        })
      else {
        continue  // Reported by the parser's annotation checks and the event map.
      }
      if isRedacted(parameter) {
        let location = annotations.first { $0.key == "analytics" }?.location ?? requirement.location
        diagnostics.append(
          Diagnostic(
            .warning,
            "analytics property '\(name)' is redacted, so it is never tracked",
            at: location))
        continue
      }
      trackedProperties.append((parameter.key, "AnalyticsValue(\(parameter.name))"))
    }
    analyticsProperties = Self.dictionaryLiteral(trackedProperties)

    // Tracing: arguments become span attributes only when `tracing(attributes:)` names them,
    // and never a redacted one.
    var spanAttributes: [String] = []
    for name in annotations.filter({ $0.key == "tracing" })
      .flatMap({ $0.value(for: "attributes")?.texts ?? [] })
    {
      guard
        let parameter = parameters.first(where: {
          $0.parameter.name == name || $0.parameter.label == name
        }), !parameter.parameter.isClosure, !parameter.parameter.isAutoclosure, !parameter.isPack
      else {
        continue  // Reported by the parser's annotation checks.
      }
      if isRedacted(parameter) {
        let location = annotations.first { $0.key == "tracing" }?.location ?? requirement.location
        diagnostics.append(
          Diagnostic(
            .warning, "tracing attribute '\(name)' is redacted, so it is never recorded",
            at: location))
        continue
      }
      spanAttributes.append(
        "\(names.call).setAttribute(\(parameter.key.swiftLiteral), \(parameter.name))")
    }
    spanAttributeCalls = spanAttributes.joined(separator: "\n")

    // Caching.
    let keyArguments = parameters.filter { $0.completion == nil }
    let keyArgumentList = keyArguments.map(\.name).joined(separator: ", ")
    cacheKey =
      "CacheKey(requirement: \(qualifiedSelectorLiteral)"
      + (keyArguments.isEmpty ? ")" : ", arguments: \(keyArgumentList))")
    let hasOtherClosures = parameters.contains { $0.parameter.isClosure && $0.completion == nil }
    let invalidates = annotations.filter { $0.key == "invalidates" }
      .flatMap { $0.positionalValues.flatMap(\.texts) }
    // Why the caching decorator forwards this requirement uncached, if it does.
    let uncachedReason: String? =
      if requirement.kind != .method {
        "only methods are cached"
      } else if requirement.isStatic || requirement.isMutating {
        "static and mutating requirements are forwarded uncached"
      } else if !requirement.genericParameters.isEmpty {
        "a generic requirement's result has no one type to cache"
      } else if parameters.contains(where: { $0.parameter.isInout }) {
        "an inout argument is changed by the call"
      } else if parameters.contains(where: { $0.parameter.type.mentionsOpaqueType }) {
        // Neither known to be hashable nor Sendable into the computing closure.
        "an opaque ('some') argument is not known to be Hashable"
      } else if hasOtherClosures {
        "a closure argument cannot be part of a cache key"
      } else if !invalidates.isEmpty {
        "it invalidates other requirements, so it changes something"
      } else if ![.value, .result, .completionResult].contains(outcome) {
        "it produces no value to cache"
      } else if case .writes(let verb) = CachePolicy.verdict(
        for: requirement.bareName, producing: valueType),
        !annotations.contains(where: { $0.key == "cache" })
      {
        "'\(verb)' names a call that writes or acts, which a cache must never answer; "
          + "annotate it '// veneer: cache' to cache it all the same"
      } else {
        nil
      }
    isCacheable = uncachedReason == nil
    let asksForCaching = (protocolAnnotations + annotations).contains {
      $0.key == "caching" || $0.key == "cache"
    }
    if let uncachedReason, asksForCaching, requirement.kind == .method, !requirement.isStatic {
      diagnostics.append(
        Diagnostic(
          .note,
          "the caching decorator forwards \(requirement.selector) uncached: \(uncachedReason)",
          at: requirement.location))
    }
    let ttl = option("ttl", keys: ["cache", "caching"])
    // The parser and the configuration refuse other lifetimes with a located error.
    if case .number(let seconds)? = ttl ?? options.cacheTimeToLive.map(AnnotationValue.number),
      CacheLifetime.problem(with: seconds) == nil
    {
      cacheTimeToLive =
        seconds.rounded() == seconds ? ".seconds(\(Int(seconds)))" : ".seconds(\(seconds))"
    } else {
      cacheTimeToLive = "nil"
    }
    let invalidated = invalidates.flatMap { name -> [String] in
      let matches = proto.allRequirements.filter {
        $0.name == name || $0.selector == name || $0.bareName == name
      }
      if matches.isEmpty {
        let location =
          annotations.first { $0.key == "invalidates" }?.location ?? requirement.location
        let hint = Spelling.suggestion(for: name, among: proto.allRequirements.map(\.bareName))
        // An error, as a misspelt event map entry is: the invalidation would be lost.
        diagnostics.append(
          Diagnostic(
            .error,
            "'invalidates' names '\(name)', which is not a requirement of \(proto.qualifiedName)"
              + (hint.map { "; did you mean '\($0)'?" } ?? ""),
            at: location))
      }
      return matches.map { "\(proto.qualifiedName).\($0.selector)".swiftLiteral }
    }
    // A completion handler reaches the cache through a local, which keeps `self` out of it.
    let invalidatingCache = completionCallOpening == nil ? storage.cache : names.cache
    invalidation =
      invalidated.isEmpty
      ? nil : "\(invalidatingCache).invalidate(\(invalidated.joined(separator: ", ")))"
    if isCacheable, outcome == .value, let valueType {
      let thrown =
        effects.thrownType.map { " throws(\($0.text))" } ?? (isThrowing ? " throws" : "")
      let closureType = "()\(isAsync ? " async" : "")\(thrown) -> \(valueType)"
      let body = "\(closureType) in \(forwardCall)"
      let lookup = "\(storage.cache).value(for: \(names.key), timeToLive: \(cacheTimeToLive)"
      let effectsPrefix = (isThrowing ? "try " : "") + (isAsync ? "await " : "")
      // Callers share one computation only of a Sendable value, computed by a closure that
      // captures the arguments; an associated type not declared Sendable is not known to be one.
      let nonSendableAssociatedTypes = Set(
        proto.allAssociatedTypes.filter { associatedType in
          !associatedType.inheritedTypes.contains { $0.text.containsBytes(of: "Sendable") }
        }.map(\.name))
      func mayNotBeSendable(_ type: TypeRef?) -> Bool {
        type?.contains {
          switch $0.shape {
          case .named(let name, _): nonSendableAssociatedTypes.contains(name)
          case .member(let base, let name, _):
            base.text == "Self" && nonSendableAssociatedTypes.contains(name)
          default: false
          }
        } == true
      }
      let isShareable =
        !mayNotBeSendable(requirement.returnType)
        && !parameters.contains { mayNotBeSendable($0.parameter.type) }
      if !isAsync {
        cachedCall = "\(effectsPrefix)\(lookup), compute: { \(body) })"
      } else if proto.isSendable && isShareable && storage.base == declaredStorage.base {
        cachedCall = "\(effectsPrefix)\(lookup), compute: { [\(storage.base)] \(body) })"
      } else {
        cachedCall = "\(effectsPrefix)\(lookup), computeInPlace: { \(body) })"
      }
    } else {
      cachedCall = nil
    }

    skippedTemplates = Set(
      annotations.filter { $0.key == "skip" }.flatMap { annotation in
        annotation.arguments.isEmpty
          ? ["*"] : annotation.positionalValues.flatMap(\.texts).map { $0.lowercased() }
      })
    var annotationArguments: [String: [String: String]] = [:]
    // Lowest precedence first, so that what wins is written last.
    for annotation in protocolAnnotations.reversed() + annotations.reversed() {
      var arguments = ["key": annotation.key]
      for argument in annotation.arguments {
        guard let label = argument.label else { continue }
        arguments[label] = argument.value.text ?? argument.value.description
      }
      annotationArguments[annotation.key] = arguments
    }
    self.annotationArguments = annotationArguments
    if !options.tracksUnnamedCalls, !annotations.contains(where: { $0.key == "analytics" }) {
      skippedTemplates.insert("analytics")
    }
    conditionsOpening = requirement.conditions.map { "#if \($0)" }.joined(separator: "\n")
    conditionsClosing = requirement.conditions.map { _ in "#endif" }.joined(separator: "\n")

    // Interception: the arguments travel as one value, a labelled tuple when there are several.
    self.hookName = hookName
    // Without interception, nothing travels: the members stay `nil`.
    let canTravel =
      includesInterception
      && parameters.allSatisfy { parameter in
        // An opaque parameter type (`some P`) is a hidden generic parameter.
        !parameter.parameter.isInout && !parameter.isPack && !parameter.parameter.isAutoclosure
          && !parameter.parameter.isSelfValue
          && !parameter.parameter.type.mentionsOpaqueType
          && !(parameter.parameter.isClosure && !parameter.parameter.isEscaping
            && !parameter.parameter.type.isOptional)
      }
    // The advice is nonisolated; an actor's arguments would have to cross into it. Asked last,
    // since each looks through the protocol's inherited types or attributes.
    if requirement.kind == .method, !requirement.isStatic, requirement.genericParameters.isEmpty,
      canTravel, !proto.isActorBound, proto.globalActor == nil
    {
      let argumentsType: String
      let argumentsValue: String
      let closureParameter: String
      let forwardedArguments: [String]
      switch parameters.count {
      case 0:
        (argumentsType, argumentsValue, closureParameter) = ("Void", "()", "_")
        forwardedArguments = []
      case 1:
        (argumentsType, argumentsValue, closureParameter) = (
          parameters[0].storedType, parameters[0].name, names.arguments
        )
        forwardedArguments = [
          parameters[0].argument(
            singleNameIsLabel: singleNameIsLabel, value: names.arguments)
        ]
      default:
        argumentsType =
          "(" + parameters.map { "\($0.name): \($0.storedType)" }.joined(separator: ", ") + ")"
        argumentsValue = names.arguments
        closureParameter = names.arguments
        forwardedArguments = parameters.map {
          $0.argument(
            singleNameIsLabel: singleNameIsLabel,
            value: "\(names.arguments).\($0.name)")
        }
      }
      let failure = isThrowing ? ", \(effects.thrownType?.text ?? "any Error")" : ""
      let alias = Naming.rawIdentifierIfNeeded(
        hookName.trimmingBackticks.prefix(1).uppercased()
          + hookName.trimmingBackticks.dropFirst() + "Arguments")
      interceptionArguments = alias
      // Declared in the decorator's `Hooks`, where `Self` is `Hooks`: `Self.Span` is the
      // base's.
      func outsideHooks(_ type: String) -> String {
        guard type.containsBytes(of: "Self.") else { return type }
        return type.replacingOccurrences(
          of: #"(?<![A-Za-z0-9_])Self\."#, with: "\(baseType).", options: .regularExpression)
      }
      interceptionArgumentsType = outsideHooks(argumentsType)
      interceptionType = outsideHooks(
        "\(isAsync ? "Async" : "")\(isThrowing ? "Throwing" : "")Interception<\(alias), "
          + "\(requirement.returnType?.text ?? "Void")\(failure)>")
      let packing =
        parameters.count > 1
        ? "let \(names.arguments) = ("
          + parameters.map { "\(ForwardedParameter.label($0.name)): \($0.name)" }
          .joined(separator: ", ") + ")\n" : ""
      interceptingBody =
        packing
        + "return \(effectPrefix)\(storage.hooks).\(hookName).call(\(argumentsValue)) { \(closureParameter)"
        // Closures do not infer a typed error from their context (yet), so it is spelt out.
        + (effects.thrownType.map { "\(isAsync ? " async" : "") throws(\($0.text))" } ?? "")
        + " in "
        + "\(effectPrefix)\(target).\(requirement.name)(\(forwardedArguments.joined(separator: ", "))) }"
    } else {
      interceptionType = nil
      interceptionArguments = nil
      interceptionArgumentsType = nil
      interceptingBody = nil
    }
  }

  static func dictionaryLiteral(_ entries: [(key: String, value: String)]) -> String {
    entries.isEmpty
      ? "[:]"
      : "[" + entries.map { "\($0.key.swiftLiteral): \($0.value)" }.joined(separator: ", ") + "]"
  }
}

/// Names of the locals generated code declares, changed where a parameter has the same name.
package struct LocalNames: Sendable {
  package var call: String
  package var result: String
  package var value: String
  package var key: String
  package var arguments: String
  package var cache: String
  package var outcome: String

  /// A requirement has a few parameters: searching them beats hashing their names into a set.
  init(avoiding parameters: [Parameter]) {
    // `key2` rather than `key_`, which `swift format` would flag.
    func fresh(_ name: String) -> String {
      var candidate = name
      var number = 1
      while parameters.contains(where: { $0.name == candidate }) {
        number += 1
        candidate = name + String(number)
      }
      return candidate
    }
    call = fresh("call")
    result = fresh("result")
    value = fresh("value")
    key = fresh("key")
    arguments = fresh("arguments")
    cache = fresh("cache")
    outcome = fresh("outcome")
  }
}

/// A parameter as the decorator declares and forwards it.
struct ForwardedParameter {
  /// A completion handler: an escaping function returning `Void`.
  struct Completion {
    var parameterTypes: [String]
    var parameterCount: Int { parameterTypes.count }
    /// `Post` for `(Result<Post, any Error>) -> Void`, or for an app's own `(Result<Post>) -> Void`.
    var resultSuccessType: String?
    /// The app's own result enum the handler receives, if that is what it receives.
    var resultEnum: ResultLikeEnum?
  }

  var parameter: Parameter
  /// The name used inside the decorator; unnamed (`_`) parameters get `argument0` and so on, and
  /// keywords (`func f(for: T)` names its parameter `for`) their backticks.
  var name: String
  var completion: Completion?
  /// The name under which a decorator passed as `Self` holds what it wraps.
  var decoratorBase: String

  init(
    _ parameter: Parameter, index: Int, decoratorBase: String, resultEnums: [ResultLikeEnum] = []
  ) {
    self.parameter = parameter
    self.decoratorBase = decoratorBase
    name = parameter.name == "_" ? "argument\(index)" : Naming.identifier(parameter.name)
    completion = nil
    // An async or throwing closure, or one named for work it does rather than for a result it
    // delivers (`body`, `transform`), may be called any number of times: it is forwarded as
    // it is.
    guard !parameter.type.isOptional,
      case .function(let parameters, let effects, let returnType) = parameter.type.unattributed
        .shape,
      returnType.isVoid, !effects.isAsync, !effects.isThrowing,
      !Self.namesOfWork.contains(parameter.name.trimmingBackticks)
    else { return }
    var success = parameters.count == 1 ? parameters[0].type.resultSuccessType : nil
    var resultEnum: ResultLikeEnum?
    if parameters.count == 1, success == nil,
      case .named(let typeName, let arguments) = parameters[0].type.unattributed.shape,
      arguments.count == 1, let found = resultEnums.first(where: { $0.name == typeName })
    {
      success = arguments[0].text
      resultEnum = found
    }
    // Most non-escaping closures do work (`forEach`, `withLock`); one is a completion handler
    // when it receives a result or is named for one.
    if !parameter.isEscaping {
      let lowercased = parameter.name.lowercased()
      guard
        success != nil
          || ["completion", "callback", "done", "finish", "reply"].contains(where: {
            lowercased.contains($0)
          })
      else { return }
    }
    completion = Completion(
      parameterTypes: parameters.map(\.type.text), resultSuccessType: success,
      resultEnum: resultEnum)
  }

  /// Names of closure parameters that do work or decide, rather than receive a result.
  static let namesOfWork: Set<String> = [
    "body", "operation", "transform", "work", "action", "predicate", "isIncluded",
    "areInIncreasingOrder", "onEvent", "streamHandler",
  ]

  var isPack: Bool {
    if case .packExpansion = parameter.type.unattributed.shape { return true }
    return false
  }

  /// The key in log metadata and analytics properties.
  var key: String { parameter.name == "_" ? name : parameter.name.trimmingBackticks }

  func declaration(singleNameIsLabel: Bool) -> String {
    var renamed = parameter
    // `func f(for: T)` declares `for` without backticks; only its uses need them.
    renamed.name = parameter.name == "_" ? name : parameter.name
    if parameter.name == "_", parameter.label == nil, singleNameIsLabel {
      return "_ \(name): \(parameter.type.text)\(parameter.isVariadic ? "..." : "")"
    }
    return renamed.declarationText(singleNameIsLabel: singleNameIsLabel)
  }

  func argument(singleNameIsLabel: Bool, labelled: Bool = true) -> String {
    let value: String
    if parameter.isSelfValue {
      value = "\(name).\(decoratorBase)"
    } else if parameter.isInout {
      value = "&\(name)"
    } else if parameter.isAutoclosure {
      value = "\(name)()"
    } else if case .packExpansion = parameter.type.unattributed.shape {
      value = "repeat each \(name)"
    } else {
      value = name
    }
    return labelled ? argument(singleNameIsLabel: singleNameIsLabel, value: value) : value
  }

  /// `label: value`, or just `value` for an unlabelled parameter.
  func argument(singleNameIsLabel: Bool, value: String) -> String {
    guard let label = parameter.label else { return value }
    return "\(Self.label(label)): \(value)"
  }

  /// `name` as the label of an argument or tuple element. Keywords need no backticks there, and
  /// Swift warns when they have them, but for the three that would read as something else.
  static func label(_ name: String) -> String {
    let bare = name.trimmingBackticks
    return ["inout", "var", "let"].contains(bare) ? name : bare
  }

  /// The type as a value of it is stored: without `@escaping`, which a tuple element or
  /// variable cannot carry, nor ownership specifiers.
  var storedType: String {
    let attributes = parameter.type.attributes.filter { $0.name != "escaping" }
    return (attributes.map(\.description) + [parameter.type.unattributed.text])
      .joined(separator: " ")
  }
}

extension TypeRef {
  /// Whether a `some P` is in the type: a hidden generic parameter.
  var mentionsOpaqueType: Bool {
    contains {
      if case .opaque = $0.shape { return true }
      return false
    }
  }

  /// `Post` for `Result<Post, any Error>`.
  var resultSuccessType: String? {
    switch unattributed.shape {
    case .named("Result", let arguments) where arguments.count == 2: arguments[0].text
    case .member(let base, "Result", let arguments)
    where base.text == "Swift" && arguments.count == 2:
      arguments[0].text
    default: nil
    }
  }
}
