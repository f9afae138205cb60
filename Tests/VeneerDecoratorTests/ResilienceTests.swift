import FixtureCatalog
import FixtureDecorators
import Foundation
import InMemoryTracing
import Logging
import MetricsTestKit
import ServerDecorators
import TestSupport
import Testing
import Tracing
import VeneerRuntime
import VeneerSupport

/// An error that declares another attempt may succeed.
struct Transient: RetryableError, Equatable {}
/// An error that declares nothing.
struct Permanent: Error, Equatable {}

/// A price service whose calls fail as its script says, each call counted.
final class ScriptedPrices: PriceService, @unchecked Sendable {
  private let lock = NSLock()
  private var failures: Int
  private var counts: [String: Int] = [:]
  private let error: any Error

  /// Fails the first `failures` calls of any requirement with `error`.
  init(failing failures: Int = 0, with error: any Error = Transient()) {
    self.failures = failures
    self.error = error
  }

  func calls(_ name: String) -> Int { lock.withLock { counts[name, default: 0] } }

  func setFailures(_ count: Int) { lock.withLock { failures = count } }

  private func call(_ name: String) -> Bool {
    lock.withLock {
      counts[name, default: 0] += 1
      guard failures > 0 else { return false }
      failures -= 1
      return true
    }
  }

  func price(sku: String) async throws -> Int {
    if call("price") { throw error }
    return 42
  }

  func buy(sku: String, quantity: Int) async throws -> Int {
    if call("buy") { throw error }
    return quantity
  }

  func stock(sku: String) async throws(StockError) -> Int {
    if call("stock") { throw .unavailable }
    return 7
  }

  func name() -> String { "prices" }

  func reload() throws {
    if call("reload") { throw error }
  }
}

/// A price service whose `price` calls wait until the test lets them through, one at a time.
final class GatedPrices: PriceService, @unchecked Sendable {
  private let lock = NSLock()
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var started = 0

  var startedCalls: Int { lock.withLock { started } }
  var waitingCalls: Int { lock.withLock { waiting.count } }

  /// Lets the oldest waiting call finish.
  func releaseOne() {
    let next = lock.withLock { waiting.isEmpty ? nil : waiting.removeFirst() }
    next?.resume()
  }

  /// Waits, yielding, until `count` calls have started.
  func waitForStarted(_ count: Int) async -> Bool {
    for _ in 0..<100_000 {
      if startedCalls >= count { return true }
      await Task.yield()
    }
    return false
  }

  func price(sku: String) async throws -> Int {
    await withCheckedContinuation { continuation in
      lock.withLock {
        started += 1
        waiting.append(continuation)
      }
    }
    return sku.count
  }

  func buy(sku: String, quantity: Int) async throws -> Int { quantity }
  func stock(sku: String) async throws(StockError) -> Int { 0 }
  func name() -> String { "gated" }
  func reload() throws {}
}

@Suite("Retry, declared")
struct RetryTests {
  static let noJitter = RetryPolicy(maxAttempts: 3, jitter: .none)

  @Test func aDeclaredReadIsRetriedAfterGrowingWaits() async throws {
    let clock = ManualClock()
    let base = ScriptedPrices(failing: 2)
    let prices = base.withRetry(Self.noJitter, clock: clock)
    let call = Task { try await prices.price(sku: "a") }
    #expect(await clock.waitForSleepers(1))
    #expect(base.calls("price") == 1)
    clock.advance(by: .milliseconds(99))
    #expect(clock.sleeping == 1)
    clock.advance(by: .milliseconds(1))
    #expect(await clock.waitForSleepers(1))
    #expect(base.calls("price") == 2)
    // The second wait is twice the first.
    clock.advance(by: .milliseconds(199))
    #expect(clock.sleeping == 1)
    clock.advance(by: .milliseconds(1))
    #expect(try await call.value == 42)
    #expect(base.calls("price") == 3)
  }

  @Test func whatIsNotDeclaredIdempotentIsMadeOnce() async throws {
    let base = ScriptedPrices(failing: 1)
    let prices = base.withRetry(Self.noJitter, clock: ManualClock())
    await #expect(throws: Transient.self) { try await prices.buy(sku: "a", quantity: 1) }
    #expect(base.calls("buy") == 1)
  }

  @Test func anErrorThatDeclaresNothingIsNotRetried() async throws {
    let base = ScriptedPrices(failing: 1, with: Permanent())
    let prices = base.withRetry(Self.noJitter, clock: ManualClock())
    await #expect(throws: Permanent.self) { try await prices.price(sku: "a") }
    #expect(base.calls("price") == 1)

    // A policy's own classification retries what it says.
    let retried = ScriptedPrices(failing: 1, with: Permanent())
    let clock = ManualClock()
    let lenient = retried.withRetry(
      RetryPolicy(jitter: .none, isRetryable: { $0 is Permanent }), clock: clock)
    let call = Task { try await lenient.price(sku: "a") }
    #expect(await clock.waitForSleepers(1))
    clock.advance(by: .seconds(1))
    #expect(try await call.value == 42)
    #expect(retried.calls("price") == 2)
  }

  @Test func theLastFailureIsThrownWhenAttemptsRunOut() async throws {
    let clock = ManualClock()
    let base = ScriptedPrices(failing: 10)
    let prices = base.withRetry(Self.noJitter, clock: clock)
    let call = Task { try await prices.price(sku: "a") }
    for _ in 1..<3 {
      #expect(await clock.waitForSleepers(1))
      clock.advance(by: .seconds(10))
    }
    await #expect(throws: Transient.self) { try await call.value }
    #expect(base.calls("price") == 3)
  }

  /// `idempotent(attempts: 2)` on `stock(sku:)`, whose errors are typed, rethrows its own error.
  @Test func aTypedErrorIsRetriedAndRethrownAsItsType() async throws {
    let clock = ManualClock()
    let base = ScriptedPrices(failing: 5)
    let prices = base.withRetry(
      RetryPolicy(maxAttempts: 10, jitter: .none, isRetryable: { _ in true }), clock: clock)
    let call = Task { () async throws(StockError) -> Int in try await prices.stock(sku: "a") }
    #expect(await clock.waitForSleepers(1))
    clock.advance(by: .seconds(1))
    let result = await call.result
    #expect(throws: StockError.unavailable) { try result.get() }
    #expect(base.calls("stock") == 2)
  }

  @Test func cancellationStopsTheRetriesAtOnce() async throws {
    let clock = ManualClock()
    let base = ScriptedPrices(failing: 10)
    let prices = base.withRetry(Self.noJitter, clock: clock)
    let call = Task { try await prices.price(sku: "a") }
    #expect(await clock.waitForSleepers(1))
    call.cancel()
    await #expect(throws: Transient.self) { try await call.value }
    #expect(base.calls("price") == 1)
    #expect(clock.sleeping == 0)
  }

  @Test func aCallStopsRetryingWhenTheNextWaitWouldPassItsLimit() async throws {
    let clock = ManualClock()
    let base = ScriptedPrices(failing: 10)
    let prices = base.withRetry(
      RetryPolicy(maxAttempts: 10, maxElapsed: .milliseconds(250), jitter: .none), clock: clock)
    let call = Task { try await prices.price(sku: "a") }
    #expect(await clock.waitForSleepers(1))
    clock.advance(by: .milliseconds(100))
    // 100 ms waited, the next wait 200 ms: past 250.
    await #expect(throws: Transient.self) { try await call.value }
    #expect(base.calls("price") == 2)
  }

  @Test func fullJitterStaysWithinTheBackoff() {
    let policy = RetryPolicy(initialBackoff: .milliseconds(100), maxBackoff: .seconds(1))
    for attempt in 1...8 {
      let ceiling = min(Duration.milliseconds(100) * (1 << (attempt - 1)), .seconds(1))
      for _ in 0..<50 {
        let wait = policy.backoff(afterAttempt: attempt)
        #expect(wait >= .zero && wait <= ceiling, "attempt \(attempt): \(wait)")
      }
    }
    #expect(RetryPolicy(jitter: .none).backoff(afterAttempt: 20) == .seconds(10))
  }

  /// A logging decorator outside says how often the call was made again.
  @Test func retriesAreInTheLogOfTheCallAround() async throws {
    let recorder = LogRecorder()
    let clock = ManualClock()
    let prices = ScriptedPrices(failing: 2).withRetry(Self.noJitter, clock: clock)
      .withLogging(recorder.logger())
    let call = Task { try await prices.price(sku: "a") }
    for _ in 1...2 {
      #expect(await clock.waitForSleepers(1))
      clock.advance(by: .seconds(1))
    }
    #expect(try await call.value == 42)
    let returned = recorder.records.first { $0.message == "PriceService.price(sku:) returned" }
    #expect(returned?.metadata["retries"] == "2", "\(recorder.text)")
  }

  /// A failed idempotent call that was not made again says why on its log line: its error did
  /// not declare itself retryable, or its attempts were used.
  @Test func aFailureNotRetriedSaysWhyInTheLog() async throws {
    struct Unexplained: Error {}
    let recorder = LogRecorder()
    let prices = ScriptedPrices(failing: 1, with: Unexplained()).withRetry(Self.noJitter)
      .withLogging(recorder.logger())
    await #expect(throws: Unexplained.self) { try await prices.price(sku: "a") }
    let failed = recorder.records.last { $0.message == "PriceService.price(sku:) threw" }
    #expect(failed?.metadata["not_retried"] == "not_retryable", "\(recorder.text)")

    let clock = ManualClock()
    let once = ScriptedPrices(failing: 5).withRetry(RetryPolicy(maxAttempts: 1), clock: clock)
      .withLogging(recorder.logger())
    await #expect(throws: Transient.self) { try await once.price(sku: "a") }
    let used = recorder.records.last { $0.message == "PriceService.price(sku:) threw" }
    #expect(used?.metadata["not_retried"] == "attempts_used", "\(recorder.text)")
  }
}

@Suite("Circuit breaker")
struct CircuitBreakerTests {
  static func breaker(
    clock: ManualClock, window: CircuitBreaker.Policy.Window = .count(4),
    changes: Transitions? = nil
  ) -> CircuitBreaker {
    var onStateChange: (@Sendable (CircuitBreaker.State, CircuitBreaker.State) -> Void)?
    if let changes {
      onStateChange = { from, to in changes.record(from, to) }
    }
    return CircuitBreaker(
      policy: CircuitBreaker.Policy(
        failureRateThreshold: 0.5, window: window, minimumCalls: 4,
        openInterval: .seconds(30), halfOpenCalls: 2),
      clock: clock, onStateChange: onStateChange)
  }

  final class Transitions: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    var all: [String] { lock.withLock { list } }
    func record(_ from: CircuitBreaker.State, _ to: CircuitBreaker.State) {
      lock.withLock { list.append("\(from)→\(to)") }
    }
  }

  @Test func itOpensAtTheFailureRateFailsFastThenProbesAndCloses() async throws {
    let clock = ManualClock()
    let changes = Transitions()
    let breaker = Self.breaker(clock: clock, changes: changes)
    let base = ScriptedPrices(failing: 2)
    let prices = base.withCircuitBreaker(breaker)
    // Two failures of four calls: half, the threshold.
    for _ in 0..<2 { _ = try? await prices.price(sku: "a") }
    #expect(breaker.state == .closed)
    _ = try await prices.price(sku: "a")
    _ = try await prices.price(sku: "a")
    #expect(breaker.state == .open)
    // Open: refused without reaching the base.
    await #expect(throws: CircuitBreakerOpenError.self) { try await prices.price(sku: "a") }
    #expect(throws: CircuitBreakerOpenError.self) { try prices.reload() }
    #expect(base.calls("price") == 4)
    clock.advance(by: .seconds(30))
    #expect(breaker.state == .halfOpen)
    _ = try await prices.price(sku: "a")
    _ = try await prices.price(sku: "a")
    #expect(breaker.state == .closed)
    #expect(changes.all == ["closed→open", "open→half_open", "half_open→closed"])
  }

  @Test func aFailedProbeOpensItAgainAndFurtherProbesWait() async throws {
    let clock = ManualClock()
    let breaker = Self.breaker(clock: clock)
    let base = ScriptedPrices(failing: 4)
    let prices = base.withCircuitBreaker(breaker)
    for _ in 0..<4 { _ = try? await prices.price(sku: "a") }
    #expect(breaker.state == .open)
    clock.advance(by: .seconds(30))
    base.setFailures(2)
    for _ in 0..<2 { _ = try? await prices.price(sku: "a") }
    #expect(breaker.state == .open)
    let error = await #expect(throws: CircuitBreakerOpenError.self) {
      try await prices.price(sku: "a")
    }
    #expect(error?.retryAfter == .seconds(30))
    #expect(error?.requirement == "PriceService.price(sku:)")
  }

  @Test func aTimeWindowForgetsOldOutcomes() async throws {
    let clock = ManualClock()
    let breaker = Self.breaker(clock: clock, window: .time(.seconds(10)))
    let base = ScriptedPrices(failing: 2)
    let prices = base.withCircuitBreaker(breaker)
    for _ in 0..<2 { _ = try? await prices.price(sku: "a") }
    clock.advance(by: .seconds(11))
    // The failures are out of the window: four successes do not open it.
    for _ in 0..<4 { _ = try await prices.price(sku: "a") }
    #expect(breaker.state == .closed)
  }

  /// Random sequences of outcomes, some seconds apart, through breakers of random windows,
  /// minimums and thresholds: each opens at the very call where a plain list of the outcomes in
  /// its window (a time window's in tenths of it) says it must, and not before.
  @Test(arguments: [false, true])
  func itOpensWhereAListOfItsWindowSays(timeWindow: Bool) throws {
    struct Failure: Error {}
    var random = SplitMix(seed: timeWindow ? 0x7157 : 0xC0A7)
    for sequence in 0..<400 {
      let clock = ManualClock()
      let size = Int.random(in: 1...8, using: &random)
      let minimumCalls = Int.random(in: 1...8, using: &random)
      let threshold = [0.25, 0.5, 0.75, 1.0].randomElement(using: &random)!
      let window: CircuitBreaker.Policy.Window =
        timeWindow ? .time(.seconds(size)) : .count(size)
      let breaker = CircuitBreaker(
        policy: CircuitBreaker.Policy(
          failureRateThreshold: threshold, window: window, minimumCalls: minimumCalls),
        clock: clock)
      var model: [(failed: Bool, at: Duration)] = []
      for step in 0..<60 {
        clock.advance(by: .seconds(Int.random(in: 0...2, using: &random)))
        let failed = Int.random(in: 0..<3, using: &random) > 0
        _ = try? breaker.run("P.f") { if failed { throw Failure() } }
        let now = clock.now.offset
        model.append((failed, now))
        if timeWindow {
          // Ten buckets, each a tenth of the window: an outcome leaves with its bucket.
          let width = Duration.seconds(size) / 10
          let newest = (now / width).rounded(.down)
          model.removeAll { ($0.at / width).rounded(.down) <= newest - 10 }
        } else if model.count > size {
          model.removeFirst()
        }
        // A window of calls caps the minimum at its size, as resilience4j does.
        let opens =
          model.count >= (timeWindow ? minimumCalls : min(minimumCalls, size))
          && Double(model.count { $0.failed }) / Double(model.count) >= threshold
        #expect(
          (breaker.state == .open) == opens,
          "sequence \(sequence), call \(step): \(model.map(\.failed)) of \(window)")
        if opens { break }
      }
    }
  }

  /// A typed error cannot carry the breaker's own: such a requirement is forwarded as it is.
  @Test func aTypedRequirementIsForwarded() async throws {
    let clock = ManualClock()
    let breaker = Self.breaker(clock: clock)
    let base = ScriptedPrices(failing: 4)
    let prices = base.withCircuitBreaker(breaker)
    for _ in 0..<4 { _ = try? await prices.price(sku: "a") }
    #expect(breaker.state == .open)
    _ = try? await prices.stock(sku: "a")
    #expect(base.calls("stock") == 1)
  }
}

@Suite("Bulkhead")
struct BulkheadTests {
  @Test func callsBeyondItsPlacesAreRefusedAtOnce() async throws {
    let base = GatedPrices()
    let prices = base.withBulkhead(
      Bulkhead(policy: Bulkhead.Policy(maxConcurrentCalls: 2), clock: ManualClock()))
    let first = Task { try await prices.price(sku: "a") }
    let second = Task { try await prices.price(sku: "bb") }
    #expect(await base.waitForStarted(2))
    await #expect(throws: BulkheadFullError.self) { try await prices.price(sku: "ccc") }
    base.releaseOne()
    base.releaseOne()
    #expect(try await first.value + second.value == 3)
  }

  @Test func waitingCallsGoInTurnAsPlacesFree() async throws {
    let base = GatedPrices()
    let bulkhead = Bulkhead(
      policy: Bulkhead.Policy(maxConcurrentCalls: 1, maxWaitingCalls: 2), clock: ManualClock())
    let prices = base.withBulkhead(bulkhead)
    let first = Task { try await prices.price(sku: "a") }
    #expect(await base.waitForStarted(1))
    let second = Task { try await prices.price(sku: "bb") }
    let third = Task { try await prices.price(sku: "ccc") }
    for _ in 0..<100_000 where bulkhead.load.waiting < 2 { await Task.yield() }
    #expect(bulkhead.load == (running: 1, waiting: 2))
    // The queue is full: a fourth is refused.
    await #expect(throws: BulkheadFullError.self) { try await prices.price(sku: "dddd") }
    base.releaseOne()
    #expect(try await first.value == 1)
    #expect(await base.waitForStarted(2))
    #expect(base.waitingCalls == 1 && bulkhead.load == (running: 1, waiting: 1))
    base.releaseOne()
    #expect(try await second.value == 2)
    #expect(await base.waitForStarted(3))
    base.releaseOne()
    #expect(try await third.value == 3)
    #expect(bulkhead.load == (running: 0, waiting: 0))
  }

  @Test func aCallWaitsNoLongerThanItsLimit() async throws {
    let clock = ManualClock()
    let base = GatedPrices()
    let bulkhead = Bulkhead(
      policy: Bulkhead.Policy(
        maxConcurrentCalls: 1, maxWaitingCalls: 1, maxWait: .milliseconds(500)),
      clock: clock)
    let prices = base.withBulkhead(bulkhead)
    let first = Task { try await prices.price(sku: "a") }
    #expect(await base.waitForStarted(1))
    let waiting = Task { try await prices.price(sku: "bb") }
    #expect(await clock.waitForSleepers(1))
    clock.advance(by: .milliseconds(500))
    let error = await #expect(throws: BulkheadFullError.self) { try await waiting.value }
    #expect(error?.waited == .milliseconds(500))
    base.releaseOne()
    _ = try await first.value
    #expect(bulkhead.load == (running: 0, waiting: 0))
  }

  @Test func aCancelledWaitingCallLeavesTheQueue() async throws {
    let base = GatedPrices()
    let bulkhead = Bulkhead(
      policy: Bulkhead.Policy(maxConcurrentCalls: 1, maxWaitingCalls: 1), clock: ManualClock())
    let prices = base.withBulkhead(bulkhead)
    let first = Task { try await prices.price(sku: "a") }
    #expect(await base.waitForStarted(1))
    let waiting = Task { try await prices.price(sku: "bb") }
    for _ in 0..<100_000 where bulkhead.load.waiting < 1 { await Task.yield() }
    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    #expect(bulkhead.load == (running: 1, waiting: 0))
    base.releaseOne()
    _ = try await first.value
    #expect(base.startedCalls == 1)
  }
}

@Suite("Rate limit")
struct RateLimitTests {
  @Test func aBurstGoesThroughThenCallsAreRefused() async throws {
    let clock = ManualClock()
    let limiter = RateLimiter(
      policy: RateLimiter.Policy(permits: 10, per: .seconds(1), burst: 3), clock: clock)
    let base = ScriptedPrices()
    let prices = base.withRateLimit(limiter)
    for _ in 0..<3 { _ = try await prices.price(sku: "a") }
    let error = await #expect(throws: RateLimitExceededError.self) {
      try await prices.price(sku: "a")
    }
    #expect(error?.retryAfter == .milliseconds(100))
    // A token comes every 100 ms.
    clock.advance(by: .milliseconds(100))
    _ = try await prices.price(sku: "a")
    await #expect(throws: RateLimitExceededError.self) { try await prices.price(sku: "a") }
    #expect(base.calls("price") == 4)
  }

  @Test func aCallWaitsForItsTokenWithinTheLimit() async throws {
    let clock = ManualClock()
    let limiter = RateLimiter(
      policy: RateLimiter.Policy(
        permits: 10, per: .seconds(1), burst: 1, maxWait: .milliseconds(250)),
      clock: clock)
    let base = ScriptedPrices()
    let prices = base.withRateLimit(limiter)
    _ = try await prices.price(sku: "a")
    let second = Task { try await prices.price(sku: "a") }
    #expect(await clock.waitForSleepers(1))
    let third = Task { try await prices.price(sku: "a") }
    while limiter.waiting < 2 { await Task.yield() }
    // A fourth would wait 300 ms: refused.
    await #expect(throws: RateLimitExceededError.self) { try await prices.price(sku: "a") }
    #expect(base.calls("price") == 1)
    clock.advance(by: .milliseconds(100))
    _ = try await second.value
    #expect(base.calls("price") == 2)
    clock.advance(by: .milliseconds(100))
    _ = try await third.value
    #expect(base.calls("price") == 3)
  }
}

/// What a resilience decorator does inside a call, the metrics and tracing decorators around it
/// record: retries, refusals, the breaker's state.
@Suite("Resilience, as the decorators around it see it")
struct ResilienceVisibilityTests {
  static let dimensions = [("protocol", "PriceService"), ("requirement", "price(sku:)")]

  @Test func retriesAreCountedAndRecordedOnTheSpan() async throws {
    let clock = ManualClock()
    let metrics = TestMetrics()
    let tracer = InMemoryTracer()
    let prices = ScriptedPrices(failing: 2).withRetry(RetryPolicy(jitter: .none), clock: clock)
      .withMetrics(metrics).withTracing(tracer)
    let call = Task { try await prices.price(sku: "a") }
    for _ in 1...2 {
      #expect(await clock.waitForSleepers(1))
      clock.advance(by: .seconds(1))
    }
    #expect(try await call.value == 42)
    #expect(try metrics.expectCounter("veneer.calls", Self.dimensions).totalValue == 1)
    #expect(try metrics.expectCounter("veneer.retries", Self.dimensions).totalValue == 2)
    let span = try #require(tracer.finishedSpans.first)
    #expect(span.attributes["veneer.retries"]?.toSpanAttribute() == 2)
  }

  /// One breaker, one gauge: a single series (no `requirement` dimension) moves when the
  /// breaker does, whichever requirement's calls moved it. (There was one per requirement, each
  /// set only when its own requirement was next called: one not called read closed while the
  /// breaker was open, and half-open after it closed.)
  @Test func aBreakersOneGaugeMovesWhenItDoes() async throws {
    let metrics = TestMetrics()
    let clock = ManualClock()
    let breaker = CircuitBreaker(
      policy: CircuitBreaker.Policy(
        window: .count(2), minimumCalls: 2, openInterval: .seconds(1), halfOpenCalls: 1),
      clock: clock)
    let base = ScriptedPrices()
    let prices = base.withCircuitBreaker(breaker).withMetrics(metrics)
    let breakerSeries = [("protocol", "PriceService")]
    _ = try await prices.buy(sku: "a", quantity: 1)
    #expect(try metrics.expectGauge("veneer.circuit_breaker.state", breakerSeries).lastValue == 0)
    // With buy's success, one failure of price is half the window: it opens.
    base.setFailures(1)
    _ = try? await prices.price(sku: "a")
    #expect(breaker.state == .open)
    #expect(try metrics.expectGauge("veneer.circuit_breaker.state", breakerSeries).lastValue == 2)
    clock.advance(by: .seconds(1))
    _ = try await prices.price(sku: "a")
    #expect(breaker.state == .closed)
    let gauge = try metrics.expectGauge("veneer.circuit_breaker.state", breakerSeries)
    #expect(gauge.lastValue == 0)
    // Set once when first followed, then at each change: closed, open, half-open, closed.
    #expect(gauge.values.count == 4, "\(gauge.values)")
    #expect(
      metrics.recorders.filter { $0.label == "veneer.circuit_breaker.state" }.count == 1,
      "one series per breaker")
  }

  @Test func aRefusalIsCountedByItsPolicyAndTheBreakersStateKept() async throws {
    let metrics = TestMetrics()
    let tracer = InMemoryTracer()
    let breaker = CircuitBreaker(
      policy: CircuitBreaker.Policy(minimumCalls: 2, openInterval: .seconds(60)),
      clock: ManualClock())
    let prices = ScriptedPrices(failing: 2).withCircuitBreaker(breaker).withMetrics(metrics)
      .withTracing(tracer)
    for _ in 0..<3 { _ = try? await prices.price(sku: "a") }
    #expect(breaker.state == .open)
    #expect(try metrics.expectCounter("veneer.failures", Self.dimensions).totalValue == 3)
    let rejections = try metrics.expectCounter(
      "veneer.rejections", Self.dimensions + [("policy", "circuit_breaker")])
    #expect(rejections.totalValue == 1)
    let state = try metrics.expectGauge(
      "veneer.circuit_breaker.state", [("protocol", "PriceService")])
    #expect(state.lastValue == 2)
    let refused = try #require(tracer.finishedSpans.last)
    #expect(refused.attributes["veneer.rejected"]?.toSpanAttribute() == "circuit_breaker")
    #expect(refused.attributes["veneer.circuit_breaker.state"]?.toSpanAttribute() == "open")
  }

  /// Logged around a bulkhead, a refused call says which policy refused it.
  @Test func aRefusalIsLoggedWithItsPolicy() async throws {
    let recorder = LogRecorder()
    let base = GatedPrices()
    let prices = base.withBulkhead(
      Bulkhead(policy: Bulkhead.Policy(maxConcurrentCalls: 1), clock: ManualClock())
    ).withLogging(recorder.logger())
    let first = Task { try await prices.price(sku: "a") }
    #expect(await base.waitForStarted(1))
    await #expect(throws: BulkheadFullError.self) { try await prices.price(sku: "bb") }
    base.releaseOne()
    _ = try await first.value
    let threw = recorder.records.first { $0.message == "PriceService.price(sku:) threw" }
    #expect(threw?.metadata["rejected"] == "bulkhead", "\(recorder.text)")
  }
}
