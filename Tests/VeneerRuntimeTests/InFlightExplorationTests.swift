import Testing

@testable import VeneerRuntime

/// A caching decorator's table of calls under way, and callers of one key that join, suspend
/// and are cancelled while computations end, in every order. The plain model beside it: the
/// computation under way, the callers waiting for it, and which computations were cancelled.
struct InFlightSystem: ExplorableSystem, Sendable {
  enum Phase: Hashable {
    case notArrived
    /// Waiting for computation `number`; `suspended` once its task has handed in its waiter.
    case waiting(number: UInt64, suspended: Bool)
    /// Its wait ended (answered or cancelled) before it suspended.
    case endedBeforeSuspending(InFlightOutcome<UInt64>)
    case done
  }

  enum Event: CustomStringConvertible {
    case join(Int)
    case suspend(Int)
    case cancel(Int)
    case finish(UInt64)

    var description: String {
      switch self {
      case .join(let i): "join(\(i))"
      case .suspend(let i): "suspend(\(i))"
      case .cancel(let i): "cancel(\(i))"
      case .finish(let number): "finish(#\(number))"
      }
    }
  }

  var machine = InFlightState<Int, UInt64, UInt64, Int>()
  var phases: [Phase]
  var cancelled: [Bool]
  var resumed: [Int]
  /// The model: the computation under way and its waiters, oldest first.
  var flight: (number: UInt64, waiters: [Int])?
  var lastNumber: UInt64 = 0
  /// Computations started and not yet ended, and those cancelled.
  var running: Set<UInt64> = []
  var cancelledWork: Set<UInt64> = []

  init(callers: Int) {
    phases = Array(repeating: .notArrived, count: callers)
    cancelled = Array(repeating: false, count: callers)
    resumed = Array(repeating: 0, count: callers)
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.machine == rhs.machine && lhs.phases == rhs.phases && lhs.cancelled == rhs.cancelled
      && lhs.resumed == rhs.resumed && lhs.flight?.number == rhs.flight?.number
      && lhs.flight?.waiters == rhs.flight?.waiters && lhs.running == rhs.running
      && lhs.cancelledWork == rhs.cancelledWork
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(machine)
    hasher.combine(phases)
    hasher.combine(running)
  }

  var enabledEvents: [Event] {
    var events: [Event] = phases.indices.flatMap { i -> [Event] in
      var events: [Event] = []
      switch phases[i] {
      case .notArrived: events.append(.join(i))
      case .waiting(_, false), .endedBeforeSuspending: events.append(.suspend(i))
      case .waiting(_, true), .done: break
      }
      if !cancelled[i], phases[i] != .done { events.append(.cancel(i)) }
      return events
    }
    events += running.sorted().map(Event.finish)
    return events
  }

  mutating func apply(_ event: Event) throws(InvariantViolation) {
    switch event {
    case .join(let i):
      var startedNumber: UInt64?
      let entry = machine.join(0, UInt64(i), isCancelled: cancelled[i]) { number in
        startedNumber = number
        return number
      }
      if cancelled[i] {
        guard case .cancelled = entry else {
          throw InvariantViolation("caller \(i), cancelled, joined")
        }
        phases[i] = .done
        break
      }
      guard case .joined(let number, let started) = entry else {
        throw InvariantViolation("caller \(i) did not join")
      }
      if let current = flight {
        try require(
          !started && number == current.number && startedNumber == nil,
          "caller \(i) started #\(number) while #\(current.number) was under way")
        flight!.waiters.append(i)
      } else {
        lastNumber += 1
        try require(
          started && number == lastNumber && startedNumber == number,
          "caller \(i), first, did not start a computation")
        flight = (number, [i])
        running.insert(number)
      }
      phases[i] = .waiting(number: number, suspended: false)
    case .suspend(let i):
      let outcome = machine.suspend(UInt64(i), of: 0, i)
      switch phases[i] {
      case .waiting(let number, false):
        try require(outcome == nil, "caller \(i), waiting, was resumed on suspending")
        phases[i] = .waiting(number: number, suspended: true)
      case .endedBeforeSuspending(let ended):
        try require(outcome == ended, "caller \(i) suspended to \(outcome as Any), not \(ended)")
        try resume(i)
      default: throw InvariantViolation("caller \(i) suspended from \(phases[i])")
      }
    case .cancel(let i):
      cancelled[i] = true
      let (waiter, work) = machine.leave(UInt64(i), of: 0)
      guard case .waiting(let number, let suspended) = phases[i] else {
        try require(waiter == nil && work == nil, "caller \(i), not waiting, left something")
        break
      }
      flight!.waiters.removeAll { $0 == i }
      if suspended {
        try require(waiter == i, "caller \(i) was cancelled and not resumed at once")
        try resume(i)
      } else {
        try require(waiter == nil, "caller \(i) was resumed before it suspended")
        phases[i] = .endedBeforeSuspending(.cancelled)
      }
      if flight!.waiters.isEmpty {
        try require(work == number, "the last caller of #\(number) left; it was not cancelled")
        cancelledWork.insert(number)
        flight = nil
      } else {
        try require(work == nil, "#\(number) was cancelled with callers waiting")
      }
    case .finish(let number):
      running.remove(number)
      let resumedNow = machine.finish(0, number: number, number)
      guard let current = flight, current.number == number else {
        try require(resumedNow.isEmpty, "#\(number), which nobody waits for, resumed \(resumedNow)")
        break
      }
      flight = nil
      var expected: [Int] = []
      for i in current.waiters {
        if phases[i] == .waiting(number: number, suspended: true) {
          expected.append(i)
        } else {
          phases[i] = .endedBeforeSuspending(.answered(number))
        }
      }
      try require(resumedNow == expected, "#\(number) resumed \(resumedNow), not \(expected)")
      for i in resumedNow { try resume(i) }
    }
    try require(
      machine.waiting == (flight?.waiters.count ?? 0),
      "\(machine.waiting) wait; the model has \(flight?.waiters.count ?? 0)")
  }

  private mutating func resume(_ i: Int) throws(InvariantViolation) {
    resumed[i] += 1
    try require(resumed[i] == 1, "caller \(i) was resumed \(resumed[i]) times")
    phases[i] = .done
  }

  func checkFinal() throws(InvariantViolation) {
    try require(phases.allSatisfy { $0 == .done }, "callers stuck: \(phases)")
    try require(machine.keysInFlight == 0, "a computation is left in the table")
  }
}

@Suite struct InFlightExplorationTests {
  /// Every interleaving of two or three callers joining, suspending and cancelled, with each
  /// computation ending at any point, before or after its callers left.
  @Test(arguments: [2, 3])
  func everyInterleavingAnswersEachCallerOnceOrLetsItGo(callers: Int) async throws {
    let report = try await Explorer.explore(InFlightSystem(callers: callers))
    #expect(report.finalStates > 0)
    #expect(report.states > 20)
  }
}
