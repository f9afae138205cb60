/// The one rule for cache lifetimes, whether `cache(ttl:)` or `veneer.yml` gives them.
package enum CacheLifetime {
  /// A hundred years: longer is a mistake, and Swift's `Duration.seconds` takes whole seconds
  /// as `Int`, which a larger literal would overflow.
  package static let maximumSeconds = 3_153_600_000.0

  /// Why `seconds` is not a lifetime, or nil when it is one.
  package static func problem(with seconds: Double) -> String? {
    guard seconds.isFinite, seconds > 0 else {
      return "must be a positive number of seconds"
    }
    guard seconds <= maximumSeconds else {
      return "must be at most \(Int(maximumSeconds)) seconds (a hundred years); leave it out "
        + "to keep values until they are evicted"
    }
    return nil
  }
}
