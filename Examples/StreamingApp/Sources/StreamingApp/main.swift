import Foundation
import Logging
import StreamingDecorators
import StreamingServices
import VeneerRuntime

// The composition root: services are wrapped in generated decorators here, and nowhere else.

LoggingSystem.bootstrap { label in
  var handler = StreamLogHandler.standardOutput(label: label)
  handler.logLevel = .debug
  return handler
}
let logger = Logger(label: "streaming")

struct PrintingTracker: AnalyticsTracker {
  func track(_ event: AnalyticsEvent) {
    print("analytics:", event.name)
  }
}

let shows = AllShowsService().withCaching(InMemoryCache()).withLogging(logger)
print("Shows:", await shows.allShows().map(\.title).joined(separator: ", "))
print("Again, from the cache:", await shows.allShows().count, "shows")

let users = DemoUserService().withLogging(logger)
print("Signed in:", users.authenticate(username: "ada", password: "open sesame")?.name ?? "nobody")

let loader = RecommendationsLoader().withAnalytics(PrintingTracker())
let loaded = await withCheckedContinuation { continuation in
  loader.load { continuation.resume(returning: $0) }
}
print("Recommendations:", (try? loaded.get()) ?? [])
