import Foundation

/// A rate limiter, a token bucket: `permits` calls per `period` on average, up to `burst` at
/// once after a quiet spell. A call that finds no token waits for the next one when that comes
/// within `maxWait` (its token reserved, so waiting calls are served in turn), and is refused at
/// once otherwise.
///
/// `@unchecked Sendable`: its state is read and written only with `lock` held.
public final class RateLimiter: @unchecked Sendable {
  /// How fast calls may come.
  public struct Policy: Sendable {
    /// Calls let through per `period`, on average.
    public var permits: Int
    /// The time `permits` are counted over.
    public var period: Duration
    /// The most calls let through at once after a quiet spell: the bucket's size.
    public var burst: Int
    /// How long a call may wait for a token; zero refuses it at once.
    public var maxWait: Duration

    /// `permits` calls `per` period on average, `burst` at most at once (`permits` unless
    /// said), each waiting up to `maxWait` for its token.
    public init(
      permits: Int = 10, per period: Duration = .seconds(1), burst: Int? = nil,
      maxWait: Duration = .zero
    ) {
      self.permits = max(permits, 1)
      self.period = max(period, .nanoseconds(1))
      self.burst = max(burst ?? permits, 1)
      self.maxWait = max(maxWait, .zero)
    }

    /// How long one token takes to come.
    var interval: Duration { period / permits }
  }

  /// How fast calls may come.
  public let policy: Policy
  @usableFromInline let clock: PolicyClock
  private let lock = NSLock()
  /// How long one token takes to come, and `burst` of them: worked out once, as `Duration`'s
  /// arithmetic is on 128-bit integers.
  private let interval: Duration
  private let burstSpan: Duration
  // Guarded by `lock`: when the bucket, taken on, would be full again. A token is taken by
  // moving it on by one interval; a call waits until it is no more than `burst` intervals ahead.
  private var fullAt: Duration

  /// A limiter as `policy` says, reading `clock`; its bucket starts full.
  public init<C: Clock>(policy: Policy = Policy(), clock: C = ContinuousClock())
  where C.Duration == Duration {
    self.policy = policy
    self.clock = PolicyClock(clock)
    interval = policy.interval
    burstSpan = policy.interval * policy.burst
    fullAt = .zero

    policyMade()
  }

  /// Runs `operation` once a token is taken; throws `RateLimitExceededError` without running it
  /// when none comes within `maxWait`.
  ///
  /// Inlinable, so that the call to the base is specialized where the decorator is: a token
  /// already there is taken without suspending.
  @inlinable
  public func run<Value>(
    _ requirement: StaticString, isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Value
  ) async throws -> Value {
    if let start = try take(requirement) { try await clock.sleep(until: start) }
    return try await operation()
  }

  /// Takes the next token: `nil` when it is there now, else when it comes; throws
  /// `RateLimitExceededError` when it comes after `maxWait`.
  @usableFromInline
  func take(_ requirement: StaticString) throws -> Duration? {
    let (start, refusal) = lock.withLock { () -> (Duration?, Duration?) in
      let now = clock.now
      let next = max(fullAt, now) + interval
      // The token this call takes comes `wait` from now.
      let wait = next - now - burstSpan
      guard wait <= policy.maxWait else { return (nil, wait - policy.maxWait) }
      fullAt = next
      return (wait > .zero ? now + wait : nil, nil)
    }
    if let retryAfter = refusal {
      __CallAnswer.noteRejection(.rateLimit, requirement: requirement)
      throw RateLimitExceededError(requirement: "\(requirement)", retryAfter: retryAfter)
    }
    return start
  }
}

/// Thrown by a call a rate limiter refused: no token came within its wait.
public struct RateLimitExceededError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The requirement whose call was refused: `PostRepo.getPost(id:)`.
  public let requirement: String
  /// How much longer the call would have had to wait.
  public let retryAfter: Duration

  /// A call of `requirement` refused, which would have had to wait `retryAfter` longer.
  public init(requirement: String, retryAfter: Duration) {
    self.requirement = requirement
    self.retryAfter = retryAfter
  }

  /// `PostRepo.getPost(id:) was not called: its rate limit was reached (retry after 0.1 s)`.
  public var description: String {
    "\(requirement) was not called: its rate limit was reached (retry after \(retryAfter))"
  }
}
