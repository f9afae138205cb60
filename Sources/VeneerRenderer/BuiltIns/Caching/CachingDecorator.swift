import VeneerModel

extension BuiltInDecorator {
  /// Answers calls that only read from a cache, keyed by requirement and arguments; a call
  /// that changes something invalidates what it names.
  static let caching = BuiltInDecorator(
    name: "Caching",
    summary: "answers declared reads from a cache, shares calls in flight, invalidates on writes",
    annotations: ["caching": ["ttl": .lifetime], "cache": ["ttl": .lifetime]],
    storage: [("cache", "the caching decorator's cache: `cache`")],
    plan: DecoratorPlanKind(CachingPlan.self),
    options: [
      BuiltInOption("ttl", .seconds { $0.cacheTimeToLive = $1 }),
      BuiltInOption(
        "capacity", .wholeNumber(1...Int.max, counting: "entries") { $0.cacheCapacity = $1 }),
    ],
    annotationUses: [
      "cache": AnnotationUse(
        "cache, cache(ttl: lifetime)",
        onProtocol: "declares nothing: a bare `cache` here is a warning, since caching is "
          + "declared per requirement",
        onRequirement: "declares that it only reads, so its results may be cached (for `ttl` "
          + "seconds); nothing else is ever cached"),
      "caching": AnnotationUse(
        "caching, caching(ttl: lifetime)", onProtocol: "decorate it with the Caching template",
        onRequirement: "the same as `cache`"),
    ],
    declarations: BuiltInDecorator.Declarations(macroLabel: "cached", key: "cache"))
}
