extension BuiltInDecorator {
  /// Answers calls that only read from a cache, keyed by requirement and arguments; a call
  /// that changes something invalidates what it names.
  static let caching = BuiltInDecorator(
    name: "Caching",
    annotations: ["caching": ["ttl": .lifetime], "cache": ["ttl": .lifetime]],
    storage: [("cache", "the caching decorator's cache: `cache`")],
    plan: DecoratorPlanKind(CachingPlan.self),
    options: [
      BuiltInOption("ttl", .seconds { $0.cacheTimeToLive = $1 }),
      BuiltInOption(
        "capacity", .wholeNumber(1...Int.max, counting: "entries") { $0.cacheCapacity = $1 }),
    ])
}
