/// The outcomes a closed circuit breaker counts, oldest first, each with when it ended, and how
/// many of them failed: a ring, so that a call's end appends one and drops the oldest in
/// constant time where an array shifted every outcome and counted the failures again.
struct OutcomeWindow {
  private var slots: [(failed: Bool, at: Duration)] = []
  /// Where the oldest outcome is in `slots`.
  private var oldest = 0
  private(set) var count = 0
  private(set) var failures = 0

  /// Adds the outcome of a call that ended `at`.
  mutating func append(failed: Bool, at: Duration) {
    if count == slots.count {
      // Full: unroll the ring into a larger array, oldest first.
      slots = Array(slots[oldest...] + slots[..<oldest]) + [(failed, at)]
      oldest = 0
    } else {
      slots[(oldest + count) % slots.count] = (failed, at)
    }
    count += 1
    if failed { failures += 1 }
  }

  /// When the oldest outcome's call ended.
  var oldestEnd: Duration? { count == 0 ? nil : slots[oldest].at }

  /// Drops the oldest outcome.
  mutating func removeOldest() {
    guard count > 0 else { return }
    if slots[oldest].failed { failures -= 1 }
    oldest = (oldest + 1) % slots.count
    count -= 1
  }

  /// Drops every outcome, keeping the room they took.
  mutating func removeAll() {
    oldest = 0
    count = 0
    failures = 0
  }
}
