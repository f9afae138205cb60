import VeneerModel
import VeneerTemplates

/// Whether and how a caching decorator answers a call from its cache: its key, its lifetime,
/// the lookup-or-compute call, and what a call that changes something invalidates.
///
/// A cache answers only what the user declared it may: a requirement annotated `cache` (or
/// `caching`), itself or through `veneer.yml`'s `annotations:`. Neither its name nor its
/// protocol's annotations declare it: a cache that answers a call which writes or acts returns a
/// stale answer and skips the work.
final class CachingPlan: DecoratorPlan {
  static let name = "caching"
  let isCacheable: Bool
  /// Whether the user declared it cacheable.
  let isDeclared: Bool
  let cacheKey: String
  let cacheTimeToLive: String
  let cachedCall: String?
  let invalidation: String?

  static let templateMembers: [String: TemplateMember<CachingPlan>] = [
    "isCacheable": .init(
      .bool, "whether the caching decorator answers it from its cache", { $0.isCacheable }),
    "cacheKey": .init(
      .text,
      "`CacheKey(requirement: \"PostRepo.getPost(id:) -> Post\", arguments: id)`: the "
        + "requirement by its selector and result type",
      { $0.cacheKey }),
    "cacheTimeToLive": .init(
      .text, "`.seconds(300)`, or `nil` for the cache's default", { $0.cacheTimeToLive }),
    "cachedCall": .init(
      .optional(.text), "the lookup-or-compute call, for cacheable methods returning a value",
      { $0.cachedCall }),
    "invalidation": .init(
      .optional(.text), "`cache.invalidate(…)` for requirements that clear others",
      { $0.invalidation }),
  ]

  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic]) {
    let requirement = plan.requirement
    let proto = plan.context.proto
    let keyArguments = plan.parameters.filter { $0.completion == nil }
    let identity = RequirementPlan.cacheIdentity(of: requirement, in: proto).swiftLiteral
    // The key is made by the decorator's cache, in its scope.
    cacheKey =
      "\(plan.storage["cache"]).key(requirement: \(identity)"
      + (keyArguments.isEmpty
        ? ")" : ", arguments: \(keyArguments.map(\.name).joined(separator: ", ")))")
    isDeclared = requirement.annotations.contains { $0.key == "cache" || $0.key == "caching" }
    let uncachedReason = isDeclared ? Self.uncachedReason(plan) : "it is not declared cacheable"
    isCacheable = uncachedReason == nil
    // Said of a requirement only when it was declared: the others are listed once a protocol.
    // A warning: the declaration does nothing.
    if isDeclared, let uncachedReason {
      diagnostics.append(
        Diagnostic(
          .warning,
          "the caching decorator forwards \(requirement.selector) uncached: \(uncachedReason)",
          at: requirement.location))
    }
    cacheTimeToLive =
      plan.secondsLiteral(
        "ttl", keys: ["cache", "caching"], fallback: plan.context.options.cacheTimeToLive)
      ?? "nil"
    // A completion handler reaches the cache through a local, which keeps `self` out of it.
    let invalidatingCache =
      plan.completionCallOpening == nil ? plan.storage["cache"] : plan.names.cache
    invalidation =
      plan.invalidatedSelectors.isEmpty
      ? nil
      : "\(invalidatingCache).invalidate(\(plan.invalidatedSelectors.joined(separator: ", ")))"
    cachedCall = isCacheable ? Self.cachedCall(plan, timeToLive: cacheTimeToLive) : nil
  }

  /// Why the caching decorator forwards the requirement uncached, if it does.
  private static func uncachedReason(_ plan: RequirementPlan) -> String? {
    let requirement = plan.requirement
    let parameters = plan.parameters
    if requirement.kind != .method {
      return "only methods are cached"
    } else if requirement.isStatic || requirement.isMutating {
      return "static and mutating requirements are forwarded uncached"
    } else if !requirement.genericParameters.isEmpty {
      return "a generic requirement's result has no one type to cache"
    } else if parameters.contains(where: { $0.parameter.isInout }) {
      return "an inout argument is changed by the call"
    } else if parameters.contains(where: { $0.parameter.type.mentionsOpaqueType }) {
      // Neither known to be hashable nor Sendable into the computing closure.
      return "an opaque ('some') argument is not known to be Hashable"
    } else if parameters.contains(where: { $0.parameter.isClosure && $0.completion == nil }) {
      return "a closure argument cannot be part of a cache key"
    } else if requirement.annotations.contains(where: {
      $0.key == "invalidates" && !$0.positionalValues.flatMap(\.texts).isEmpty
    }) {
      return "it invalidates other requirements, so it changes something"
    } else if plan.selfResult != nil {
      return "it returns Self, a new decorator around what the base builds, made afresh each call"
    } else if plan.context.proto.allRequirements.contains(where: {
      $0.kind == .method && !$0.isStatic && SelfResult($0.returnType) != nil
    }) {
      // The cache's keys name requirements and arguments, not the value the decorator wraps.
      return "its protocol's builders return copies of the decorator around other values, "
        + "which share its cache, and a read would be answered with another value's result"
    } else if !plan.producesValue {
      return "it produces no value to cache"
    }
    return nil
  }

  /// The note a protocol's caching decorator gives of the requirements it could cache but that
  /// no one declared cacheable, and the warning a protocol's bare `cache` gets, which declares
  /// nothing.
  static func protocolDiagnostics(in plans: [RequirementPlan], of proto: ProtocolDecl)
    -> [Diagnostic]
  {
    var diagnostics: [Diagnostic] = []
    for annotation in proto.annotations
    where annotation.key == "cache" && annotation.arguments.isEmpty {
      diagnostics.append(
        Diagnostic(
          .warning,
          "'cache' on a protocol declares no requirement cacheable, and sets nothing: annotate "
            + "each requirement that only reads '// veneer: cache'", at: annotation.location))
    }
    // Said where caching was asked for by name, not where a selection gave every protocol
    // every decorator.
    let isAskedFor =
      proto.annotations.contains { $0.key == name }
      || plans.first?.context.options.listedTemplates.contains(name) == true
    guard isAskedFor else { return diagnostics }
    let position = DecoratorPlans.position(of: Self.self)
    let undeclared = plans.filter { plan in
      plan.isMethod && !plan.isStatic && !plan.isSkipped(by: name) && plan.producesValue
        && !plan.decoratorPlan(position, as: Self.self).isDeclared
        && !plan.requirement.annotations.contains { $0.key == "invalidates" }
    }
    guard !undeclared.isEmpty else { return diagnostics }
    let names =
      undeclared.prefix(6).map(\.requirement.selector).joined(separator: ", ")
      + (undeclared.count > 6 ? ", …" : "")
    // A warning when it caches nothing at all: asking for it then does nothing.
    let cachesSomething = plans.contains { plan in
      plan.isMethod && !plan.isStatic && !plan.isSkipped(by: name)
        && plan.decoratorPlan(position, as: Self.self).isCacheable
    }
    diagnostics.append(
      Diagnostic(
        cachesSomething ? .note : .warning,
        "the caching decorator of \(proto.qualifiedName) caches only what is declared "
          + "cacheable, and forwards "
          + (undeclared.count == 1 ? "1 requirement" : "\(undeclared.count) requirements")
          + " uncached (\(names)); annotate each that only reads '// veneer: cache'",
        at: proto.location))
    return diagnostics
  }

  /// For a method that returns a value: the lookup-or-compute call, with effects.
  private static func cachedCall(_ plan: RequirementPlan, timeToLive: String) -> String? {
    guard plan.outcome == .value, let valueType = plan.valueType else { return nil }
    let proto = plan.context.proto
    let effects = plan.requirement.effects
    let thrown =
      effects.thrownType.map { " throws(\($0.text))" } ?? (plan.isThrowing ? " throws" : "")
    let closureType = "()\(plan.isAsync ? " async" : "")\(thrown) -> \(valueType)"
    let body = "\(closureType) in \(plan.forwardCall)"
    let lookup = "\(plan.storage["cache"]).value(for: \(plan.names.key), timeToLive: \(timeToLive)"
    // Callers share one computation only of a Sendable value, computed by a closure that
    // captures the arguments.
    if !plan.isAsync {
      return "\(plan.effectsPrefix)\(lookup), compute: { \(body) })"
    } else if proto.isSendable && !plan.mentionsAssociatedTypeNotKnownSendable
      && plan.storage.base == plan.context.storage.base
    {
      return "\(plan.effectsPrefix)\(lookup), compute: { [\(plan.storage.base)] \(body) })"
    } else {
      return "\(plan.effectsPrefix)\(lookup), computeInPlace: { \(body) })"
    }
  }
}
