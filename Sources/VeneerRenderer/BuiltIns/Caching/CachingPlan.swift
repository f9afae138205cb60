import VeneerModel

/// Whether and how a caching decorator answers a call from its cache: its key, its lifetime,
/// the lookup-or-compute call, and what a call that changes something invalidates.
final class CachingPlan: DecoratorPlan {
  static let name = "caching"
  let isCacheable: Bool
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
    cacheKey =
      "CacheKey(requirement: \(identity)"
      + (keyArguments.isEmpty
        ? ")" : ", arguments: \(keyArguments.map(\.name).joined(separator: ", ")))")
    let uncachedReason = Self.uncachedReason(plan)
    isCacheable = uncachedReason == nil
    let asksForCaching = (proto.annotations + requirement.annotations).contains {
      $0.key == "caching" || $0.key == "cache"
    }
    // Not news: a requirement the user says invalidates others, or one with nothing to cache.
    let isPlainlyUncached =
      requirement.annotations.contains { $0.key == "invalidates" }
      || ![.value, .result, .completionResult].contains(plan.outcome)
    if let uncachedReason, asksForCaching, requirement.kind == .method, !requirement.isStatic,
      !isPlainlyUncached
    {
      diagnostics.append(
        Diagnostic(
          .note,
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
    } else if ![.value, .result, .completionResult].contains(plan.outcome) {
      return "it produces no value to cache"
    } else if case .mayWrite(let word) = CachePolicy.verdict(
      for: requirement.bareName, producing: plan.valueType),
      // The user's word that it only reads: on the requirement, or on the whole protocol.
      !(requirement.annotations + plan.context.proto.annotations).contains(where: {
        $0.key == "cache"
      })
    {
      return "'\(word)' is not a word known to read (such as get, fetch, find, is) nor the "
        + "name of the type returned, and a cache must never answer a call that writes or acts; "
        + "annotate it (or its protocol) '// veneer: cache' if it only reads"
    }
    return nil
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
