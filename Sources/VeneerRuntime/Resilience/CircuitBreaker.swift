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

  /// When a breaker opens, and for how long.
  public struct Policy: Sendable {
    /// The share of failed calls, from 0 to 1, at which it opens.
    public var failureRateThreshold: Double
    /// The calls whose outcomes count.
    public var window: Window
    /// How many calls the window must hold before the rate is judged.
    public var minimumCalls: Int
    /// How long it stays open before it lets probe calls through.
    public var openInterval: Duration
    /// How many probe calls it lets through half-open.
    public var halfOpenCalls: Int
    /// Which errors count as failures: by default, every one.
    public var isFailure: @Sendable (any Error) -> Bool

    /// The calls whose outcomes count.
    public enum Window: Sendable, Equatable {
      /// The last `n` calls.
      case count(Int)
      /// The calls that ended in the last `duration`.
      case time(Duration)
    }

    /// A policy; every argument has the default resilience4j's breakers have, but a window of 20
    /// calls and a minimum of 10.
    public init(
      failureRateThreshold: Double = 0.5, window: Window = .count(20), minimumCalls: Int = 10,
      openInterval: Duration = .seconds(30), halfOpenCalls: Int = 3,
      isFailure: @escaping @Sendable (any Error) -> Bool = { _ in true }
    ) {
      self.failureRateThreshold = min(max(failureRateThreshold, 0), 1)
      if case .count(let count) = window {
        self.window = .count(max(count, 1))
      } else {
        self.window = window
      }
      self.minimumCalls = max(minimumCalls, 1)
      self.openInterval = max(openInterval, .zero)
      self.halfOpenCalls = max(halfOpenCalls, 1)
      self.isFailure = isFailure
    }
  }

  /// When it opens, and for how long.
  public let policy: Policy
  private let clock: PolicyClock
  private let onStateChange: (@Sendable (_ from: State, _ to: State) -> Void)?
  private let lock = NSLock()
  // Every property below is guarded by `lock`.
  // The run-time exclusivity checks would only add their cost to every call: `lock` already
  // excludes overlapping accesses.
  @exclusivity(unchecked) private var current = State.closed
  /// Closed: the outcomes in the window.
  @exclusivity(unchecked) private var outcomes = OutcomeWindow()
  @exclusivity(unchecked) private var openedAt = Duration.zero
  /// Half-open: probes let through, and the outcomes of those that ended.
  @exclusivity(unchecked) private var probesStarted = 0
  @exclusivity(unchecked) private var probeOutcomes: [Bool] = []

  /// A breaker as `policy` says, reading `clock`; `onStateChange` is told of each transition.
  public init<C: Clock>(
    policy: Policy = Policy(), clock: C = ContinuousClock(),
    onStateChange: (@Sendable (_ from: State, _ to: State) -> Void)? = nil
  ) where C.Duration == Duration {
    self.policy = policy
    self.clock = PolicyClock(clock)
    self.onStateChange = onStateChange

    policyMade()
  }

  /// Where the breaker is now: an open breaker whose interval has passed is half-open.
  public var state: State {
    let (state, change) = lock.withLock { () -> (State, (State, State)?) in
      let change = moveToHalfOpenIfDue()
      return (current, change)
    }
    if let change { onStateChange?(change.0, change.1) }
    return state
  }

  /// Runs `operation` if the breaker lets it through, recording how it ended; otherwise throws
  /// `CircuitBreakerOpenError` without running it.
  @inlinable
  public func run<Value>(
    _ requirement: StaticString, isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Value
  ) async throws -> Value {
    try acquire(requirement)
    do {
      let value = try await operation()
      record(failed: false)
      return value
    } catch {
      record(failed: policy.isFailure(error))
      throw error
    }
  }

  /// The same for a synchronous `operation`.
  @inlinable
  public func run<Value>(_ requirement: StaticString, _ operation: () throws -> Value) throws
    -> Value
  {
    try acquire(requirement)
    do {
      let value = try operation()
      record(failed: false)
      return value
    } catch {
      record(failed: policy.isFailure(error))
      throw error
    }
  }

  @usableFromInline
  func acquire(_ requirement: StaticString) throws {
    let (state, rejection, change) = lock.withLock {
      () -> (State, Duration?, (State, State)?) in
      let change = moveToHalfOpenIfDue()
      switch current {
      case .closed: return (current, nil, change)
      case .open: return (current, openedAt + policy.openInterval - clock.now, change)
      case .halfOpen:
        guard probesStarted < policy.halfOpenCalls else { return (current, .zero, change) }
        probesStarted += 1
        return (current, nil, change)
      }
    }
    if let change { onStateChange?(change.0, change.1) }
    __CallAnswer.noteBreakerState(state, requirement: requirement)
    if let retryAfter = rejection {
      __CallAnswer.noteRejection(.circuitBreaker, requirement: requirement)
      throw CircuitBreakerOpenError(
        requirement: "\(requirement)", retryAfter: max(retryAfter, .zero))
    }
  }

  @usableFromInline
  func record(failed: Bool) {
    let change = lock.withLock { () -> (State, State)? in
      switch current {
      case .closed:
        switch policy.window {
        case .count(let count):
          // A window of calls needs no time: a call ending closed reads no clock.
          outcomes.append(failed: failed, at: .zero)
          while outcomes.count > count { outcomes.removeOldest() }
        case .time(let duration):
          let now = clock.now
          outcomes.append(failed: failed, at: now)
          while let end = outcomes.oldestEnd, end < now - duration { outcomes.removeOldest() }
        }
        guard outcomes.count >= policy.minimumCalls,
          Double(outcomes.failures) / Double(outcomes.count) >= policy.failureRateThreshold
        else { return nil }
        return transition(to: .open)
      case .halfOpen:
        probeOutcomes.append(failed)
        guard probeOutcomes.count >= policy.halfOpenCalls else { return nil }
        let rate = Double(probeOutcomes.count { $0 }) / Double(probeOutcomes.count)
        return transition(to: rate >= policy.failureRateThreshold ? .open : .closed)
      case .open:
        // A call let through before the breaker opened, ending now, changes nothing.
        return nil
      }
    }
    if let change { onStateChange?(change.0, change.1) }
  }

  /// Moves an open breaker whose interval has passed to half-open; called with `lock` held.
  private func moveToHalfOpenIfDue() -> (State, State)? {
    guard current == .open, clock.now >= openedAt + policy.openInterval else { return nil }
    return transition(to: .halfOpen)
  }

  /// Moves to `state`, starting it afresh; called with `lock` held.
  private func transition(to state: State) -> (State, State) {
    let from = current
    current = state
    outcomes.removeAll()
    probesStarted = 0
    probeOutcomes.removeAll()
    if state == .open { openedAt = clock.now }
    return (from, state)
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
