// A bounded load on the flaky server through `HTTPPriceClient`, as it is and decorated, with the
// decorated client's metrics served on /metrics for Prometheus to scrape.
//
//   price-load --server http://127.0.0.1:18080 --metrics-port 19464 --requests 600
//
// 1. `--requests` price reads, `--concurrency` at a time, through the client as it is;
// 2. the same through the client decorated as resilience4j recommends (a bulkhead innermost,
//    then a timeout, a circuit breaker, retries, and metrics outside them all);
// 3. an outage: the server fails everything for a second while the decorated client goes on
//    calling, so that the breaker opens, refuses calls at once, probes and closes;
// 4. `--orders` orders through the decorated client, which never retries them: the server says
//    how many it received.
// Then it prints what it saw, and serves /metrics for `--linger` seconds more.
import Foundation
import Hummingbird
import Metrics
import PriceKit
import Prometheus
import VeneerRuntime

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let arguments = CommandLine.arguments
func option(_ name: String, _ fallback: String) -> String {
  arguments.firstIndex(of: "--\(name)").map { arguments[$0 + 1] } ?? fallback
}
let server = option("server", "http://127.0.0.1:18080")
let metricsPort = Int(option("metrics-port", "19464"))!
let requests = Int(option("requests", "600"))!
let concurrency = Int(option("concurrency", "12"))!
let orders = Int(option("orders", "40"))!
let linger = Int(option("linger", "60"))!

let registry = PrometheusCollectorRegistry()
MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))

let metricsRouter = Router()
metricsRouter.get("metrics") { _, _ in registry.emitToString() }
let metricsServer = Application(
  router: metricsRouter,
  configuration: .init(address: .hostname("127.0.0.1", port: metricsPort)))
let serving = Task { try await metricsServer.run() }

/// How one call ended, and how long it took.
struct Outcome: Sendable {
  let succeeded: Bool
  let refusedByBreaker: Bool
  let seconds: Double
}

/// `count` calls of `call`, `concurrency` at a time.
func load(_ count: Int, _ call: @escaping @Sendable (Int) async throws -> Int) async -> [Outcome] {
  await withTaskGroup(of: [Outcome].self) { group in
    let next = Counter()
    for _ in 0..<concurrency {
      group.addTask {
        var outcomes: [Outcome] = []
        while let index = next.take(below: count) {
          outcomes.append(await measured { try await call(index) })
        }
        return outcomes
      }
    }
    return await group.reduce(into: []) { $0 += $1 }
  }
}

/// Calls `call` until `duration` has passed, `concurrency` at a time, 20 ms apart in each.
func load(for duration: Duration, _ call: @escaping @Sendable () async throws -> Int) async
  -> [Outcome]
{
  let end = ContinuousClock.now + duration
  return await withTaskGroup(of: [Outcome].self) { group in
    for _ in 0..<concurrency {
      group.addTask {
        var outcomes: [Outcome] = []
        while ContinuousClock.now < end {
          outcomes.append(await measured(call))
          try? await Task.sleep(for: .milliseconds(20))
        }
        return outcomes
      }
    }
    return await group.reduce(into: []) { $0 += $1 }
  }
}

func measured(_ call: () async throws -> Int) async -> Outcome {
  let start = ContinuousClock.now
  var succeeded = false
  var refused = false
  do {
    _ = try await call()
    succeeded = true
  } catch is CircuitBreakerOpenError {
    refused = true
  } catch {}
  let elapsed = start.duration(to: .now)
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  return Outcome(succeeded: succeeded, refusedByBreaker: refused, seconds: seconds)
}

/// A shared count of the calls started.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var taken = 0
  func take(below limit: Int) -> Int? {
    lock.withLock {
      guard taken < limit else { return nil }
      taken += 1
      return taken - 1
    }
  }
}

func percentile(_ outcomes: [Outcome], _ share: Double) -> String {
  let sorted = outcomes.map(\.seconds).sorted()
  let index = min(sorted.count - 1, Int((Double(sorted.count) * share).rounded(.up)) - 1)
  return "\(Int((sorted[max(index, 0)] * 1000).rounded())) ms"
}

func row(_ name: String, _ outcomes: [Outcome]) -> String {
  let succeeded = outcomes.count { $0.succeeded }
  let rate = (Double(succeeded) / Double(outcomes.count) * 1000).rounded() / 10
  return "| \(name) | \(outcomes.count) | \(succeeded) (\(rate) %) | "
    + "\(percentile(outcomes, 0.5)) | \(percentile(outcomes, 0.99)) |"
}

let skus = ["apple", "pear", "plum", "fig", "kiwi", "lime", "date", "quince"]
let plain = HTTPPriceClient(server: server)
let breaker = CircuitBreaker(
  policy: CircuitBreaker.Policy(
    failureRateThreshold: 0.8, window: .count(20), minimumCalls: 10,
    openInterval: .milliseconds(500), halfOpenCalls: 3),
  onStateChange: { from, to in print("circuit breaker: \(from) -> \(to)") })
let resilient =
  plain
  .withBulkhead(Bulkhead(policy: Bulkhead.Policy(maxConcurrentCalls: 10, maxWaitingCalls: 20)))
  .withTimeout(.milliseconds(300))
  .withCircuitBreaker(breaker)
  .withRetry(
    RetryPolicy(
      maxAttempts: 4, initialBackoff: .milliseconds(25), maxBackoff: .milliseconds(200),
      maxElapsed: .seconds(3))
  )
  .withMetrics()

let undecorated = await load(requests) { try await plain.price(sku: skus[$0 % skus.count]) }
let decorated = await load(requests) { try await resilient.price(sku: skus[$0 % skus.count]) }

var outage = URLRequest(url: URL(string: "\(server)/outage?ms=1000")!)
outage.httpMethod = "POST"
_ = try await URLSession.prices.data(for: outage)
let duringOutage = await load(for: .seconds(2.5)) { try await resilient.price(sku: "apple") }

let ordered = await load(orders) {
  try await resilient.order(sku: skus[$0 % skus.count], quantity: 1)
}
let (stats, _) = try await URLSession.prices.data(from: URL(string: "\(server)/stats")!)
let received =
  String(decoding: stats, as: UTF8.self).split(separator: " ").first { $0.hasPrefix("order=") }
  .map { $0.dropFirst("order=".count) }.flatMap { Int($0) } ?? 0

print(
  """

  \(requests) price reads, \(concurrency) at a time:

  | client | calls | succeeded | p50 | p99 |
  |---|---|---|---|---|
  \(row("as it is", undecorated))
  \(row("decorated", decorated))

  During a 1 s outage, \(duringOutage.count) calls in 2.5 s: \
  \(duringOutage.count { $0.refusedByBreaker }) refused by the open breaker at once, \
  \(duringOutage.count { $0.succeeded }) succeeded.
  Orders sent: \(orders), succeeded: \(ordered.count { $0.succeeded }), \
  received by the server: \(received).
  price calls through the metrics decorator: \(decorated.count + duringOutage.count)
  load done
  """)
// Written now: the script waiting for "load done" reads a file, to which stdout is buffered.
fflush(nil)

try await Task.sleep(for: .seconds(linger))
serving.cancel()
