/// Caching's settings: `options: caching: {ttl:, capacity:}`.
extension RenderOptions {
  /// How long cached values stay fresh when no `cache(ttl:)` says otherwise; `nil` keeps them
  /// until they are evicted.
  package var cacheTimeToLive: Double? {
    get { setting("caching.ttl")?.seconds }
    set { set("caching.ttl", newValue.map(BuiltInSetting.seconds)) }
  }
  /// How many values `withCaching()` keeps by default.
  package var cacheCapacity: Int {
    get { setting("caching.capacity")?.whole ?? 1_000 }
    set { set("caching.capacity", newValue == 1_000 ? nil : .whole(newValue)) }
  }
}
