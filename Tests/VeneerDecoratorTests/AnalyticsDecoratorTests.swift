import FixtureCatalog
import FixtureDecorators
import Testing
import VeneerRuntime

@Suite("Analytics decorators")
struct AnalyticsDecoratorTests {
  @Test func completionHandlerSuccessAndFailureAreDistinctEvents() {
    let tracker = RecordingTracker()
    let deliveries = Deliveries<Result<[String], any Error>>()
    FailingLoader(fails: false).withAnalytics(tracker).load { deliveries.append($0) }
    FailingLoader(fails: true).withAnalytics(tracker).load { deliveries.append($0) }
    #expect(tracker.names == ["loader_service.load", "loader_service.load_failed"])
    #expect(tracker.events[1].properties["error"] == .string("TestFailure"))
    #expect(deliveries.values.count == 2)
    #expect(tracker.events.allSatisfy { $0.properties["duration_ms"] != nil })
  }

  @Test func throwingMethodsTrackSuccessOrFailure() async {
    let tracker = RecordingTracker()
    let repository = CountingUserRepository(counter: CallCounter()).withAnalytics(tracker)
    _ = try? await repository.user(named: "ada")
    _ = try? await repository.user(named: "missing")
    #expect(tracker.names == ["user_repository.user", "user_repository.user_failed"])
  }

  @Test func annotatedEventNamesAndPropertiesNeverRedactedOnes() {
    let tracker = RecordingTracker()
    let repo = CountingPostRepo(counter: CallCounter()).withAnalytics(tracker)
    repo.createPost(title: "Hello", body: "World") { _ in }
    #expect(tracker.names == ["post_created"])
    #expect(tracker.events[0].properties["title"] == .string("Hello"))
    #expect(tracker.events[0].properties["body"] == nil)

    let service = CountingUserService(counter: CallCounter()).withAnalytics(tracker)
    _ = service.authenticate(username: "ada", password: "right")
    #expect(tracker.events.last?.name == "login")
    #expect(tracker.events.last?.properties["username"] == .string("ada"))
    #expect(tracker.events.last?.properties["password"] == nil)
  }
}
