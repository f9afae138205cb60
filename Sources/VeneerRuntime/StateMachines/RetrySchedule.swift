/// A retried call's schedule as a value: after each failure, whether to make the call again and
/// after how long, or why not. It reads no clock (the time is handed to it, and only under a
/// time limit) and awaits nothing; `__RetriedCall` sleeps and calls.
@usableFromInline
struct RetrySchedule {
  @usableFromInline let policy: RetryPolicy
  /// When the call began, under a time limit.
  @usableFromInline let start: Duration?
  /// The attempt that just failed, 1 for the first.
  @usableFromInline private(set) var attempt = 1

  /// What follows a failure.
  @usableFromInline
  enum Decision: Equatable {
    /// Wait this long, then make the call again.
    case retry(after: Duration)
    /// Throw the failure: the call is made no more, for this reason.
    case stop(__CallAnswer.RetryStop)
  }

  /// A schedule for a call beginning at `start`, read only under a time limit.
  @usableFromInline
  init(policy: RetryPolicy, start: Duration?) {
    self.policy = policy
    self.start = start
  }

  /// The attempt failed with `failure`; `isCancelled` is the caller's task's flag, and `now`
  /// the time, read only under a time limit.
  @usableFromInline
  mutating func next(after failure: any Error, isCancelled: Bool, now: () -> Duration)
    -> Decision
  {
    if isCancelled { return .stop(.cancelled) }
    guard policy.isRetryable(failure) else { return .stop(.notRetryable) }
    guard attempt < policy.maxAttempts else { return .stop(.attemptsUsed) }
    let wait = policy.backoff(afterAttempt: attempt)
    if let limit = policy.maxElapsed, let start,
      (now() - start).saturatingAdding(wait) > limit
    {
      return .stop(.timeLimit)
    }
    attempt += 1
    return .retry(after: wait)
  }
}
