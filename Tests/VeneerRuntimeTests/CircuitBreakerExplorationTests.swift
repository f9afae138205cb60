import Testing

@testable import VeneerRuntime

/// A circuit breaker's state machine, and callers whose calls arrive, succeed, fail or are
/// cancelled while its clock moves, in every order. The plain model beside it: the state, the
/// window as a list of outcomes with their ends, and the probes, as resilience4j describes them.
struct CircuitBreakerSystem: ExplorableSystem, Sendable {
  typealias State = CircuitBreaker.State

  enum Event: CustomStringConvertible {
    case call(Int)
    case end(Int, CircuitBreakerState.Outcome)
    case tick

    var description: String {
      switch self {
      case .call(let i): "call(\(i))"
      case .end(let i, let outcome): "end(\(i), \(outcome))"
      case .tick: "tick"
      }
    }
  }

  struct Permit: Hashable {
    var machine: CircuitBreakerState.Permit
    /// The model's epoch when it was let through, and whether it probes.
    var epoch: Int
    var isProbe: Bool
  }

  var machine: CircuitBreakerState
  /// Each caller's call under way, if any.
  var calls: [Permit?]
  var callsLeft: Int
  // The plain model.
  var state = State.closed
  var epoch = 0
  var window: [(failed: Bool, at: Double)] = []
  var openedAt = 0.0
  var probesUnderWay = 0
  var probeOutcomes: [Bool] = []
  var now = 0.0
  let policy: CircuitBreaker.Policy
  let tickLength: Double
  let endOfTime: Double

  init(policy: CircuitBreaker.Policy, callers: Int, calls: Int, tick: Double, endOfTime: Double) {
    machine = CircuitBreakerState(policy)
    self.calls = Array(repeating: nil, count: callers)
    callsLeft = calls
    self.policy = policy
    tickLength = tick
    self.endOfTime = endOfTime
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.machine == rhs.machine && lhs.calls == rhs.calls && lhs.callsLeft == rhs.callsLeft
      && lhs.state == rhs.state && lhs.epoch == rhs.epoch
      && lhs.window.map(\.failed) == rhs.window.map(\.failed)
      && lhs.window.map(\.at) == rhs.window.map(\.at) && lhs.openedAt == rhs.openedAt
      && lhs.probesUnderWay == rhs.probesUnderWay && lhs.probeOutcomes == rhs.probeOutcomes
      && lhs.now == rhs.now
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(machine)
    hasher.combine(calls)
    hasher.combine(callsLeft)
    hasher.combine(now)
    hasher.combine(window.count)
  }

  var enabledEvents: [Event] {
    var events: [Event] = calls.indices.flatMap { i -> [Event] in
      guard calls[i] != nil else { return callsLeft > 0 ? [.call(i)] : [] }
      return [.end(i, .success), .end(i, .failure), .end(i, .ignored)]
    }
    if now < endOfTime { events.append(.tick) }
    return events
  }

  private var minimumCalls: Int {
    if case .count(let size) = policy.window { return min(policy.minimumCalls, size) }
    return policy.minimumCalls
  }

  mutating func apply(_ event: Event) throws(InvariantViolation) {
    let time = now
    switch event {
    case .tick:
      now += tickLength
    case .call(let i):
      callsLeft -= 1
      refreshModel()
      let (permit, _, _) = machine.acquire(now: { .seconds(time) })
      switch state {
      case .closed:
        try require(
          permit != nil && permit?.isProbe == false, "closed, a call was \(permit as Any)")
        calls[i] = Permit(machine: permit!, epoch: epoch, isProbe: false)
      case .open:
        try require(permit == nil, "open, a call was let through")
      case .halfOpen:
        if probesUnderWay + probeOutcomes.count < policy.halfOpenCalls {
          try require(permit?.isProbe == true, "half-open with a probe free, the call was refused")
          probesUnderWay += 1
          calls[i] = Permit(machine: permit!, epoch: epoch, isProbe: true)
        } else {
          try require(permit == nil, "half-open with every probe taken, a call was let through")
        }
      }
    case .end(let i, let outcome):
      let call = calls[i]!
      calls[i] = nil
      _ = machine.record(call.machine, outcome, now: { .seconds(time) })
      recordInModel(call, outcome)
    }
    try checkInvariants()
  }

  private mutating func refreshModel() {
    if state == .open, now >= openedAt + seconds(policy.openInterval) { move(to: .halfOpen) }
  }

  private mutating func recordInModel(_ call: Permit, _ outcome: CircuitBreakerState.Outcome) {
    guard call.epoch == epoch else { return }
    switch state {
    case .closed:
      guard outcome != .ignored else { return }
      if case .time(let duration) = policy.window {
        // Buckets of a tenth of a second for windows of a second: an outcome leaves with its
        // bucket.
        let width = seconds(duration) / 10
        let newest = (now / width).rounded(.down)
        window.removeAll { ($0.at / width).rounded(.down) <= newest - 10 }
      }
      window.append((outcome == .failure, now))
      if case .count(let size) = policy.window, window.count > size { window.removeFirst() }
      let failures = window.count { $0.failed }
      if window.count >= minimumCalls,
        Double(failures) / Double(window.count) >= policy.failureRateThreshold
      {
        move(to: .open)
      }
    case .halfOpen:
      probesUnderWay -= 1
      guard outcome != .ignored else { return }
      probeOutcomes.append(outcome == .failure)
      if probeOutcomes.count >= policy.halfOpenCalls {
        let rate = Double(probeOutcomes.count { $0 }) / Double(probeOutcomes.count)
        move(to: rate >= policy.failureRateThreshold ? .open : .closed)
      }
    case .open: break
    }
  }

  private mutating func move(to next: State) {
    state = next
    epoch += 1
    window = []
    probesUnderWay = 0
    probeOutcomes = []
    if next == .open { openedAt = now }
  }

  private func checkInvariants() throws(InvariantViolation) {
    try require(
      machine.current == state, "the breaker is \(machine.current); the model says \(state)")
    if state == .closed {
      try require(
        machine.window.count == window.count
          && machine.window.failures == window.count { $0.failed },
        "the window holds \(machine.window.failures) of \(machine.window.count) failed; "
          + "the model \(window.count { $0.failed }) of \(window.count)")
    }
    if state == .halfOpen {
      try require(
        machine.probesUnderWay == probesUnderWay && machine.probeCalls == probeOutcomes.count,
        "\(machine.probesUnderWay) probes under way and \(machine.probeCalls) ended; the model "
          + "\(probesUnderWay) and \(probeOutcomes.count)")
    }
  }

  func checkFinal() throws(InvariantViolation) {
    try require(calls.allSatisfy { $0 == nil }, "a call never ended")
  }

  private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

@Suite struct CircuitBreakerExplorationTests {
  static let policies: [CircuitBreaker.Policy] = [
    CircuitBreaker.Policy(
      window: .count(2), minimumCalls: 2, openInterval: .seconds(1), halfOpenCalls: 1),
    CircuitBreaker.Policy(
      window: .count(3), minimumCalls: 10, openInterval: .seconds(1), halfOpenCalls: 2),
    CircuitBreaker.Policy(
      failureRateThreshold: 1, window: .count(2), minimumCalls: 1, openInterval: .zero,
      halfOpenCalls: 2),
    CircuitBreaker.Policy(
      window: .time(.seconds(1)), minimumCalls: 2, openInterval: .seconds(1), halfOpenCalls: 1),
  ]

  /// Every interleaving of three callers making six calls between them, each succeeding,
  /// failing or cancelled, while the clock moves half a second at a time over two seconds.
  @Test(arguments: policies.indices)
  func everyInterleavingKeepsTheStateItsWindowSays(policy: Int) async throws {
    let report = try await Explorer.explore(
      CircuitBreakerSystem(
        policy: Self.policies[policy], callers: 3, calls: 6, tick: 0.5, endOfTime: 2))
    #expect(report.finalStates > 0)
    #expect(report.states > 100)
  }
}
