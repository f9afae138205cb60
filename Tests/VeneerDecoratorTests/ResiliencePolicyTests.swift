import Foundation
import TestSupport
import Testing
import VeneerRuntime

/// The resilience policies under many concurrent calls, through their runtime alone: run under
/// Thread Sanitizer too (`Tests/ThreadSanitizer`).
@Suite("Resilience policies under concurrent calls")
struct ResiliencePolicyTests {
  struct Failure: Error {}

  /// A count, and its highest value, kept safe across threads.
  final class Gauge: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private var highest = 0
    var peak: Int { lock.withLock { highest } }
    func enter() {
      lock.withLock {
        current += 1
        highest = max(highest, current)
      }
    }
    func leave() { lock.withLock { current -= 1 } }
  }

  /// The breaker opening under a thousand calls: every call reached the base or was refused,
  /// never both, and it ends open.
  @Test func aBreakerCountsEachConcurrentCallOnce() async throws {
    let breaker = CircuitBreaker(
      policy: CircuitBreaker.Policy(minimumCalls: 20, openInterval: .seconds(3600)),
      clock: ManualClock())
    let reached = Gauge()
    let outcomes = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<1_000 {
        group.addTask {
          do {
            _ = try await breaker.run("Test.call()") { () async throws -> Int in
              reached.enter()
              throw Failure()
            }
            return 0
          } catch is CircuitBreakerOpenError {
            return 1
          } catch {
            return 2
          }
        }
      }
      return await group.reduce(into: [0, 0, 0]) { $0[$1] += 1 }
    }
    #expect(outcomes[0] == 0)
    #expect(outcomes[1] + outcomes[2] == 1_000)
    #expect(outcomes[1] > 0 && outcomes[2] >= 20)
    #expect(breaker.state == .open)
  }

  /// A thousand calls through a bulkhead of four places, each yielding while it runs: never
  /// more than four at once, and every call run or refused.
  @Test func aBulkheadNeverLetsMoreThroughThanItsPlaces() async throws {
    let bulkhead = Bulkhead(
      policy: Bulkhead.Policy(maxConcurrentCalls: 4, maxWaitingCalls: 1_000), clock: ManualClock())
    let running = Gauge()
    let ran = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<1_000 {
        group.addTask {
          (try? await bulkhead.run("Test.call()") { () async throws -> Bool in
            running.enter()
            await Task.yield()
            running.leave()
            return true
          }) ?? false
        }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(ran == 1_000)
    #expect(running.peak <= 4)
    #expect(bulkhead.load == (running: 0, waiting: 0))
  }

  /// A thousand calls at a limiter with a burst of 50 and no wait: exactly 50 go through.
  @Test func aLimiterGivesOutNoMoreTokensThanItHas() async throws {
    let limiter = RateLimiter(
      policy: RateLimiter.Policy(permits: 1, per: .seconds(3600), burst: 50), clock: ManualClock())
    let through = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<1_000 {
        group.addTask { (try? await limiter.run("Test.call()") { true }) ?? false }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(through == 50)
  }

  /// Retried calls in many tasks at once, the clock moved while they wait: each ends after its
  /// own attempts.
  @Test func retriesInManyTasksEachCountTheirOwnAttempts() async throws {
    let clock = ManualClock()
    let policy = RetryPolicy(maxAttempts: 3, jitter: .none, isRetryable: { _ in true })
    let attempts = Gauge()
    let calls = Task {
      await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<100 {
          group.addTask {
            let result = try? await __RetriedCall.run(
              "Test.call()", policy: policy, clock: PolicyClock(clock)
            ) { () async throws -> Int in
              attempts.enter()
              throw Failure()
            }
            return result == nil
          }
        }
        return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
      }
    }
    for _ in 0..<2 {
      #expect(await clock.waitForSleepers(100))
      clock.advance(by: .seconds(10))
    }
    #expect(await calls.value == 100)
    #expect(attempts.peak == 300)
  }
}
