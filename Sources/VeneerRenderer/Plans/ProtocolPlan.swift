import VeneerModel
import VeneerTemplates

/// Everything a template needs to write decorators of one protocol, worked out once.
package struct ProtocolPlan: Sendable {
  package let proto: ProtocolDecl
  /// `public` or empty, for members and types of the decorators.
  package let access: String
  /// `struct`, `final class` or `actor`.
  package let decoratorKind: String
  /// The protocol's `@available` attributes, one per line, for the decorators and their
  /// helpers: a deprecated protocol's decorators are deprecated too, and compile without a
  /// warning. Availability macros are spelt out, or left out in another module.
  package let availability: String
  /// `@MainActor` (or another global actor) for isolated protocols, `nonisolated` for the
  /// others and for isolated protocols with nonisolated requirements (whose other members are
  /// then `@MainActor` each), empty for actors: said, never inferred from a target's default.
  package let isolation: String
  /// `@MainActor public final class`: what precedes a decorator's name.
  package let typeDeclarationPrefix: String
  /// `extension` for a global-actor protocol, else `nonisolated extension` (an actor
  /// protocol's helpers too, which only wrap the actor): what precedes the protocol's name where
  /// its composition helpers are declared.
  package let extensionDeclarationPrefix: String
  /// `public ` (with its space) or nothing, to start a member declaration.
  package let memberAccess: String
  /// `var` when members may mutate the decorated value, else `let`.
  package let baseStorage: String
  /// The decorators' generic parameter: `Base`, unless the protocol or one of its associated
  /// types already has that name.
  package let baseType: String
  /// How code outside the protocol names it: `Outer.Nested`.
  package let protocolName: String
  /// `a` or `an`, to precede the protocol's name in documentation: `an APIClient`.
  package let article: String
  /// The name part of a decorator's type name: `OuterNested` for `Outer.Nested`; without
  /// backticks for a raw identifier (`` `load all` `` gives `load all`).
  package let decoratorSuffix: String
  /// The type composition helpers return for existentials: `any Service<Input, Output>`.
  package let existentialType: String
  /// The names of the decorators' stored properties: `base`, `logger`, … or `_logger` where the
  /// protocol has a requirement of that name.
  package var storage: StorageNames { storageReference.value }
  let storageReference: TemplateReference<StorageNames>
  /// `public typealias Input = Base.Input` for each associated type.
  package let typeAliases: [String]
  package var requirements: [RequirementPlan] { requirementReferences.map(\.value) }
  /// The same, as templates hold them: the only copy, since each plan is large.
  let requirementReferences: [TemplateReference<RequirementPlan>]
  package let conditionsOpening: String
  package let conditionsClosing: String
  /// Warnings found while planning, such as an annotation naming nothing.
  package let diagnostics: [Diagnostic]
  package let options: RenderOptions
  /// `.debug`: the default level of logged calls, and `.error` of failed ones.
  package let logLevel: String
  package let logErrorLevel: String
  /// How many values `withCaching()` keeps by default.
  package var cacheCapacity: Int { options.cacheCapacity }

  /// The name part of a protocol's decorators' type names: `OuterNested` for `Outer.Nested`.
  package static func decoratorSuffix(of proto: ProtocolDecl) -> String {
    (proto.enclosingTypes + [proto.name]).map(\.trimmingBackticks).joined()
  }

  /// The name of the decorator a template writes: `LoggingPostRepo`.
  package func decoratorName(template: String) -> String {
    options.decoratorName(template: template, protocolSuffix: decoratorSuffix)
  }

  /// Why a protocol cannot be decorated.
  package struct Unsupported: Error, Sendable {
    package var diagnostic: Diagnostic
  }

  /// Plans the decorators of `proto`, or explains, at the offending requirement, why Swift does
  /// not allow one. Only `decoratorPlans` are made: those the templates read
  /// (`CompiledTemplate.plansRead`).
  package static func make(
    for proto: ProtocolDecl, options: RenderOptions = RenderOptions(),
    decoratorPlans: DecoratorPlanSet = .all
  ) -> Result<ProtocolPlan, Unsupported> {
    if let problem = unsupportedReason(proto) {
      return .failure(
        Unsupported(
          diagnostic: Diagnostic(
            .warning, "\(proto.qualifiedName) is not decorated: \(problem.reason)",
            at: problem.location)))
    }
    return .success(ProtocolPlan(proto, options: options, decoratorPlans: decoratorPlans))
  }

  private init(_ proto: ProtocolDecl, options: RenderOptions, decoratorPlans: DecoratorPlanSet) {
    self.proto = proto
    self.options = options
    let accessLevel = min(proto.accessLevel, options.maximumAccess ?? .open)
    access = accessLevel >= .public ? "public" : accessLevel == .package ? "package" : ""
    decoratorKind =
      proto.isActorBound ? "actor" : proto.isClassBound ? "final class" : "struct"
    let isolation = DecoratorIsolation(proto)
    self.isolation = isolation.type
    extensionDeclarationPrefix =
      isolation.helpers.isEmpty ? "extension" : "\(isolation.helpers) extension"
    availability = Availability(options: options).attributes(
      proto.attributes.filter { $0.name == "available" }
    ).map(\.description).joined(separator: "\n")
    // An attribute (`@MainActor`) leads; the `nonisolated` modifier follows the access.
    let declarationWords =
      isolation.type.hasPrefix("@")
      ? [isolation.type, access, decoratorKind] : [access, isolation.type, decoratorKind]
    typeDeclarationPrefix = declarationWords.filter { !$0.isEmpty }.joined(separator: " ")
    let isClassDecorator = decoratorKind != "struct"
    baseStorage = isClassDecorator ? "let" : "var"
    let takenNames = Set([proto.name] + proto.allAssociatedTypes.map(\.name))
    let baseType = ["Base", "Wrapped", "Decorated"].first { !takenNames.contains($0) } ?? "Base_"
    self.baseType = baseType
    // After a dot, `Type` and `Protocol` would be a metatype (GraphQL's `protocol Type`).
    let protocolName = (options.protocolModule.map { [$0] } ?? []).followed(
      byMembers: proto.enclosingTypes + [proto.name])
    self.protocolName = protocolName
    article = Naming.article(for: proto.qualifiedName)
    decoratorSuffix = Self.decoratorSuffix(of: proto)
    existentialType =
      proto.primaryAssociatedTypes.isEmpty
      ? "any \(protocolName)"
      : "any \(protocolName)<\(proto.primaryAssociatedTypes.joined(separator: ", "))>"
    let memberAccess = access.isEmpty ? "" : "\(access) "
    self.memberAccess = memberAccess
    logLevel = "." + options.logLevel
    logErrorLevel = "." + options.logErrorLevel
    typeAliases =
      proto.allAssociatedTypes.map { associatedType in
        let alias =
          "\(memberAccess)typealias \(associatedType.name) = \(baseType).\(associatedType.name)"
        guard !associatedType.conditions.isEmpty else { return alias }
        return associatedType.conditions.map { "#if \($0)\n" }.joined() + alias
          + associatedType.conditions.map { _ in "\n#endif" }.joined()
      }
      + proto.typeAliases.map { "\(memberAccess)typealias \($0) = \(baseType).\($0)" }
    var diagnostics: [Diagnostic] = []
    // Joined once: `allRequirements` joins the inherited and own requirements each time.
    let allRequirements = proto.allRequirements
    var requirements: [TemplateReference<RequirementPlan>] = []
    requirements.reserveCapacity(allRequirements.count)
    let hookNames = Self.hookNames(allRequirements)
    let storage = TemplateReference(StorageNames(avoiding: allRequirements))
    storageReference = storage
    let overloadedByResult = Self.overloadedByResult(allRequirements)
    let context = ProtocolContext(
      proto, options: options, baseType: baseType, memberIsolation: isolation.members,
      storage: storage,
      eventPrefix: options.eventNaming.eventPrefix(protocol: proto.name))
    for (index, requirement) in allRequirements.enumerated() {
      requirements.append(
        TemplateReference(
          RequirementPlan(
            requirement, in: context, access: access, isClassDecorator: isClassDecorator,
            hookName: hookNames[index], namesResultType: overloadedByResult.contains(index),
            planning: decoratorPlans, diagnostics: &diagnostics)))
    }
    requirementReferences = requirements
    for (position, kind) in DecoratorPlans.all.enumerated() where decoratorPlans.contains(position)
    {
      diagnostics += kind.protocolDiagnostics(requirements.map(\.value), proto)
    }
    diagnostics += Self.passedByNotes(proto, allRequirements)
    diagnostics += Disclosure.secretNameDiagnostics(in: proto.annotations)
    diagnostics += Disclosure.unmatchedNames(
      in: proto.annotations, of: proto.qualifiedName,
      parameters: allRequirements.flatMap { $0.parameters.map { ($0.name, $0.label) } })
    self.diagnostics = diagnostics
    conditionsOpening = proto.conditions.map { "#if \($0)" }.joined(separator: "\n")
    conditionsClosing = proto.conditions.map { _ in "#endif" }.joined(separator: "\n")
  }

  /// A built-in that acts on instance methods alone (logging, analytics), asked for by
  /// annotation, says once which properties, subscripts and static requirements it forwards as
  /// they are, so that a decorator that does less than asked says so.
  static func passedByNotes(_ proto: ProtocolDecl, _ requirements: [Requirement]) -> [Diagnostic] {
    let passed = requirements.filter { requirement in
      (requirement.kind != .method || requirement.isStatic)
        && !requirement.annotations.contains { $0.key == "skip" }
    }
    guard !passed.isEmpty else { return [] }
    let names =
      passed.prefix(4).map(\.selector).joined(separator: ", ")
      + (passed.count > 4 ? ", …" : "")
    return BuiltInDecorators.all.compactMap { builtIn in
      guard let verb = builtIn.instanceMethodsOnly,
        proto.annotations.contains(where: { $0.key == builtIn.typedName })
      else { return nil }
      return Diagnostic(
        .note,
        "the \(builtIn.typedName) decorator of \(proto.qualifiedName) forwards "
          + (passed.count == 1
            ? "1 requirement as it is" : "\(passed.count) requirements as they are")
          + " (\(names)): only instance methods are \(verb)",
        at: proto.location)
    }
  }

  /// The requirements that another one with the same selector differs from by its result type
  /// alone (`represented() -> Node` and `represented() -> Node.Scalar`): their forwarding calls
  /// must name the type, or Swift picks one overload for both.
  static func overloadedByResult(_ requirements: [Requirement]) -> Set<Int> {
    guard hasRepeatedNames(requirements) else { return [] }
    let bySelector = Dictionary(
      grouping: requirements.indices.filter { requirements[$0].kind != .property },
      by: { "\(requirements[$0].isStatic) \(requirements[$0].selector)" })
    return Set(
      bySelector.values.filter { indices in
        Set(indices.map { requirements[$0].returnType?.text ?? "Void" }).count > 1
      }.joined())
  }

  /// A name for each requirement's advice: its own name, or for overloads the name followed by
  /// its argument labels (`loadIdCompletion`), numbered if even that repeats.
  static func hookNames(_ requirements: [Requirement]) -> [String] {
    guard hasRepeatedNames(requirements) else { return requirements.map(\.name) }
    let counts = Dictionary(requirements.map { ($0.name, 1) }, uniquingKeysWith: +)
    var names = requirements.map { requirement in
      guard counts[requirement.name, default: 0] > 1 else { return requirement.name }
      let labels = requirement.parameters.compactMap(\.label).filter { $0 != "_" }
        .map { $0.trimmingBackticks.prefix(1).uppercased() + $0.trimmingBackticks.dropFirst() }
      // Without labels the name stays as written, backticks and all (`class`).
      return labels.isEmpty
        ? requirement.name : Naming.rawIdentifierIfNeeded(requirement.bareName + labels.joined())
    }
    var seen: [String: Int] = [:]
    for index in names.indices {
      let count = seen[names[index], default: 0] + 1
      seen[names[index]] = count
      if count > 1 {
        names[index] = Naming.rawIdentifierIfNeeded(names[index].trimmingBackticks + String(count))
      }
    }
    return names
  }

  /// Whether two requirements share a name: only then can they be overloads. Most protocols
  /// have none, and telling so is quicker than grouping their selectors.
  static func hasRepeatedNames(_ requirements: [Requirement]) -> Bool {
    var names: Set<String> = []
    names.reserveCapacity(requirements.count)
    return !requirements.allSatisfy { names.insert($0.name).inserted }
  }

  /// Why `requirement`, which uses `Self` other than as a parameter's type, cannot be decorated.
  private static func whySelfCannotBeForwarded(
    _ requirement: Requirement, isClassOrActorBound: Bool, parametersMentionSelf: Bool
  ) -> String {
    let isBuilderResult = SelfResult(requirement.returnType) != nil && !parametersMentionSelf
    if isBuilderResult && requirement.isStatic
      && !requirement.parameters.contains(where: \.isSelfValue)
    {
      return "in a static requirement's result, and a decorator made by a static call would "
        + "have none of the logger, tracker or cache it decorates with"
    }
    if isBuilderResult && requirement.kind == .method && isClassOrActorBound {
      return "in its result, and a decorator class or actor cannot copy itself around the value "
        + "its base returns (a struct decorator, for a protocol not bound to classes, can)"
    }
    return "other than as a parameter's type or as an instance method's result (Self, Self? or "
      + "[Self]), and a decorator is a different type from the one it wraps"
  }

  /// Whether a same-type requirement ties a type to the conformer itself: `Self` on a side
  /// (`Self == Self.AllCases.Element`) or in one (`Element == PartialCaseKeyPath<Self>`), not as
  /// the start of a member (`Self.Element`). By bytes: Foundation's trimming and `String`'s
  /// `split` were most of this check's cost.
  static func equatesSelf(_ requirement: String) -> Bool {
    guard requirement.containsBytes(of: "==") else { return false }
    let bytes = Array(requirement.utf8)
    return SwiftWords.offsets(of: Array("Self".utf8), in: bytes).contains { start in
      (start == 0 || bytes[start - 1] != UInt8(ascii: "."))
        && (start + 4 == bytes.count || bytes[start + 4] != UInt8(ascii: "."))
    }
  }

  private static func unsupportedReason(_ proto: ProtocolDecl)
    -> (reason: String, location: SourceLocation)?
  {
    if proto.accessLevel <= .fileprivate {
      return (
        "it is \(proto.accessLevel.rawValue) to its file, and decorators live in another",
        proto.location
      )
    }
    if let external = proto.externalProtocols.first(where: ToolchainProtocols.names.contains) {
      return (
        "it inherits \(external), a protocol of Swift's standard library or toolchain whose "
          + "requirements Veneer does not know, and which --reference cannot name: decorate a "
          + "protocol of your own that does not inherit it, or write this decorator by hand",
        proto.location
      )
    }
    if let external = proto.externalProtocols.first {
      return (
        "it inherits \(external), which is no protocol of the scanned sources, the references or "
          + "the standard protocols Veneer knows: if \(external) is a class, conformers must be "
          + "its subclasses, which a decorator wrapping one is not; if it is a protocol of "
          + "another module, its requirements are unknown (name that module's sources with "
          + "--reference)",
        proto.location
      )
    }
    if let actor = proto.globalActor,
      let standard = proto.inheritedRequirements.first(where: {
        proto.standardProtocols.contains($0.declaredIn)
      })?.declaredIn
    {
      return (
        "it is isolated to @\(actor) and inherits \(standard), whose requirements are "
          + "nonisolated, and a decorator can reach its isolated 'base' only from @\(actor)",
        proto.location
      )
    }
    // `associatedtype AllCases … where Self == Self.AllCases.Element` ties the associated type
    // to the conforming type itself, which a decorator's (its base's) cannot be.
    if let tied = proto.allAssociatedTypes.first(where: { associatedType in
      associatedType.whereClause.contains(where: equatesSelf)
    }) {
      return (
        "associated type \(tied.name) requires \(tied.whereClause.joined(separator: ", ")), "
          + "and a decorator is a different type from the one it wraps",
        proto.location
      )
    }
    // The same in the protocol's own clause: `where AllCasePaths.Element ==
    // PartialCaseKeyPath<Self>` (swift-case-paths' `CasePathIterable`).
    if let tied = proto.whereClause.first(where: equatesSelf) {
      return (
        "its where clause requires \(tied), and a decorator is a different type from the one it "
          + "wraps", proto.location
      )
    }
    // Asked once: each is worked out from the protocol's inherited types or attributes.
    let isClassOrActorBound = proto.isClassBound || proto.isActorBound
    let isActorBound = proto.isActorBound
    let isGlobalActorIsolated = proto.globalActor != nil
    let associatedTypeNames = Set(proto.allAssociatedTypes.map(\.name))
    for requirement in proto.allRequirements {
      // Only a requirement that cannot be decorated needs its selector, for the message.
      var name: String { requirement.selector }
      if requirement.kind == .initializer {
        return (
          "initializer requirement \(name) cannot be met: a decorator wraps an existing "
            + "instance and has no way to create one",
          requirement.location
        )
      }
      // A parameter of type `Self` is another decorator, whose base is handed on; any other
      // `Self` would need a value of the wrapped type turned into a decorator, or back.
      if isClassOrActorBound,
        let parameter = requirement.parameters.first(where: \.isSelfValue)
      {
        return (
          "requirement \(name) takes '\(parameter.name): Self', which Swift does not allow in a "
            + "class or actor decorator (Self may only be a result there)",
          requirement.location
        )
      }
      // `Self.Span` names an associated type, which a decorator names alike.
      let parametersMentionSelf = requirement.parameters.contains {
        !$0.isSelfValue && $0.type.mentionsSelf(besides: associatedTypeNames)
      }
      let resultMentionsSelf =
        requirement.returnType?.mentionsSelf(besides: associatedTypeNames) == true
        || requirement.type?.mentionsSelf(besides: associatedTypeNames) == true
      // A builder's `Self` result is forwarded in a copy of the decorator (`SelfResult`).
      let isForwardedBuilder =
        resultMentionsSelf && !parametersMentionSelf && requirement.kind == .method
        && !requirement.isStatic && !isClassOrActorBound
        && SelfResult(requirement.returnType) != nil
      if (parametersMentionSelf || resultMentionsSelf) && !isForwardedBuilder {
        return (
          "requirement \(name) uses Self "
            + Self.whySelfCannotBeForwarded(
              requirement, isClassOrActorBound: isClassOrActorBound,
              parametersMentionSelf: parametersMentionSelf),
          requirement.location
        )
      }
      if let variadic = requirement.parameters.first(where: \.isVariadic) {
        return (
          "requirement \(name) has variadic parameter '\(variadic.name)', and Swift cannot pass "
            + "an array on as variadic arguments",
          requirement.location
        )
      }
      if isGlobalActorIsolated, requirement.isMutating, requirement.effects.isAsync {
        return (
          "requirement \(name) is mutating and async in a global-actor protocol, and Swift does "
            + "not let a decorator pass its isolated 'base' inout across a suspension",
          requirement.location
        )
      }
      if isActorBound, !requirement.effects.isAsync, !requirement.isNonisolated,
        !requirement.isStatic
      {
        return (
          "requirement \(name) of an actor protocol is synchronous, so a decorating actor "
            + "cannot call another actor for it",
          requirement.location
        )
      }
    }
    return nil
  }
}
