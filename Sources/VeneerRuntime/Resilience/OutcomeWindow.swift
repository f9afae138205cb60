/// The outcomes a closed circuit breaker counts, and how many of them failed, each call's end in
/// constant time and constant room.
///
/// A window of calls is a ring of that many outcomes. A window of time is a ring of buckets,
/// as resilience4j keeps one a second: each counts the calls that ended in its slice of time,
/// and a call's end empties the buckets the window has moved past, so an outcome leaves the
/// window within one bucket's width of its end (a second, or a tenth of a shorter window).
struct OutcomeWindow: Hashable, Sendable {
  /// A window of calls: the last calls' outcomes, `true` for a failure.
  private var outcomes: [Bool] = []
  /// A window of time: each bucket's calls and failures, each bucket `bucketWidth` long.
  private var bucketCalls: [Int] = []
  private var bucketFailures: [Int] = []
  private var bucketWidth = Duration.zero
  /// Where the next outcome goes in `outcomes`, or the number of the newest bucket since the
  /// policy was made (its slot is that number modulo the bucket count).
  private var newest: Int64 = 0
  private(set) var count = 0
  private(set) var failures = 0

  /// The last `calls` calls.
  init(calls: Int) {
    outcomes = Array(repeating: false, count: max(calls, 1))
  }

  /// The calls that ended in the last `duration`: one bucket a second, at least ten and at
  /// most 600 of them.
  init(duration: Duration) {
    let bucketCount = Int(min(max(duration.components.seconds, 10), 600))
    bucketCalls = Array(repeating: 0, count: bucketCount)
    bucketFailures = bucketCalls
    bucketWidth = max(duration / bucketCount, .nanoseconds(1))
  }

  /// Whether it counts time: a window of calls needs no clock.
  var readsTime: Bool { outcomes.isEmpty }

  /// Adds the outcome of a call that ended `at` (read only by a window of time).
  mutating func append(failed: Bool, at now: Duration) {
    if !outcomes.isEmpty {
      let slot = Int(newest)
      if count == outcomes.count {
        if outcomes[slot] { failures -= 1 }
      } else {
        count += 1
      }
      outcomes[slot] = failed
      newest = (newest + 1) % Int64(outcomes.count)
    } else {
      let ratio = (max(now, .zero) / bucketWidth).rounded(.down)
      let index = ratio < 0x1p62 ? Int64(ratio) : 1 << 62
      let buckets = Int64(bucketCalls.count)
      // The buckets the window moved past, oldest first, emptied: at most all of them.
      if index > newest {
        for step in 1...min(index - newest, buckets) {
          let slot = Int((newest + step) % buckets)
          count -= bucketCalls[slot]
          failures -= bucketFailures[slot]
          bucketCalls[slot] = 0
          bucketFailures[slot] = 0
        }
        newest = index
      }
      let slot = Int(newest % buckets)
      bucketCalls[slot] += 1
      count += 1
      if failed { bucketFailures[slot] += 1 }
    }
    if failed { failures += 1 }
  }

  /// Drops every outcome, keeping the room they took.
  mutating func removeAll() {
    count = 0
    failures = 0
    if !outcomes.isEmpty {
      newest = 0
      for index in outcomes.indices { outcomes[index] = false }
    } else {
      for index in bucketCalls.indices {
        bucketCalls[index] = 0
        bucketFailures[index] = 0
      }
    }
  }
}
