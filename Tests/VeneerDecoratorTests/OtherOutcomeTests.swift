import FixtureCatalog
import FixtureDecorators
import Testing
import VeneerRuntime

@Suite("Completion handlers without a Result, and Result returns")
struct OtherOutcomeTests {
  let valid = Post(id: 1, title: "Title", body: "")
  let invalid = Post(id: 2, title: "", body: "")

  @Test func loggingDescribesEveryCompletionValue() {
    let recorder = LogRecorder()
    let notifier = CountingNotifier(counter: CallCounter()).withLogging(recorder.logger())
    let deliveries = Deliveries<Int?>()
    notifier.lookup("abc") { value, _ in deliveries.append(value) }
    #expect(deliveries.values == [3])
    #expect(recorder.records.last?.message == "Notifier.lookup(_:completion:) completed")
    // Called with a `key`, which may be a secret, so what it hands back may be one too.
    #expect(recorder.records.last?.metadata["result"] == "<redacted>")
  }

  @Test func analyticsTracksCompletionsAndResultOutcomes() {
    let tracker = RecordingTracker()
    let notifier = CountingNotifier(counter: CallCounter()).withAnalytics(tracker)
    let deliveries = Deliveries<Bool>()
    notifier.refresh { deliveries.append(true) }
    #expect(notifier.validate(valid) == .success(valid))
    #expect(notifier.validate(invalid) == .failure(.notFound(id: 2)))
    #expect(deliveries.values == [true])
    #expect(tracker.names == ["notifier.refresh", "notifier.validate", "notifier.validate_failed"])
  }

  @Test func cachingStoresResultSuccessesOnly() {
    let counter = CallCounter()
    let notifier = CountingNotifier(counter: counter).withCaching(InMemoryCache())
    for _ in 0..<2 {
      #expect(notifier.validate(valid) == .success(valid))
      #expect(notifier.validate(invalid) == .failure(.notFound(id: 2)))
    }
    #expect(counter.calls == ["validate(1)", "validate(2)", "validate(2)"])
  }
}
