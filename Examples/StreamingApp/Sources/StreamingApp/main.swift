import Foundation
import InMemoryTracing
import Logging
import MetricsTestKit
import StreamingServices
import Tracing
import VeneerRuntime

// The composition root: services are wrapped in generated decorators here, and nowhere else.

LoggingSystem.bootstrap { label in
  var handler = StreamLogHandler.standardOutput(label: label)
  handler.logLevel = .debug
  return handler
}
let logger = Logger(label: "streaming")

/// Prints each tracked event, where an app would send it to its analytics service.
struct PrintingTracker: AnalyticsTracker {
  func track(_ event: AnalyticsEvent) {
    let properties = event.properties.keys.sorted().map { "\($0)=\(event.properties[$0]!)" }
    print("analytics: \(event.name) \(properties.joined(separator: " "))")
  }
}

/// An in-memory cache that says when it answers a call.
struct AnnouncingCache: DecoratorCache {
  let storage = InMemoryCache(maximumEntryCount: 100)

  func value(for key: CacheKey) -> CachedValue? {
    let value = storage.value(for: key)
    if value != nil { print("cache hit: \(key.requirement)") }
    return value
  }
  func store(_ value: CachedValue, for key: CacheKey, timeToLive: Duration?) {
    storage.store(value, for: key, timeToLive: timeToLive)
  }
  func removeValues(forRequirement requirement: String) {
    print("cache cleared: \(requirement)")
    storage.removeValues(forRequirement: requirement)
  }
  func removeAll() { storage.removeAll() }
}

// Logging outside caching: every call is logged, and the second one answers from the cache.
let shows = AllShowsService().withCaching(AnnouncingCache()).withLogging(logger)
print("Shows:", await shows.allShows().map(\.title).joined(separator: ", "))
print("Again:", await shows.allShows().count, "shows")

// A generic service with primary associated types, used as an existential.
let episodes: any Service<Show, Int> = EpisodeCountService().withCaching(AnnouncingCache())
  .withLogging(logger)
let expanse = Show(id: 1, title: "The Expanse")
print("Episodes:", try await episodes(input: expanse), try await episodes(input: expanse))

// The password is redacted from the log; the user name is not.
let users = DemoUserService().withLogging(logger)
print("Signed in:", users.authenticate(username: "ada", password: "open sesame")?.name ?? "nobody")

// A completion handler, tracked under the event map's name in veneer.yml.
let loader = RecommendationsLoader().withAnalytics(PrintingTracker())
let loaded = await withCheckedContinuation { continuation in
  loader.load { continuation.resume(returning: $0) }
}
print("Recommendations:", (try? loaded.get()) ?? [])

// Cached completion handlers; creating a post clears the cached posts.
let posts = InMemoryPostRepo().withCaching(AnnouncingCache()).withAnalytics(PrintingTracker())
func post(_ id: Int) async -> String {
  await withCheckedContinuation { continuation in
    posts.getPost(id: id) { continuation.resume(returning: (try? $0.get().title) ?? "none") }
  }
}
print("Post:", await post(7), "/", await post(7))
_ = await withCheckedContinuation { continuation in
  posts.createPost(title: "Hello", body: "…") { continuation.resume(returning: $0) }
}
print("Post after creating another:", await post(7))

// On a server: every call a span and a timer. Tracing outermost, so the logger's metadata
// provider finds each call's span and logs its ids. An in-memory tracer and metrics backend
// stand in for an OpenTelemetry exporter and Prometheus.
let tracer = InMemoryTracer()
let metrics = TestMetrics()
let spanIDs = Logger.MetadataProvider {
  guard let span = InstrumentationContext.current?.inMemorySpanContext else { return [:] }
  return ["trace_id": "\(span.traceID)", "span_id": "\(span.spanID)"]
}
let tracedShows = AllShowsService().withCaching().withMetrics(metrics)
  .withLogging(Logger(label: "traced", metadataProvider: spanIDs)).withTracing(tracer)
_ = await tracedShows.allShows()
await tracedShows.markShowAsWatched(expanse, until: Date(timeIntervalSince1970: 0))
for span in tracer.finishedSpans {
  print("span: \(span.operationName) trace=\(span.traceID) span=\(span.spanID)")
}
for counter in metrics.counters.sorted(by: {
  "\($0.label)\($0.dimensions)" < "\($1.label)\($1.dimensions)"
})
where counter.totalValue > 0 {
  let requirement = counter.dimensions.first { $0.0 == "requirement" }?.1 ?? ""
  print("metric: \(counter.label){requirement=\(requirement)} \(counter.totalValue)")
}
