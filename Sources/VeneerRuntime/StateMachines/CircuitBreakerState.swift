/// A circuit breaker's state as a value: closed with its window of outcomes, open since a time,
/// or half-open with its probes. Each transition is handed the time (read only when it needs it:
/// a call through a closed breaker over a window of calls reads no clock) and returns the change
/// of state it made, which the `CircuitBreaker` reports outside its lock.
///
/// Every call it lets through carries a `Permit` naming the state it was let through in: the
/// outcome of a call that began before the breaker last changed counts for nothing, and a probe
/// whose outcome is ignored (its caller cancelled it) gives its place back.
@usableFromInline
struct CircuitBreakerState: Hashable, Sendable {
  typealias State = CircuitBreaker.State
  typealias Change = (from: State, to: State)

  let failureRateThreshold: Double
  let minimumCalls: Int
  let openInterval: Duration
  let halfOpenCalls: Int
  private(set) var current = State.closed
  /// Closed: the outcomes in the window.
  private(set) var window: OutcomeWindow
  private var openedAt = Duration.zero
  /// How many times the breaker has changed state: a permit's outcome counts only in the state
  /// that let it through.
  private var generation: UInt64 = 0
  /// Half-open: probes let through and not yet ended, and the outcomes of those that ended.
  private(set) var probesUnderWay = 0
  private(set) var probeCalls = 0
  private(set) var probeFailures = 0

  /// A call let through, and the state it was let through in.
  @usableFromInline
  struct Permit: Hashable, Sendable {
    let generation: UInt64
    let isProbe: Bool
  }

  /// How a call let through ended, as its policy judges its error.
  @usableFromInline
  enum Outcome: Hashable, Sendable {
    case success
    case failure
    /// Counted neither way: the caller cancelled it.
    case ignored
  }

  init(_ policy: CircuitBreaker.Policy) {
    failureRateThreshold = policy.failureRateThreshold
    openInterval = policy.openInterval
    halfOpenCalls = policy.halfOpenCalls
    switch policy.window {
    case .count(let size):
      window = OutcomeWindow(calls: size)
      minimumCalls = min(policy.minimumCalls, size)
    case .time(let duration):
      window = OutcomeWindow(duration: duration)
      minimumCalls = policy.minimumCalls
    }
  }

  /// Where the breaker is at `now`: an open breaker whose interval has passed moves to
  /// half-open.
  mutating func refresh(now: () -> Duration) -> Change? {
    guard current == .open else { return nil }
    let time = now()
    guard time >= openedAt.saturatingAdding(openInterval) else { return nil }
    return transition(to: .halfOpen, now: time)
  }

  /// A call arrives at `now`: a permit, or how long until probes are let through (zero while
  /// every probe is under way).
  mutating func acquire(now: () -> Duration) -> (
    permit: Permit?, retryAfter: Duration, change: Change?
  ) {
    let change = refresh(now: now)
    switch current {
    case .closed:
      return (Permit(generation: generation, isProbe: false), .zero, change)
    case .open:
      return (nil, max(openedAt.saturatingAdding(openInterval) - now(), .zero), change)
    case .halfOpen:
      guard probesUnderWay + probeCalls < halfOpenCalls else { return (nil, .zero, change) }
      probesUnderWay += 1
      return (Permit(generation: generation, isProbe: true), .zero, change)
    }
  }

  /// The call let through with `permit` ended at `now` with `outcome`.
  mutating func record(_ permit: Permit, _ outcome: Outcome, now: () -> Duration) -> Change? {
    guard permit.generation == generation else { return nil }
    switch current {
    case .closed:
      guard outcome != .ignored else { return nil }
      window.append(failed: outcome == .failure, at: window.readsTime ? now() : .zero)
      guard window.count >= minimumCalls, window.count > 0,
        Double(window.failures) / Double(window.count) >= failureRateThreshold
      else { return nil }
      return transition(to: .open, now: now())
    case .halfOpen:
      probesUnderWay -= 1
      guard outcome != .ignored else { return nil }
      probeCalls += 1
      if outcome == .failure { probeFailures += 1 }
      guard probeCalls >= halfOpenCalls else { return nil }
      let rate = Double(probeFailures) / Double(probeCalls)
      return transition(to: rate >= failureRateThreshold ? .open : .closed, now: now())
    case .open:
      return nil
    }
  }

  /// Moves to `state` at `now`, starting it afresh.
  private mutating func transition(to state: State, now: Duration) -> Change {
    let from = current
    current = state
    generation &+= 1
    window.removeAll()
    probesUnderWay = 0
    probeCalls = 0
    probeFailures = 0
    if state == .open { openedAt = now }
    return (from, state)
  }
}
