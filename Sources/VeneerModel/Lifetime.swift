/// The one rule for durations in seconds that annotations and `veneer.yml` give: a cached
/// value's time to live (`cache(ttl:)`), a call's deadline (`timeout(seconds:)`).
package enum Lifetime {
  /// A hundred years: longer is a mistake, and Swift's `Duration.seconds` takes whole seconds
  /// as `Int`, which a larger literal would overflow.
  package static let maximumSeconds = 3_153_600_000.0

  /// Why `seconds` is not a lifetime, or nil when it is one.
  package static func problem(with seconds: Double) -> String? {
    guard seconds.isFinite, seconds > 0 else {
      return "must be a positive number of seconds"
    }
    guard seconds <= maximumSeconds else {
      return "must be at most \(Int(maximumSeconds)) seconds (a hundred years)"
    }
    return nil
  }
}
