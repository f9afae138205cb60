import Foundation
import TestSupport
import Testing

@testable import VeneerRuntime

/// The runtime's policies, driven by real tasks: each defect a state machine's exploration
/// rules out, met the way production traffic meets it.
@Suite struct PolicyCancellationTests {
  /// Eight callers on the main actor, one place and a queue of one: one runs, one waits, six
  /// are refused. (A caller that took its queue number before joining the queue let every
  /// caller of the main actor wait.)
  @MainActor @Test func aQueueOfOneHoldsOneWaiterFromTheMainActor() async throws {
    let bulkhead = Bulkhead(policy: Bulkhead.Policy(maxConcurrentCalls: 1, maxWaitingCalls: 1))
    let gate = Gate()
    let calls = (0..<8).map { _ in
      Task { @MainActor () -> String in
        do {
          try await bulkhead.run("Service.call()") { await gate.wait() }
          return "ran"
        } catch is BulkheadFullError {
          return "refused"
        } catch {
          return "\(error)"
        }
      }
    }
    try await eventually { bulkhead.load == (1, 1) && gate.waiting == 1 }
    gate.open()
    var outcomes: [String] = []
    for call in calls { outcomes.append(await call.value) }
    #expect(outcomes.filter { $0 == "ran" }.count == 2)
    #expect(outcomes.filter { $0 == "refused" }.count == 6)
    #expect(bulkhead.load == (0, 0))
  }

  /// Four callers at a time through one place, round after round, some cancelled while they
  /// wait: the bulkhead ends with no place held and nobody waiting. (A release between a
  /// caller's queue number and its joining the queue freed the place instead of handing it
  /// over: some 10^5 rounds jammed a bulkhead of one place for good.)
  @Test func roundsOfConcurrentCallersNeverJamIt() async throws {
    let bulkhead = Bulkhead(policy: Bulkhead.Policy(maxConcurrentCalls: 1, maxWaitingCalls: 3))
    var generator = SystemRandomNumberGenerator()
    for round in 0..<5_000 {
      let tasks = (0..<4).map { _ in
        Task { try await bulkhead.run("Service.call()") { await Task.yield() } }
      }
      if round % 3 == 0 { tasks[Int.random(in: 0..<4, using: &generator)].cancel() }
      for task in tasks { _ = await task.result }
      #expect(bulkhead.load == (0, 0), "round \(round)")
      if bulkhead.load != (0, 0) { return }
    }
  }

  /// A waiter cancelled leaves at once, holding no place.
  @Test func aCancelledWaiterLeavesAtOnceHoldingNothing() async throws {
    let bulkhead = Bulkhead(policy: Bulkhead.Policy(maxConcurrentCalls: 1, maxWaitingCalls: 2))
    let gate = Gate()
    let running = Task { try await bulkhead.run("Service.call()") { await gate.wait() } }
    try await eventually { gate.waiting == 1 }
    let waiter = Task { try await bulkhead.run("Service.call()") {} }
    try await eventually { bulkhead.load == (1, 1) }
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
    #expect(bulkhead.load == (1, 0))
    gate.open()
    try await running.value
    #expect(bulkhead.load == (0, 0))
  }

  /// Twenty waiters cancelled give their tokens back: the next call waits one interval, not
  /// twenty-one.
  @Test func cancelledWaitersTakeNoTokens() async throws {
    let clock = ManualClock()
    let limiter = RateLimiter(
      policy: RateLimiter.Policy(permits: 1, per: .seconds(1), burst: 1, maxWait: .seconds(60)),
      clock: clock)
    try await limiter.run("Service.call()") {}
    let waiters = (0..<20).map { _ in Task { try await limiter.run("Service.call()") {} } }
    try await eventually { limiter.waiting == 20 }
    for waiter in waiters { waiter.cancel() }
    for waiter in waiters {
      await #expect(throws: CancellationError.self) { try await waiter.value }
    }
    #expect(limiter.waiting == 0)
    let ran = BaseProbe()
    let next = Task { try await limiter.run("Service.call()") { try await ran.run {} } }
    try await eventually { limiter.waiting == 1 }
    clock.advance(by: .seconds(1))
    try await eventually { ran.started == 1 }
    try await next.value
  }

  /// A cached call whose caller is cancelled ends at once, and its computation, which nobody
  /// else waits for, is cancelled too. (It ran in a task its callers' cancellation never
  /// reached: a timeout around it waited for the base.)
  @Test func aCancelledCachedCallEndsAtOnceAndCancelsItsComputation() async throws {
    let cache = __CallCache(InMemoryCache())
    let key = try #require(cache.key(requirement: "Service.slow()", arguments: 1))
    let base = BaseProbe()
    let caller = BaseProbe()
    let call = Task {
      try await caller.run {
        _ = try await cache.value(for: key, timeToLive: nil) { () async throws -> Int in
          try await base.run { try await Task.sleep(for: .seconds(3_600)) }
          return 1
        }
      }
    }
    try await eventually { base.started == 1 }
    call.cancel()
    try await eventually { caller.cancelled == 1 }
    try await eventually { base.cancelled == 1 }
    #expect(cache.waitingCallers == 0)
  }

  /// Of two callers sharing a computation, the one cancelled leaves; the other gets the answer.
  @Test func aSharedComputationGoesOnForTheCallersLeft() async throws {
    let cache = __CallCache(InMemoryCache())
    let key = try #require(cache.key(requirement: "Service.slow()", arguments: 1))
    let base = BaseProbe()
    let gate = Gate()
    let compute: @Sendable () async throws -> Int = {
      try await base.run { await gate.wait() }
      return 42
    }
    let first = Task { try await cache.value(for: key, timeToLive: nil, compute: compute) }
    try await eventually { base.started == 1 }
    let second = Task { try await cache.value(for: key, timeToLive: nil, compute: compute) }
    try await eventually { cache.waitingCallers == 2 }
    first.cancel()
    await #expect(throws: CancellationError.self) { try await first.value }
    gate.open()
    #expect(try await second.value == 42)
    #expect(base.started == 1 && base.cancelled == 0)
  }

  /// A breaker over a window of five calls opens on five failures, its minimum capped at the
  /// window, as resilience4j caps it. (With the default minimum of ten it never opened.)
  @Test func aWindowSmallerThanTheMinimumStillOpens() throws {
    let breaker = CircuitBreaker(policy: CircuitBreaker.Policy(window: .count(5)))
    for _ in 0..<5 {
      #expect(throws: Failure.self) { try breaker.run("Service.call()") { throw Failure() } }
    }
    #expect(breaker.state == .open)
  }

  /// Calls their callers cancelled say nothing of the back end: ten of them leave the breaker
  /// closed, and a probe cancelled gives its place back to the next.
  @Test func cancelledCallsAreNotFailures() async throws {
    let clock = ManualClock()
    let breaker = CircuitBreaker(
      policy: CircuitBreaker.Policy(
        window: .count(10), minimumCalls: 2, openInterval: .seconds(1), halfOpenCalls: 1),
      clock: clock)
    for _ in 0..<10 {
      await #expect(throws: CancellationError.self) {
        try await breaker.run("Service.call()") { () async throws -> Void in
          throw CancellationError()
        }
      }
    }
    #expect(breaker.state == .closed)
    for _ in 0..<2 {
      #expect(throws: Failure.self) { try breaker.run("Service.call()") { throw Failure() } }
    }
    #expect(breaker.state == .open)
    clock.advance(by: .seconds(1))
    #expect(throws: CancellationError.self) {
      try breaker.run("Service.call()") { throw CancellationError() }
    }
    #expect(breaker.state == .halfOpen)
    try breaker.run("Service.call()") {}
    #expect(breaker.state == .closed)
  }

  /// A call let through while closed that ends after the breaker opened and half-opened is no
  /// probe: only the probes' own outcomes close it.
  @Test func aLateOutcomeOfAnEarlierStateCountsForNothing() async throws {
    let clock = ManualClock()
    let breaker = CircuitBreaker(
      policy: CircuitBreaker.Policy(
        window: .count(2), minimumCalls: 2, openInterval: .seconds(1), halfOpenCalls: 1),
      clock: clock)
    let gate = Gate()
    let early = Task { try await breaker.run("Service.call()") { await gate.wait() } }
    try await eventually { gate.waiting == 1 }
    for _ in 0..<2 {
      #expect(throws: Failure.self) { try breaker.run("Service.call()") { throw Failure() } }
    }
    clock.advance(by: .seconds(1))
    #expect(breaker.state == .halfOpen)
    gate.open()
    try await early.value
    #expect(breaker.state == .halfOpen)
  }

  /// Options that make no sense stop the program, naming the option.
  @Test func aThresholdThatIsNotANumberIsRefused() async {
    await #expect(processExitsWith: .failure) {
      _ = CircuitBreaker.Policy(failureRateThreshold: .nan)
    }
  }

  /// Waits of centuries and a multiplier of infinity saturate instead of trapping.
  @Test func backoffArithmeticSaturates() {
    let centuries = RetryPolicy(
      initialBackoff: .seconds(Int64(1) << 40), multiplier: .infinity,
      maxBackoff: .seconds(Int64(1) << 62))
    for attempt in 1...5 {
      let wait = centuries.backoff(afterAttempt: attempt)
      #expect(wait >= .zero && wait <= .seconds(Int64(1) << 62))
    }
    let none = RetryPolicy(
      initialBackoff: .seconds(1), multiplier: .infinity, maxBackoff: .seconds(Int64(1) << 62),
      jitter: .none)
    #expect(none.backoff(afterAttempt: 3) == Duration.saturationLimit)
  }

  /// A deadline or a wait of `.seconds(.max)` ("no limit") is slept saturated: a clock's sleep
  /// of some 292 years or more traps, and took the process with it (found while checking
  /// Timeout's race). The test process surviving is the check; each sleep ends by cancellation.
  @Test func sleepsOfCenturiesNeitherTrapNorEnd() async throws {
    let forever = Duration.seconds(Int64.max)
    let answer = try await __TimedCall.run("P.quick()", deadline: forever) { 42 }
    #expect(answer == 42)
    let clock = PolicyClock.continuous
    let sleepers = [
      Task { try await clock.sleep(for: forever) },
      Task { try await clock.sleep(until: forever) },
      Task {
        try await __TimedCall.run("P.slow()", deadline: forever) {
          try await Task.sleep(for: .seconds(Int64(1) << 40))
        }
      },
    ]
    try await Task.sleep(for: .milliseconds(50))
    for sleeper in sleepers { sleeper.cancel() }
    for sleeper in sleepers {
      await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
  }
}

struct Failure: Error {}

/// A door tasks wait at until a test opens it.
final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  var waiting: Int { lock.withLock { waiters.count } }

  func wait() async {
    await withCheckedContinuation { continuation in
      let open = lock.withLock {
        if !isOpen { waiters.append(continuation) }
        return isOpen
      }
      if open { continuation.resume() }
    }
  }

  func open() {
    let waiting = lock.withLock {
      isOpen = true
      defer { waiters = [] }
      return waiters
    }
    for waiter in waiting { waiter.resume() }
  }
}

/// Counts a base's calls that started and those that ended cancelled.
final class BaseProbe: @unchecked Sendable {
  private let lock = NSLock()
  private var counts = (started: 0, cancelled: 0)

  var started: Int { lock.withLock { counts.started } }
  var cancelled: Int { lock.withLock { counts.cancelled } }

  func run(_ body: () async throws -> Void) async throws {
    lock.withLock { counts.started += 1 }
    do {
      try await body()
    } catch is CancellationError {
      lock.withLock { counts.cancelled += 1 }
      throw CancellationError()
    }
  }
}

/// Yields until `condition` holds; fails after 100,000 looks at it, each after a sleep of a
/// millisecond or more. Counted in looks, not in time: the tests beside these (type-checks
/// waiting for the compiler) may hold every thread tasks run on for minutes, and time spent
/// with no thread says nothing of the condition.
func eventually(
  isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async throws {
  var looks = 0
  while !condition() {
    looks += 1
    guard looks <= 100_000 else {
      Issue.record("a condition did not come about within 100,000 looks")
      throw CancellationError()
    }
    try await Task.sleep(for: .milliseconds(1))
  }
}
