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
    /// said), each waiting up to `maxWait` for its token. Options that make no sense stop the
    /// program with a message naming the option.
    public init(
      permits: Int = 10, per period: Duration = .seconds(1), burst: Int? = nil,
      maxWait: Duration = .zero
    ) {
      precondition(permits >= 1, "RateLimiter.Policy: permits is at least 1, not \(permits)")
      precondition(period > .zero, "RateLimiter.Policy: period is longer than zero, not \(period)")
      precondition(
        (burst ?? 1) >= 1, "RateLimiter.Policy: burst is at least 1, not \(burst ?? 0)")
      precondition(maxWait >= .zero, "RateLimiter.Policy: maxWait is zero or more, not \(maxWait)")
      self.permits = permits
      self.period = period
      self.burst = burst ?? permits
      self.maxWait = maxWait
    }

    /// How long one token takes to come.
    var interval: Duration { max(period / permits, .nanoseconds(1)) }
  }

  /// How fast calls may come.
  public let policy: Policy
  @usableFromInline let clock: PolicyClock
  private let lock = NSLock()
  // Guarded by `lock`.
  @exclusivity(unchecked) private var state: RateLimiterState<Waiter>
  @exclusivity(unchecked) private var lastWaiter: UInt64 = 0
  /// The task that serves the waiters when the first one's token comes.
  @exclusivity(unchecked) private var timer: Task<Void, Never>?

  /// What resumes a waiting call, with how its wait ended.
  private typealias Waiter = WaitingCall

  /// A limiter as `policy` says, reading `clock`; its bucket starts full.
  public init<C: Clock>(policy: Policy = Policy(), clock: C = ContinuousClock())
  where C.Duration == Duration {
    self.policy = policy
    self.clock = PolicyClock(clock)
    state = RateLimiterState(
      interval: policy.interval, burst: policy.burst, maxWait: policy.maxWait)

    policyMade()
  }

  deinit {
    timer?.cancel()
  }

  /// How many calls wait for a token.
  public var waiting: Int { lock.withLock { state.waiting } }

  /// Runs `operation` once a token is taken; throws `RateLimitExceededError` without running it
  /// when none comes within `maxWait`, and `CancellationError` at once when the task is
  /// cancelled while it waits, having taken no token.
  ///
  /// Inlinable, so that the call to the base is specialized where the decorator is: a token
  /// already there is taken without suspending.
  @inlinable
  public func run<Value>(
    _ requirement: StaticString, isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Value
  ) async throws -> Value {
    if !takeToken() { try await wait(requirement) }
    return try await operation()
  }

  @usableFromInline
  func takeToken() -> Bool {
    lock.withLock { state.takeToken(now: clock.now) }
  }

  /// Waits in the queue for a token; throws when it would come too late, or when cancelled.
  @usableFromInline
  func wait(_ requirement: StaticString) async throws {
    let id = lock.withLock { () -> UInt64 in
      lastWaiter += 1
      return lastWaiter
    }
    var retryAfter = Duration.zero
    let outcome = await WaitingCall.wait(
      enter: { isCancelled in
        switch lock.withLock({ state.enter(id, now: clock.now, isCancelled: isCancelled) }) {
        case .proceed: return .granted
        case .cancelled: return .cancelled
        case .refused(let wait):
          retryAfter = wait
          return .timedOut
        case .queued(let wakeAt):
          // One timer serves every waiter: it hands out the tokens as they come.
          if let wakeAt { arm(at: wakeAt) }
          return nil
        }
      },
      suspend: { waiter in lock.withLock { state.suspend(id, waiter) } },
      leave: { self.lock.withLock { self.state.leave(id) }?.resume(returning: .cancelled) })
    switch outcome {
    case .granted: return
    case .cancelled: throw CancellationError()
    case .timedOut:
      __CallAnswer.noteRejection(.rateLimit, requirement: requirement)
      throw RateLimitExceededError(requirement: "\(requirement)", retryAfter: retryAfter)
    }
  }

  /// Sets the timer for `deadline`, in place of the one set before.
  private func arm(at deadline: Duration) {
    let next = Task { [clock] in
      do {
        try await clock.sleep(until: deadline)
      } catch {
        return
      }
      self.serveWaiters()
    }
    lock.withLock { () -> Task<Void, Never>? in
      defer { timer = next }
      return timer
    }?.cancel()
  }

  /// Hands the waiters whose tokens have come their tokens, and sets the timer for the next.
  private func serveWaiters() {
    let (granted, wakeAt) = lock.withLock { state.timerFired(now: clock.now) }
    for waiter in granted { waiter.resume(returning: .granted) }
    if let wakeAt { arm(at: wakeAt) }
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
