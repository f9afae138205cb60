import Foundation
import Testing

@testable import VeneerRuntime

/// A retry's schedule against a plain model, over random policies and random failures: it
/// retries exactly when the attempt is not the last, the error is retryable, the caller is not
/// cancelled and the wait stays within the time limit, after exactly the policy's backoff.
@Suite struct RetryScheduleTests {
  struct Retryable: RetryableError {}
  struct Permanent: Error {}

  @Test func itRetriesExactlyWhereAPlainModelSays() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let maxAttempts = Int.random(in: 1...6, using: &random)
      let limit: Duration? =
        Bool.random(using: &random) ? .milliseconds(Int.random(in: 1...2_000, using: &random)) : nil
      let policy = RetryPolicy(
        maxAttempts: maxAttempts, initialBackoff: .milliseconds(100), multiplier: 2,
        maxBackoff: .seconds(1), maxElapsed: limit, jitter: .none)
      var schedule = RetrySchedule(policy: policy, start: .zero)
      var now = Duration.zero
      var attempt = 1
      while true {
        now += .milliseconds(Int.random(in: 0...300, using: &random))
        let retryable = Int.random(in: 0..<4, using: &random) > 0
        let cancelled = Int.random(in: 0..<10, using: &random) == 0
        let decision = schedule.next(
          after: retryable ? Retryable() as any Error : Permanent(), isCancelled: cancelled,
          now: { now })
        let wait = min(.milliseconds(100) * (1 << (attempt - 1)), .seconds(1))
        let expected: RetrySchedule.Decision =
          cancelled
          ? .stop(.cancelled)
          : !retryable
            ? .stop(.notRetryable)
            : attempt >= maxAttempts
              ? .stop(.attemptsUsed)
              : limit.map { now + wait > $0 } == true ? .stop(.timeLimit) : .retry(after: wait)
        #expect(decision == expected, "attempt \(attempt) of \(maxAttempts), at \(now)")
        guard case .retry(let after) = decision else { break }
        now += after
        attempt += 1
        #expect(attempt <= maxAttempts)
      }
    }
  }
}
