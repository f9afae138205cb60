import VeneerMacros

/// Prints each event the analytics decorator tracks.
struct PrintingTracker: AnalyticsTracker {
  func track(_ event: AnalyticsEvent) { print("event \(event)") }
}

var logger = Logger(label: "macro-app")
logger.logLevel = .debug
let repo = HTTPPostRepo().withCaching(InMemoryCache()).withAnalytics(PrintingTracker())
  .withLogging(logger)
let first = try await repo.getPost(id: 1)
let again = try await repo.getPost(id: 1)
print(first.title, first == again ? "(the second from the cache)" : "")
_ = try await repo.login(user: "ada", password: "guess")
let count = WordCount().withTimeout(.seconds(1)).withLogging(logger)
print("words:", try await count(input: "decorators without a plugin"))
