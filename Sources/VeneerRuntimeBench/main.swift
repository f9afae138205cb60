// What a decorated call costs, per built-in decorator, beside the same decorator written by hand
// and a direct call, with back ends that do nothing: a disabled log level, a tracker, tracer and
// metrics factory that drop what they get, a cache that holds every key.
// `swift run -c release veneer-runtime-bench [--calls N] [--only PREFIX]`, the latter to profile
// one decorator. Apart from `veneer-bench`, so that measuring the runtime does not build
// swift-syntax. Results: PERFORMANCE.md.
import CoreMetrics
import FixtureCatalog
import FixtureDecorators
import HandWrittenDecorators
import Logging
import ServerDecorators
import Tracing
import VeneerRuntime

struct DroppingTracker: AnalyticsTracker {
  func track(_ event: AnalyticsEvent) {}
}

let arguments = CommandLine.arguments
let calls =
  arguments.firstIndex(of: "--calls").flatMap { Int(arguments[$0 + 1]) } ?? 2_000_000
let only = arguments.firstIndex(of: "--only").map { arguments[$0 + 1] }
/// Distinct ids called, fewer than a cache's default capacity, so that caching rows measure hits.
let distinctIDs = 512

/// Prefixes for `fetchTitles(prefix:)`, one per id: the `String` keys of a cache.
let prefixes = (0..<distinctIDs).map { "titles starting with \($0)" }

/// Cities for `Forecasts`, one per id, longer than a small string: an argument that is
/// reference counted.
let cities = (0..<distinctIDs).map { "Llanfairpwllgwyngyll \($0)" }

/// The median, over five runs, of nanoseconds per `call(index)` for `calls` indices; `call`
/// returns whether it found what it asked for, as it always should.
@inline(__always)
func medianNanoseconds(_ call: (Int) -> Bool) -> Double {
  for id in 0..<distinctIDs { _ = call(id) }
  var runs: [Double] = []
  for _ in 0..<5 {
    var found = 0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for index in 0..<calls where call(index) { found += 1 }
    }
    precondition(found == calls)
    let nanoseconds =
      Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    runs.append(nanoseconds / Double(calls))
  }
  return runs.sorted()[2]
}

/// Nanoseconds per call of `store.note(id:)`, or of `fetchTitles(prefix:)` with `byString`.
@inline(never)
func nanosecondsPerCall(_ store: some NoteStore, byString: Bool = false) -> Double {
  if let only, !"\(type(of: store))".contains(only) { return .nan }
  return medianNanoseconds { index in
    let id = index & (distinctIDs - 1)
    return byString ? !store.fetchTitles(prefix: prefixes[id]).isEmpty : store.note(id: id) != nil
  }
}

/// Nanoseconds per call of `forecasts.celsius(of:)`, a `String` argument, or of
/// `forecast(city:days:metric:)`, three arguments, with `threeArguments`.
@inline(never)
func nanosecondsPerForecast(_ forecasts: some Forecasts, threeArguments: Bool = false) -> Double {
  if let only, !"\(type(of: forecasts))".contains(only) { return .nan }
  return medianNanoseconds { index in
    let city = cities[index & (distinctIDs - 1)]
    return threeArguments
      ? forecasts.forecast(city: city, days: index & 7, metric: index & 1 == 0) > 0
      : forecasts.celsius(of: city) > 0
  }
}

/// `HandLoggedForecasts` for one concrete base, declared where it is called, as an app writes
/// one by hand: the compiler sees its base and inlines the call.
struct ConcreteLoggedForecasts: Forecasts {
  let base: FixedForecasts
  let logger: Logger
  func celsius(of city: String) -> Int {
    logger.debug("Forecasts.celsius(of:) called", metadata: ["city": "\(city)"])
    let result = base.celsius(of: city)
    logger.debug("Forecasts.celsius(of:) returned", metadata: ["result": "\(result)"])
    return result
  }
  func forecast(city: String, days: Int, metric: Bool) -> Int {
    base.forecast(city: city, days: days, metric: metric)
  }
}

var quiet = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }
quiet.logLevel = .info
let notes = ListedNotes()
let forecasts = FixedForecasts()
let rows: [(String, hand: Double, generated: Double)] = [
  (
    "logging, level off", nanosecondsPerCall(HandLoggedNotes(notes, logger: quiet)),
    nanosecondsPerCall(notes.withLogging(quiet))
  ),
  (
    "logging, level off (`String` argument)",
    nanosecondsPerForecast(HandLoggedForecasts(forecasts, logger: quiet)),
    nanosecondsPerForecast(forecasts.withLogging(quiet))
  ),
  (
    "logging, level off (`String` argument, by hand for a concrete base in this module)",
    nanosecondsPerForecast(ConcreteLoggedForecasts(base: forecasts, logger: quiet)),
    nanosecondsPerForecast(forecasts.withLogging(quiet))
  ),
  (
    "logging, level off (three arguments)",
    nanosecondsPerForecast(HandLoggedForecasts(forecasts, logger: quiet), threeArguments: true),
    nanosecondsPerForecast(forecasts.withLogging(quiet), threeArguments: true)
  ),
  (
    "analytics, tracker dropping",
    nanosecondsPerCall(HandTrackedNotes(notes, tracker: DroppingTracker())),
    nanosecondsPerCall(notes.withAnalytics(DroppingTracker()))
  ),
  (
    "caching, hit (`Int` key)", nanosecondsPerCall(HandCachedNotes(notes)),
    nanosecondsPerCall(notes.withCaching())
  ),
  (
    "caching, hit (`String` key)", nanosecondsPerCall(HandCachedNotes(notes), byString: true),
    nanosecondsPerCall(notes.withCaching(), byString: true)
  ),
  (
    "tracing, no-op tracer", nanosecondsPerCall(HandTracedNotes(notes, tracer: NoOpTracer())),
    nanosecondsPerCall(notes.withTracing(NoOpTracer()))
  ),
  (
    "metrics, no-op factory",
    nanosecondsPerCall(HandMeteredNotes(notes, factory: NOOPMetricsHandler.instance)),
    nanosecondsPerCall(notes.withMetrics(NOOPMetricsHandler.instance))
  ),
  (
    "interception, before and after",
    nanosecondsPerCall(HandInterceptedNotes(notes, before: { _ in }, after: { _, _ in })),
    nanosecondsPerCall(
      notes.intercepted { hooks in
        hooks.note.before = { _ in }
        hooks.note.after = { _, _ in }
      })
  ),
]
/// The median, over five runs, of nanoseconds per `await call(index)` for `calls` indices.
func medianAsyncNanoseconds(_ call: (Int) async throws -> Int) async rethrows -> Double {
  for id in 0..<distinctIDs { _ = try await call(id) }
  var runs: [Double] = []
  for _ in 0..<5 {
    var total = 0
    let clock = ContinuousClock()
    let start = clock.now
    for index in 0..<calls { total &+= try await call(index) }
    let elapsed = start.duration(to: clock.now)
    precondition(total > 0)
    runs.append(
      (Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
        / Double(calls))
  }
  return runs.sorted()[2]
}

/// Nanoseconds per call of `prices.price(sku:)`, an async throwing call that succeeds: each
/// policy's happy path.
@inline(never)
func nanosecondsPerPrice(_ prices: some PriceService) async -> Double {
  if let only, !"\(type(of: prices))".contains(only) { return .nan }
  return
    (try? await medianAsyncNanoseconds { index in
      try await prices.price(sku: cities[index & (distinctIDs - 1)])
    }) ?? .nan
}

let prices = FixedPrices()
let resilienceRows: [(String, hand: Double, generated: Double)] = [
  (
    "retry, no failure", await nanosecondsPerPrice(HandRetriedPrices(prices)),
    await nanosecondsPerPrice(prices.withRetry())
  ),
  (
    "circuit breaker, closed", await nanosecondsPerPrice(HandBrokenPrices(prices)),
    await nanosecondsPerPrice(prices.withCircuitBreaker())
  ),
  (
    "bulkhead, a place free", await nanosecondsPerPrice(HandBulkheadPrices(prices)),
    await nanosecondsPerPrice(prices.withBulkhead())
  ),
  (
    "rate limit, a token there",
    await nanosecondsPerPrice(HandLimitedPrices(prices, permitsPerSecond: 1 << 40, burst: 1 << 20)),
    await nanosecondsPerPrice(
      prices.withRateLimit(
        RateLimiter(policy: RateLimiter.Policy(permits: 1 << 40, burst: 1 << 20))))
  ),
]
/// Nanoseconds per call, over the whole process, of 16 tasks calling `prices.price(sku:)` at
/// once on the machine's cores: each policy's lock and queue under contention. The median of
/// five runs.
@inline(never)
func contendedNanosecondsPerPrice(_ prices: some PriceService) async -> Double {
  if let only, !"\(type(of: prices))".contains(only) { return .nan }
  let tasks = 16
  let perTask = max(calls / tasks, 1)
  var runs: [Double] = []
  for _ in 0..<5 {
    let clock = ContinuousClock()
    let start = clock.now
    await withTaskGroup(of: Int.self) { group in
      for task in 0..<tasks {
        group.addTask {
          var total = 0
          for index in 0..<perTask {
            total &+=
              (try? await prices.price(sku: cities[(index &+ task) & (distinctIDs - 1)])) ?? 0
          }
          return total
        }
      }
      var total = 0
      for await part in group { total &+= part }
      precondition(total > 0)
    }
    let elapsed = start.duration(to: clock.now)
    runs.append(
      (Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
        / Double(tasks * perTask))
  }
  return runs.sorted()[2]
}

let contendedRows: [(String, Double)] = [
  ("retry", await contendedNanosecondsPerPrice(prices.withRetry())),
  ("circuit breaker", await contendedNanosecondsPerPrice(prices.withCircuitBreaker())),
  (
    "bulkhead, 2 places, 16 waiting",
    await contendedNanosecondsPerPrice(
      prices.withBulkhead(
        Bulkhead(policy: Bulkhead.Policy(maxConcurrentCalls: 2, maxWaitingCalls: 16))))
  ),
  (
    "rate limit, tokens enough",
    await contendedNanosecondsPerPrice(
      prices.withRateLimit(
        RateLimiter(policy: RateLimiter.Policy(permits: 1 << 40, burst: 1 << 20))))
  ),
]
let directPrice = await nanosecondsPerPrice(prices)
let direct = nanosecondsPerCall(notes)
func rounded(_ nanoseconds: Double) -> Double { (nanoseconds * 10).rounded() / 10 }
print(
  "ns per call of `note(id:)` (`fetchTitles(prefix:)` for a `String` key, `Forecasts` for"
    + " logging's argument shapes), median of 5 × \(calls) calls; a direct call: \(rounded(direct))"
)
print("")
print("| decorator | hand-written | generated | generated / hand-written |")
print("|---|---|---|---|")
for (name, hand, generated) in rows {
  print("| \(name) | \(rounded(hand)) | \(rounded(generated)) | \(rounded(generated / hand)) |")
}
print("")
print(
  "ns per call of `price(sku:)`, async throwing, median of 5 × \(calls) calls; a direct call: "
    + "\(rounded(directPrice))")
print("")
print("| decorator | hand-written | generated | generated / hand-written |")
print("|---|---|---|---|")
for (name, hand, generated) in resilienceRows {
  print("| \(name) | \(rounded(hand)) | \(rounded(generated)) | \(rounded(generated / hand)) |")
}
print("")
print("ns per call of `price(sku:)` from 16 tasks at once, median of 5 runs:")
print("")
print("| decorator | contended |")
print("|---|---|")
for (name, nanoseconds) in contendedRows {
  print("| \(name) | \(rounded(nanoseconds)) |")
}
