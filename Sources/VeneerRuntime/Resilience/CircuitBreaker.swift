import Foundation

/// A circuit breaker, as resilience4j's: closed, it lets calls through and counts how many fail
/// over a sliding window; when the share that failed reaches a threshold, it opens and fails
/// every call at once, for an interval; then, half-open, it lets a few probe calls through and
/// closes if they succeed, or opens again. One per decorator by default; make one and pass it to
/// several decorators for a back end they share.
/// `@unchecked Sendable`: its state is read and written only with `lock` held.
public final class CircuitBreaker: @unchecked Sendable {
  /// Where a breaker is.
  public enum State: String, Sendable, Equatable, CustomStringConvertible {
    /// Calls go through, and their outcomes are counted.
    case closed
    /// Calls fail at once with `CircuitBreakerOpenError`.
    case open
    /// A few probe calls go through; their outcomes close or open the breaker.
    case halfOpen = "half_open"

    /// `closed`, `open` or `half_open`, as metrics and spans write it.
    public var description: String { rawValue }
  }

  /// When a breaker opens, and for how long. Options that make no sense stop the program with
  /// a message naming the option, as a range whose bounds cross does: they are a mistake in the
  /// code that makes the policy, and Veneer checks the ones it writes when it generates.
  public struct Policy: Sendable {
    /// The share of failed calls, more than 0 and at most 1 (a fraction: 0.5 for half), at
    /// which it opens.
    public var failureRateThreshold: Double
    /// The calls whose outcomes count.
    public var window: Window
    /// How many calls the window must hold before the rate is judged; at most a window of
    /// calls' size, as resilience4j caps it.
    public var minimumCalls: Int
    /// How long it stays open before it lets probe calls through.
    public var openInterval: Duration
    /// How many probe calls it lets through half-open.
    public var halfOpenCalls: Int
    /// Which errors count as failures: by default, every one not ignored.
    public var isFailure: @Sendable (any Error) -> Bool
    /// Which errors count neither way: by default `CancellationError`, a call its own caller
    /// cancelled, which says nothing of the back end (as Polly's breakers ignore it).
    public var isIgnored: @Sendable (any Error) -> Bool

    /// The calls whose outcomes count.
    public enum Window: Sendable, Equatable {
      /// The last `n` calls.
      case count(Int)
      /// The calls that ended in the last `duration`, kept in buckets of a second (a tenth of a
      /// shorter window), as resilience4j keeps them.
      case time(Duration)
    }

    /// A policy; every argument has the default resilience4j's breakers have, but a window of 20
    /// calls and a minimum of 10.
    public init(
      failureRateThreshold: Double = 0.5, window: Window = .count(20), minimumCalls: Int = 10,
      openInterval: Duration = .seconds(30), halfOpenCalls: Int = 3,
      isFailure: @escaping @Sendable (any Error) -> Bool = { _ in true },
      isIgnored: @escaping @Sendable (any Error) -> Bool = { $0 is CancellationError }
    ) {
      precondition(
        failureRateThreshold > 0 && failureRateThreshold <= 1,
        "CircuitBreaker.Policy: failureRateThreshold is a fraction, more than 0 and at most 1 "
          + "(0.5 for half), not \(failureRateThreshold)")
      switch window {
      case .count(let count):
        precondition(
          count >= 1, "CircuitBreaker.Policy: a window of calls holds at least 1, not \(count)")
      case .time(let duration):
        precondition(
          duration > .zero,
          "CircuitBreaker.Policy: a window of time is longer than zero, not \(duration)")
      }
      precondition(
        minimumCalls >= 1, "CircuitBreaker.Policy: minimumCalls is at least 1, not \(minimumCalls)")
      precondition(
        openInterval >= .zero,
        "CircuitBreaker.Policy: openInterval is zero or more, not \(openInterval)")
      precondition(
        halfOpenCalls >= 1,
        "CircuitBreaker.Policy: halfOpenCalls is at least 1, not \(halfOpenCalls)")
      self.failureRateThreshold = failureRateThreshold
      self.window = window
      if case .count(let count) = window {
        self.minimumCalls = min(minimumCalls, count)
      } else {
        self.minimumCalls = minimumCalls
      }
      self.openInterval = openInterval
      self.halfOpenCalls = halfOpenCalls
      self.isFailure = isFailure
      self.isIgnored = isIgnored
    }

    /// How a call that threw `error` counts.
    @usableFromInline
    func outcome(of error: any Error) -> CircuitBreakerState.Outcome {
      isIgnored(error) ? .ignored : isFailure(error) ? .failure : .success
    }
  }

  /// When it opens, and for how long.
  public let policy: Policy
  private let clock: PolicyClock
  private let onStateChange: (@Sendable (_ from: State, _ to: State) -> Void)?
  private let lock = NSLock()
  // Guarded by `lock`, which already excludes overlapping accesses: the run-time exclusivity
  // checks would only add their cost to every call.
  @exclusivity(unchecked) private var machine: CircuitBreakerState
  /// What follows its state (a metrics decorator's gauge), by a key of the follower's: told of
  /// each change as it happens, whichever requirement's call made it.
  @exclusivity(unchecked) private var followers: [String: @Sendable (State) -> Void] = [:]

  /// A breaker as `policy` says, reading `clock`; `onStateChange` is told of each transition.
  public init<C: Clock>(
    policy: Policy = Policy(), clock: C = ContinuousClock(),
    onStateChange: (@Sendable (_ from: State, _ to: State) -> Void)? = nil
  ) where C.Duration == Duration {
    self.policy = policy
    self.clock = PolicyClock(clock)
    self.onStateChange = onStateChange
    machine = CircuitBreakerState(policy)

    policyMade()
  }

  /// Where the breaker is now: an open breaker whose interval has passed is half-open.
  public var state: State {
    let (state, change) = lock.withLock { () -> (State, CircuitBreakerState.Change?) in
      let change = machine.refresh(now: { clock.now })
      return (machine.current, change)
    }
    report(change)
    return state
  }

  /// Runs `operation` if the breaker lets it through, recording how it ended; otherwise throws
  /// `CircuitBreakerOpenError` without running it.
  @inlinable
  public func run<Value>(
    _ requirement: StaticString, isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Value
  ) async throws -> Value {
    let permit = try acquire(requirement)
    do {
      let value = try await operation()
      record(permit, .success)
      return value
    } catch {
      record(permit, policy.outcome(of: error))
      throw error
    }
  }

  /// The same for a synchronous `operation`.
  @inlinable
  public func run<Value>(_ requirement: StaticString, _ operation: () throws -> Value) throws
    -> Value
  {
    let permit = try acquire(requirement)
    do {
      let value = try operation()
      record(permit, .success)
      return value
    } catch {
      record(permit, policy.outcome(of: error))
      throw error
    }
  }

  @usableFromInline
  func acquire(_ requirement: StaticString) throws -> CircuitBreakerState.Permit {
    let (state, permit, retryAfter, change) = lock.withLock {
      let (permit, retryAfter, change) = machine.acquire(now: { clock.now })
      return (machine.current, permit, retryAfter, change)
    }
    report(change)
    __CallAnswer.noteBreakerState(state, of: self, requirement: requirement)
    guard let permit else {
      __CallAnswer.noteRejection(.circuitBreaker, requirement: requirement)
      throw CircuitBreakerOpenError(requirement: "\(requirement)", retryAfter: retryAfter)
    }
    return permit
  }

  @usableFromInline
  func record(_ permit: CircuitBreakerState.Permit, _ outcome: CircuitBreakerState.Outcome) {
    report(lock.withLock { machine.record(permit, outcome, now: { clock.now }) })
  }

  private func report(_ change: CircuitBreakerState.Change?) {
    guard let change else { return }
    onStateChange?(change.from, change.to)
    let followers = lock.withLock { Array(self.followers.values) }
    for follow in followers { follow(change.to) }
  }

  /// Tells `follow` where the breaker is now, and again at each change, once for each `key`:
  /// a metrics decorator's gauge of the breaker's state, which reads the same for every
  /// requirement the breaker serves and moves when the breaker does.
  public func followState(key: String, _ follow: @escaping @Sendable (State) -> Void) {
    let isNew = lock.withLock { () -> Bool in
      guard followers[key] == nil else { return false }
      followers[key] = follow
      return true
    }
    if isNew { follow(state) }
  }
}

/// Thrown, at once, by a call a circuit breaker did not let through.
public struct CircuitBreakerOpenError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The requirement whose call was refused: `PostRepo.getPost(id:)`.
  public let requirement: String
  /// How long until the breaker lets probe calls through; zero while it is half-open with all
  /// its probes under way.
  public let retryAfter: Duration

  /// A call of `requirement` refused, the breaker letting probes through in `retryAfter`.
  public init(requirement: String, retryAfter: Duration) {
    self.requirement = requirement
    self.retryAfter = retryAfter
  }

  /// `PostRepo.getPost(id:) was not called: its circuit breaker is open (retry after 12 s)`.
  public var description: String {
    "\(requirement) was not called: its circuit breaker is open (retry after \(retryAfter))"
  }
}
