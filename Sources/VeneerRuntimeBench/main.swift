// What a decorated call costs over a direct one, per built-in decorator, with back ends that
// do nothing: a disabled log level, a tracker, tracer and metrics factory that drop what they
// get. `swift run -c release veneer-runtime-bench [--calls N]`. Apart from `veneer-bench`, so
// that measuring the runtime does not build swift-syntax. Results: PERFORMANCE.md.
import CoreMetrics
import FixtureCatalog
import FixtureDecorators
import Logging
import ServerDecorators
import Tracing
import VeneerRuntime

struct Notes: NoteStore {
  func note(id: Int) -> String? { id >= 0 ? "note" : nil }
  func fetchTitles(prefix: String) -> [String] { [] }
  func save(_ note: String) -> Bool { true }
  func generate(seed: Int) -> String { "" }
}

struct DroppingTracker: AnalyticsTracker {
  func track(_ event: AnalyticsEvent) {}
}

let arguments = CommandLine.arguments
let calls =
  arguments.firstIndex(of: "--calls").flatMap { Int(arguments[$0 + 1]) } ?? 2_000_000

/// The median, over five runs, of nanoseconds per call of `store.note(id:)`.
@inline(never)
func nanosecondsPerCall(_ store: some NoteStore) -> Double {
  var runs: [Double] = []
  for _ in 0..<5 {
    var found = 0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for index in 0..<calls where store.note(id: index & 1023) != nil { found += 1 }
    }
    precondition(found == calls)
    let nanoseconds =
      Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    runs.append(nanoseconds / Double(calls))
  }
  return runs.sorted()[2]
}

var quiet = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }
quiet.logLevel = .info
let rows: [(String, Double)] = [
  ("direct call", nanosecondsPerCall(Notes())),
  ("logging, level off", nanosecondsPerCall(Notes().withLogging(quiet))),
  ("analytics, tracker dropping", nanosecondsPerCall(Notes().withAnalytics(DroppingTracker()))),
  ("caching, hit", nanosecondsPerCall(Notes().withCaching())),
  ("tracing, no-op tracer", nanosecondsPerCall(Notes().withTracing(NoOpTracer()))),
  ("metrics, no-op factory", nanosecondsPerCall(Notes().withMetrics(NOOPMetricsHandler.instance))),
]
print("| decorator | ns per call (median of 5 × \(calls) calls) |")
print("|---|---|")
for (name, nanoseconds) in rows {
  print("| \(name) | \((nanoseconds * 10).rounded() / 10) |")
}
