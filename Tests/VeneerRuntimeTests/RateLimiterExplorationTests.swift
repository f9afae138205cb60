import Testing

@testable import VeneerRuntime

/// A rate limiter's state machine, and callers that arrive, suspend and are cancelled while its
/// clock moves in half seconds and its timer fires, in every order. The plain
/// model beside it: a bucket whose level refills continuously, and a FIFO of waiters.
struct RateLimiterSystem: ExplorableSystem, Sendable {
  enum Phase: Hashable {
    case notArrived
    case queued(suspended: Bool)
    case grantedBeforeSuspending
    case cancelledBeforeSuspending
    case done
  }

  enum Event: CustomStringConvertible {
    case arrive(Int)
    case suspend(Int)
    case cancel(Int)
    case tick, timerFires

    var description: String {
      switch self {
      case .arrive(let i): "arrive(\(i))"
      case .suspend(let i): "suspend(\(i))"
      case .cancel(let i): "cancel(\(i))"
      case .tick: "tick"
      case .timerFires: "timerFires"
      }
    }
  }

  var machine: RateLimiterState<Int>
  var phases: [Phase]
  var cancelled: [Bool]
  var resumed: [Int]
  /// When each queued caller arrived, for the wait it was promised.
  var arrivals: [Double]
  var model: [Int] = []
  /// The plain bucket: its level, as of `now`.
  var level: Double
  var now = 0.0
  var armedAt: Double?
  let burst: Int
  let maxWait: Double
  let endOfTime: Double

  init(burst: Int, maxWait: Double, callers: Int, endOfTime: Double) {
    machine = RateLimiterState(interval: .seconds(1), burst: burst, maxWait: .seconds(maxWait))
    phases = Array(repeating: .notArrived, count: callers)
    cancelled = Array(repeating: false, count: callers)
    resumed = Array(repeating: 0, count: callers)
    arrivals = Array(repeating: 0, count: callers)
    level = Double(burst)
    self.burst = burst
    self.maxWait = maxWait
    self.endOfTime = endOfTime
  }

  var enabledEvents: [Event] {
    var events: [Event] = phases.indices.flatMap { i -> [Event] in
      var events: [Event] = []
      switch phases[i] {
      case .notArrived: events.append(.arrive(i))
      case .queued(false), .grantedBeforeSuspending, .cancelledBeforeSuspending:
        events.append(.suspend(i))
      case .queued(true), .done: break
      }
      if !cancelled[i], phases[i] != .done { events.append(.cancel(i)) }
      return events
    }
    // A timer due fires before the clock moves on: callers may come and go first, at the same
    // time, and a sleep ends no earlier than asked.
    if let armedAt, armedAt <= now {
      events.append(.timerFires)
    } else if now < endOfTime {
      events.append(.tick)
    }
    return events
  }

  mutating func apply(_ event: Event) throws(InvariantViolation) {
    switch event {
    case .tick:
      now += 0.5
      level = min(Double(burst), level + 0.5)
    case .arrive(let i):
      let entry = machine.enter(UInt64(i), now: .seconds(now), isCancelled: cancelled[i])
      if cancelled[i] {
        try require(entry == .cancelled, "caller \(i), cancelled, entered as \(entry)")
        phases[i] = .done
        break
      }
      if model.isEmpty, level >= 1 {
        try require(entry == .proceed, "caller \(i) found a token in the bucket, yet \(entry)")
        level -= 1
        phases[i] = .done
        break
      }
      let comes = now + max(0, Double(model.count + 1) - level)
      switch entry {
      case .refused:
        try require(comes - now > maxWait, "caller \(i) was refused a token due at \(comes)")
        phases[i] = .done
      case .queued(let wakeAt):
        try require(comes - now <= maxWait, "caller \(i) queued for a token due at \(comes)")
        try require(
          (wakeAt != nil) == model.isEmpty, "caller \(i), queued, set the timer: \(wakeAt as Any)")
        if let wakeAt { armedAt = seconds(wakeAt) }
        model.append(i)
        arrivals[i] = now
        phases[i] = .queued(suspended: false)
      default: throw InvariantViolation("caller \(i) with no token entered as \(entry)")
      }
    case .suspend(let i):
      let outcome = machine.suspend(UInt64(i), i)
      switch phases[i] {
      case .queued:
        try require(outcome == nil, "caller \(i), waiting, was resumed on suspending")
        phases[i] = .queued(suspended: true)
      case .grantedBeforeSuspending:
        try require(outcome == .granted, "caller \(i), granted, suspended to \(outcome as Any)")
        try resume(i)
      case .cancelledBeforeSuspending:
        try require(outcome == .cancelled, "caller \(i), cancelled, suspended to \(outcome as Any)")
        try resume(i)
      default: throw InvariantViolation("caller \(i) suspended from \(phases[i])")
      }
    case .cancel(let i):
      cancelled[i] = true
      let waiter = machine.leave(UInt64(i))
      guard case .queued(let suspended) = phases[i] else {
        try require(waiter == nil, "caller \(i), not waiting, was resumed by leaving")
        break
      }
      model.removeAll { $0 == i }
      if suspended {
        try require(waiter == i, "caller \(i) was cancelled and not resumed at once")
        try resume(i)
      } else {
        try require(waiter == nil, "caller \(i) was resumed before it suspended")
        phases[i] = .cancelledBeforeSuspending
      }
    case .timerFires:
      let (granted, wakeAt) = machine.timerFired(now: .seconds(now))
      var expected: [Int] = []
      while let head = model.first, level >= 1 {
        model.removeFirst()
        level -= 1
        if phases[head] == .queued(suspended: true) {
          expected.append(head)
        } else {
          phases[head] = .grantedBeforeSuspending
        }
      }
      try require(granted == expected, "the timer granted \(granted); the bucket says \(expected)")
      for i in granted { try resume(i) }
      armedAt = wakeAt.map(seconds)
    }
    try checkInvariants()
  }

  private mutating func resume(_ i: Int) throws(InvariantViolation) {
    resumed[i] += 1
    try require(resumed[i] == 1, "caller \(i) was resumed \(resumed[i]) times")
    phases[i] = .done
  }

  private func checkInvariants() throws(InvariantViolation) {
    try require(
      machine.waiting == model.count, "\(machine.waiting) wait; the model has \(model.count)")
    guard !model.isEmpty else { return }
    // Someone waits: the timer is set no later than the next token, and every waiter's token
    // comes within the wait it was promised.
    let nextToken = now + max(0, 1 - level)
    try require(
      armedAt.map { $0 <= nextToken + 1e-9 } ?? false,
      "\(model.count) wait with the timer at \(armedAt as Any), the next token at \(nextToken)")
    for (position, i) in model.enumerated() {
      let comes = now + max(0, Double(position + 1) - level)
      try require(
        comes <= arrivals[i] + maxWait + 1e-9,
        "caller \(i), arrived at \(arrivals[i]), gets its token at \(comes)")
    }
  }

  func checkFinal() throws(InvariantViolation) {
    try require(phases.allSatisfy { $0 == .done }, "callers stuck: \(phases)")
  }

  private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

@Suite struct RateLimiterExplorationTests {
  /// Every interleaving of three callers' arrivals, suspensions and cancellations with the clock
  /// moving half a second at a time over three seconds, the timer firing when due.
  @Test(arguments: [(1, 0.0), (1, 1.0), (1, 2.5), (2, 0.0), (2, 1.5), (2, 3.0)])
  func everyInterleavingServesTheBucketInTurn(burst: Int, maxWait: Double) async throws {
    let report = try await Explorer.explore(
      RateLimiterSystem(burst: burst, maxWait: maxWait, callers: 3, endOfTime: 3))
    #expect(report.finalStates > 0)
    #expect(report.states > 100)
  }
}
