import Testing

@testable import VeneerRuntime

/// A bulkhead's state machine and callers that arrive, suspend, finish, are cancelled and time
/// out in every order. The plain model beside it: a count of places held and a FIFO of waiters.
struct BulkheadSystem: ExplorableSystem, Sendable {
  enum Phase: Hashable {
    case notArrived
    /// Queued; `suspended` once its task has handed in what resumes it.
    case queued(suspended: Bool)
    /// Handed a place before it suspended: it holds it, and resumes when it suspends.
    case handedPlace
    /// Left the queue (cancelled, timed out) before it suspended.
    case leftBeforeSuspending(WaitOutcome)
    case running
    case done
  }

  enum Event: CustomStringConvertible {
    case arrive(Int)
    case suspend(Int)
    case finish(Int)
    case cancel(Int)
    case timeout(Int)

    var description: String {
      switch self {
      case .arrive(let i): "arrive(\(i))"
      case .suspend(let i): "suspend(\(i))"
      case .finish(let i): "finish(\(i))"
      case .cancel(let i): "cancel(\(i))"
      case .timeout(let i): "timeout(\(i))"
      }
    }
  }

  var machine: BulkheadState<Int>
  var phases: [Phase]
  var cancelled: [Bool]
  var timerFired: [Bool]
  var resumed: [Int]
  var model: [Int] = []
  let waitsWithLimit: Bool

  init(places: Int, queue: Int, callers: Int, waitsWithLimit: Bool) {
    machine = BulkheadState(maxConcurrentCalls: places, maxWaitingCalls: queue)
    phases = Array(repeating: .notArrived, count: callers)
    cancelled = Array(repeating: false, count: callers)
    timerFired = cancelled
    resumed = Array(repeating: 0, count: callers)
    self.waitsWithLimit = waitsWithLimit
  }

  var holding: Int { phases.count { $0 == .running || $0 == .handedPlace } }

  var enabledEvents: [Event] {
    phases.indices.flatMap { i -> [Event] in
      var events: [Event] = []
      switch phases[i] {
      case .notArrived: events.append(.arrive(i))
      case .queued(false), .handedPlace, .leftBeforeSuspending: events.append(.suspend(i))
      case .running: events.append(.finish(i))
      case .queued(true), .done: break
      }
      if !cancelled[i], phases[i] != .done { events.append(.cancel(i)) }
      if waitsWithLimit, !timerFired[i], case .queued = phases[i] { events.append(.timeout(i)) }
      return events
    }
  }

  mutating func apply(_ event: Event) throws(InvariantViolation) {
    switch event {
    case .arrive(let i):
      let expected: BulkheadState<Int>.Entry =
        cancelled[i]
        ? .cancelled
        : holding < machine.maxConcurrentCalls && model.isEmpty
          ? .run : model.count < machine.maxWaitingCalls ? .queued : .refused
      let entry = machine.enter(UInt64(i), isCancelled: cancelled[i])
      try require(entry == expected, "caller \(i) entered as \(entry), the model says \(expected)")
      switch entry {
      case .run: phases[i] = .running
      case .queued:
        phases[i] = .queued(suspended: false)
        model.append(i)
      case .refused, .cancelled: phases[i] = .done
      }
    case .suspend(let i):
      let outcome = machine.suspend(UInt64(i), i)
      switch phases[i] {
      case .queued:
        try require(outcome == nil, "caller \(i), waiting, was resumed on suspending: \(outcome!)")
        phases[i] = .queued(suspended: true)
      case .handedPlace:
        try require(
          outcome == .granted, "caller \(i), handed a place, suspended to \(outcome as Any)")
        try resume(i, .granted)
      case .leftBeforeSuspending(let left):
        try require(outcome == left, "caller \(i), which left, suspended to \(outcome as Any)")
        try resume(i, left)
      default: throw InvariantViolation("caller \(i) suspended from \(phases[i])")
      }
    case .finish(let i):
      phases[i] = .done
      let next = machine.release()
      if model.isEmpty {
        try require(next == nil, "a release with nobody waiting resumed \(next!)")
      } else {
        let head = model.removeFirst()
        if phases[head] == .queued(suspended: true) {
          try require(
            next == head, "a release resumed \(next as Any), not the first waiter \(head)")
          try resume(head, .granted)
        } else {
          try require(next == nil, "a release resumed \(next!) before it suspended")
          phases[head] = .handedPlace
        }
      }
    case .cancel(let i), .timeout(let i):
      let outcome: WaitOutcome
      if case .cancel = event {
        cancelled[i] = true
        outcome = .cancelled
      } else {
        timerFired[i] = true
        outcome = .timedOut
      }
      let waiter = machine.leave(UInt64(i), outcome)
      guard case .queued(let suspended) = phases[i] else {
        try require(waiter == nil, "caller \(i), not waiting, was resumed by leaving")
        return
      }
      model.removeAll { $0 == i }
      if suspended {
        // A cancelled waiter is resumed at once, holding nothing.
        try require(waiter == i, "caller \(i) left, suspended, and was not resumed at once")
        try resume(i, outcome)
      } else {
        try require(waiter == nil, "caller \(i) was resumed before it suspended")
        phases[i] = .leftBeforeSuspending(outcome)
      }
    }
    try checkInvariants()
  }

  private mutating func resume(_ i: Int, _ outcome: WaitOutcome) throws(InvariantViolation) {
    resumed[i] += 1
    try require(resumed[i] == 1, "caller \(i) was resumed \(resumed[i]) times")
    phases[i] = outcome == .granted ? .running : .done
  }

  private func checkInvariants() throws(InvariantViolation) {
    try require(
      machine.running == holding,
      "the bulkhead counts \(machine.running) places held; the callers hold \(holding)")
    try require(machine.running <= machine.maxConcurrentCalls, "more calls than places")
    try require(
      machine.waiting == model.count && machine.waiting <= machine.maxWaitingCalls,
      "\(machine.waiting) wait; the model has \(model.count), the queue holds \(machine.maxWaitingCalls)"
    )
    // The jam: a place free while someone waits for one.
    try require(
      machine.waiting == 0 || machine.running == machine.maxConcurrentCalls,
      "\(machine.waiting) wait while only \(machine.running) of \(machine.maxConcurrentCalls) places are held"
    )
  }

  func checkFinal() throws(InvariantViolation) {
    try require(phases.allSatisfy { $0 == .done }, "callers stuck: \(phases)")
    try require(machine.running == 0 && machine.waiting == 0, "a place or a waiter left over")
  }
}

@Suite struct BulkheadExplorationTests {
  /// Every interleaving of up to four callers' arrivals, suspensions, ends, cancellations and
  /// time-outs, over bulkheads of one and two places and queues of none to three.
  @Test(arguments: [
    (1, 0, 3), (1, 1, 3), (1, 2, 4), (1, 3, 4), (2, 0, 3), (2, 1, 4), (2, 2, 4),
  ])
  func everyInterleavingKeepsItsPlacesAndQueue(places: Int, queue: Int, callers: Int) async throws {
    for waitsWithLimit in [false, true] {
      let report = try await Explorer.explore(
        BulkheadSystem(
          places: places, queue: queue, callers: callers, waitsWithLimit: waitsWithLimit))
      #expect(report.finalStates > 0)
      #expect(report.states > 100)
    }
  }
}
