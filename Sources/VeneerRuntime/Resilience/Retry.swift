/// An error that says whether the call that threw it may be tried again: a retrying decorator
/// retries only errors that declare it (or that its policy's `isRetryable` accepts), never one
/// whose name suggests it.
public protocol RetryableError: Error {
  /// Whether another attempt might succeed: a dropped connection or a 503 may, a 404 will not.
  var isRetryable: Bool { get }
}

extension RetryableError {
  /// An error adopting `RetryableError` is retryable unless it says otherwise.
  public var isRetryable: Bool { true }
}

extension TimeoutError: RetryableError {}

/// How a retrying decorator retries a call its requirement declares retryable (`// veneer:
/// retry`): how many attempts, how long it waits between them, and which errors it retries.
public struct RetryPolicy: Sendable {
  /// How many times a call is made at most, the first included.
  public var maxAttempts: Int
  /// The wait after the first failed attempt, before jitter.
  public var initialBackoff: Duration
  /// What each wait is multiplied by for the next.
  public var multiplier: Double
  /// The longest wait, before jitter.
  public var maxBackoff: Duration
  /// How long a call may take, attempts and waits together, before it stops retrying; `nil`
  /// for no limit but `maxAttempts`.
  public var maxElapsed: Duration?
  /// How a wait is spread out.
  public var jitter: Jitter
  /// Which errors are retried: by default, those adopting `RetryableError` that say so
  /// (`TimeoutError` among them).
  public var isRetryable: @Sendable (any Error) -> Bool

  /// How the wait before an attempt is drawn from its exponential backoff `b`.
  public enum Jitter: Sendable {
    /// Uniformly from `0...b` ("full jitter"): clients that failed together do not retry
    /// together.
    case full
    /// `b` itself.
    case none
    /// As the function says: for tests, a fixed fraction.
    case custom(@Sendable (Duration) -> Duration)
  }

  /// A policy; every argument has the default resilience4j's retries have, but a full jitter.
  /// Options that make no sense stop the program with a message naming the option; durations
  /// as long as centuries and a multiplier of `.infinity` are taken as they are (waits saturate).
  public init(
    maxAttempts: Int = 3, initialBackoff: Duration = .milliseconds(100), multiplier: Double = 2,
    maxBackoff: Duration = .seconds(10), maxElapsed: Duration? = nil, jitter: Jitter = .full,
    isRetryable: @escaping @Sendable (any Error) -> Bool = RetryPolicy.declaredRetryable
  ) {
    precondition(maxAttempts >= 1, "RetryPolicy: maxAttempts is at least 1, not \(maxAttempts)")
    precondition(
      initialBackoff >= .zero, "RetryPolicy: initialBackoff is zero or more, not \(initialBackoff)")
    precondition(multiplier >= 1, "RetryPolicy: multiplier is at least 1, not \(multiplier)")
    precondition(maxBackoff >= .zero, "RetryPolicy: maxBackoff is zero or more, not \(maxBackoff)")
    precondition(
      (maxElapsed ?? .seconds(1)) > .zero,
      "RetryPolicy: maxElapsed is longer than zero, not \(maxElapsed ?? .zero)")
    self.maxAttempts = maxAttempts
    self.initialBackoff = initialBackoff
    self.multiplier = multiplier
    self.maxBackoff = maxBackoff
    self.maxElapsed = maxElapsed
    self.jitter = jitter
    self.isRetryable = isRetryable
    policyMade()
  }

  /// Whether `error` declares itself retryable, by adopting `RetryableError`.
  public static func declaredRetryable(_ error: any Error) -> Bool {
    (error as? any RetryableError)?.isRetryable ?? false
  }

  /// The policy with `maxAttempts` attempts: `retry(attempts: 5)` on a requirement.
  public func attempts(_ count: Int) -> RetryPolicy {
    var policy = self
    precondition(count >= 1, "RetryPolicy: attempts is at least 1, not \(count)")
    policy.maxAttempts = count
    return policy
  }

  /// The wait after failed attempt `attempt` (1 for the first), jitter applied.
  public func backoff(afterAttempt attempt: Int) -> Duration {
    var wait = initialBackoff
    for _ in 1..<max(attempt, 1) where wait < maxBackoff {
      wait = wait.saturatingMultiplied(by: multiplier)
    }
    wait = min(wait, maxBackoff)
    switch jitter {
    case .none: return wait
    case .full: return wait.saturatingMultiplied(by: Double.random(in: 0...1))
    case .custom(let spread): return spread(wait)
    }
  }
}

/// A call through a retrying decorator.
public enum __RetriedCall {
  /// What `operation` returns, made again after each retryable failure as `policy` says; the
  /// last failure when it gives up, when the task is cancelled (before another attempt, or
  /// while waiting for one), or when the next wait would pass `maxElapsed`. Each retry is
  /// marked on the logged, metered and traced calls around it.
  @inlinable
  public static func run<Value, Failure: Error>(
    _ requirement: StaticString, policy: RetryPolicy, clock: PolicyClock,
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    // Read only under a time limit: an attempt that succeeds, as most do, reads no clock.
    let start = policy.maxElapsed == nil ? nil : clock.now
    do throws(Failure) {
      return try await operation()
    } catch {
      return try await retry(
        after: error, requirement, policy: policy, clock: clock, start: start,
        isolation: isolation, operation)
    }
  }

  /// The attempts after a first that failed with `first`, as a `RetrySchedule` says: apart, so
  /// that the first attempt, which most calls need alone, is the whole inlined path.
  @usableFromInline
  static func retry<Value, Failure: Error>(
    after first: Failure, _ requirement: StaticString, policy: RetryPolicy, clock: PolicyClock,
    start: Duration?, isolation: isolated (any Actor)?,
    _ operation: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    var schedule = RetrySchedule(policy: policy, start: start)
    var failure = first
    while true {
      switch schedule.next(after: failure, isCancelled: Task.isCancelled, now: { clock.now }) {
      case .stop(let reason):
        __CallAnswer.noteRetryStop(reason, requirement: requirement)
        throw failure
      case .retry(let wait):
        do {
          try await clock.sleep(for: wait)
        } catch {
          __CallAnswer.noteRetryStop(.cancelled, requirement: requirement)
          throw failure
        }
        __CallAnswer.noteRetry(requirement: requirement)
      }
      do throws(Failure) {
        return try await operation()
      } catch {
        failure = error
      }
    }
  }
}
