import CoreMetrics
import FixtureCatalog
import Foundation
import InMemoryTracing
import Logging
import MetricsTestKit
import ServerDecorators
import Testing
import Tracing
import VeneerTracing

/// Tracing and metrics decorators, run against swift-distributed-tracing's and swift-metrics'
/// own test kits.
@Suite("Tracing and metrics decorators")
struct ServerDecoratorTests {
  /// A repository whose completion handlers run when the test says: to see when a span ends.
  final class HeldPostRepo: PostRepo, @unchecked Sendable {
    private let lock = NSLock()
    private var held: [@Sendable (Result<Post, any Error>) -> Void] = []

    func getPost(id: Int, completion: @escaping @Sendable (Result<Post, any Error>) -> Void) {
      lock.withLock { held.append(completion) }
    }
    func createPost(
      title: String, body: String,
      completion: @escaping @Sendable (Result<Post, any Error>) -> Void
    ) {
      completion(.failure(TestFailure()))
    }
    /// Calls the first held handler `times` times.
    func deliver(times: Int) {
      let completion = lock.withLock { held.removeFirst() }
      for _ in 0..<times { completion(.success(Post(id: 1, title: "t", body: "b"))) }
    }
  }

  @Test func eachCallIsASpanNamedForItsRequirementWithCodeAttributes() async throws {
    let tracer = InMemoryTracer()
    let service = LengthService(counter: CallCounter()).withTracing(tracer)
    #expect(try await service(input: "four") == 4)
    let span = try #require(tracer.finishedSpans.first)
    #expect(tracer.finishedSpans.count == 1)
    #expect(span.operationName == "Service.callAsFunction")
    #expect(span.kind == .internal)
    #expect(
      span.attributes["code.function.name"]?.toSpanAttribute() == "Service.callAsFunction(input:)")
    #expect(span.attributes["code.namespace"] == nil && span.attributes["code.function"] == nil)
    #expect(span.errors.isEmpty)
    #expect(span.status == nil)
  }

  @Test func aThrownErrorIsRecordedAndTheSpanFailed() async throws {
    let tracer = InMemoryTracer()
    let service = LengthService(counter: CallCounter()).withTracing(tracer, kind: .client)
    await #expect(throws: TestFailure.self) { try await service(input: "") }
    let span = try #require(tracer.finishedSpans.first)
    #expect(span.kind == .client)
    #expect(span.errors.count == 1)
    // Recorded by its type, never its message, which may quote what the call was given.
    let recorded = span.errors.first?.error as? VeneerTracing.RedactedError
    #expect(recorded?.typeName == "TestFailure")
    #expect(recorded?.description == "TestFailure")
    #expect(span.status?.code == .error)
  }

  /// A decorated call made inside another's span is its child: the outer span is the current
  /// context while the inner call runs.
  @Test func nestedDecoratedCallsAreParentAndChild() async throws {
    let tracer = InMemoryTracer()
    struct Outer: Service {
      let inner: any Service<String, Int>
      func callAsFunction(input: String) async throws -> Int {
        try await inner(input: input) * 2
      }
    }
    let inner = LengthService(counter: CallCounter()).withTracing(tracer)
    let outer = Outer(inner: inner).withTracing(tracer)
    #expect(try await outer(input: "ab") == 4)
    let spans = tracer.finishedSpans
    #expect(spans.count == 2)
    let (child, parent) = (spans[0], spans[1])
    #expect(child.parentSpanID == parent.spanID)
    #expect(child.traceID == parent.traceID)
    #expect(parent.parentSpanID == nil)
  }

  /// A completion handler's span ends when the handler is called, not when the call returns,
  /// and once however often the handler is called; the handler runs in the caller's context.
  @Test func aCompletionHandlersSpanEndsOnCompletionAndOnce() throws {
    let tracer = InMemoryTracer()
    let repo = HeldPostRepo()
    let decorated = repo.withTracing(tracer)
    let deliveries = Deliveries<Bool>()
    decorated.getPost(id: 1) { _ in
      deliveries.append(InstrumentationContext.current == nil)
    }
    #expect(tracer.finishedSpans.isEmpty)
    #expect(tracer.activeSpans.count == 1)
    repo.deliver(times: 2)
    #expect(tracer.finishedSpans.count == 1)
    #expect(tracer.activeSpans.isEmpty)
    #expect(deliveries.values == [true, true])

    decorated.createPost(title: "t", body: "b") { _ in }
    let failed = try #require(tracer.finishedSpans.last)
    #expect(failed.operationName == "PostRepo.createPost")
    #expect(failed.status?.code == .error)
  }

  struct Validator: Notifier {
    func refresh(done: @escaping @Sendable () -> Void) { done() }
    func lookup(_ key: String, completion: @escaping @Sendable (Int?, (any Error)?) -> Void) {
      completion(nil, nil)
    }
    func validate(_ post: Post) -> Result<Post, PostError> {
      post.title.isEmpty ? .failure(.notFound(id: post.id)) : .success(post)
    }
  }

  /// A returned `Result`'s failure is recorded on the span like a thrown error; a plain
  /// completion handler ends its span when it is called.
  @Test func aReturnedFailureIsRecordedAndPlainHandlersEndTheirSpans() throws {
    let tracer = InMemoryTracer()
    let validator = Validator().withTracing(tracer)
    _ = validator.validate(Post(id: 1, title: "", body: ""))
    _ = validator.validate(Post(id: 2, title: "t", body: ""))
    validator.refresh {}
    let spans = tracer.finishedSpans
    #expect(
      spans.map(\.operationName) == [
        "Notifier.validate", "Notifier.validate", "Notifier.refresh",
      ])
    #expect(spans.map { $0.status?.code } == [.error, nil, nil])
  }

  struct Directory: Lookup {
    func find(id: Int, token: String) async throws -> String { "entry \(id)" }
  }

  /// `tracing(span:attributes:)` names the span and records the arguments it lists, but never
  /// a secret one.
  @Test func annotatedArgumentsBecomeAttributesButNeverASecret() async throws {
    let tracer = InMemoryTracer()
    _ = try await Directory().withTracing(tracer).find(id: 7, token: "s3cr3t")
    let span = try #require(tracer.finishedSpans.first)
    #expect(span.operationName == "lookup.find")
    #expect(span.attributes["id"]?.toSpanAttribute() == 7)
    #expect(span.attributes["token"] == nil)
    #expect(!"\(span.attributes)".contains("s3cr3t"))
  }

  /// A factory that counts the metric objects it makes.
  final class CountingFactory: MetricsFactory, @unchecked Sendable {
    let metrics = TestMetrics()
    private let lock = NSLock()
    private var made = 0
    var madeCount: Int { lock.withLock { made } }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
      lock.withLock { made += 1 }
      return metrics.makeCounter(label: label, dimensions: dimensions)
    }
    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool)
      -> any RecorderHandler
    {
      lock.withLock { made += 1 }
      return metrics.makeRecorder(label: label, dimensions: dimensions, aggregate: aggregate)
    }
    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
      lock.withLock { made += 1 }
      return metrics.makeTimer(label: label, dimensions: dimensions)
    }
    func destroyCounter(_ handler: any CounterHandler) {}
    func destroyRecorder(_ handler: any RecorderHandler) {}
    func destroyTimer(_ handler: any TimerHandler) {}
  }

  /// A property the decorator forwards unmeasured registers no series: a zero that is never
  /// measured would read as a requirement never called.
  @Test func whatIsNeverMeasuredHasNoSeries() throws {
    let factory = CountingFactory()
    let registry = RealShapesTests.Registry().withMetrics(factory)
    #expect(registry.run("build") == 1)
    #expect(registry.commands == ["build": 1])
    let requirements = Set(
      factory.metrics.counters.flatMap(\.dimensions).filter { $0.0 == "requirement" }.map(\.1))
    #expect(requirements == ["run(_:)"], "\(requirements)")
  }

  @Test func callsAreCountedAndTimedAndFailuresCountedApart() async throws {
    let factory = CountingFactory()
    let service = LengthService(counter: CallCounter()).withMetrics(factory)
    // Made once, with the decorator: a counter of calls, one of failures, and a timer.
    #expect(factory.madeCount == 3)
    _ = try await service(input: "one")
    _ = try await service(input: "three")
    await #expect(throws: TestFailure.self) { try await service(input: "") }
    #expect(factory.madeCount == 3)

    let dimensions = [("protocol", "Service"), ("requirement", "callAsFunction(input:)")]
    let metrics = factory.metrics
    #expect(try metrics.expectCounter("veneer.calls", dimensions).totalValue == 3)
    #expect(try metrics.expectCounter("veneer.failures", dimensions).totalValue == 1)
    let timer = try metrics.expectTimer("veneer.call.duration", dimensions)
    #expect(timer.values.count == 3)
    #expect(timer.displayUnit == .seconds)
  }

  @Test func completionHandlersAndResultsAreMeteredByTheirOutcome() throws {
    let factory = CountingFactory()
    let loader = FailingLoader(fails: true).withMetrics(
      factory, prefix: "app", dimensions: [("service", "feed")])
    loader.load { _ in }
    FailingLoader(fails: false).withMetrics(
      factory, prefix: "app", dimensions: [("service", "feed")]
    )
    .load { _ in }
    let dimensions = [
      ("protocol", "LoaderService"), ("requirement", "load(completion:)"), ("service", "feed"),
    ]
    #expect(try factory.metrics.expectCounter("app.calls", dimensions).totalValue == 2)
    #expect(try factory.metrics.expectCounter("app.failures", dimensions).totalValue == 1)
  }

  /// With tracing outside logging, a logger's metadata provider finds the span of the call it
  /// logs: each record carries its trace and span ids.
  @Test func logsInsideATracedCallCarryItsTraceAndSpanIDs() async throws {
    let tracer = InMemoryTracer()
    let recorder = LogRecorder()
    let spanIDs = Logger.MetadataProvider {
      guard let span = InstrumentationContext.current?.inMemorySpanContext else { return [:] }
      return ["trace_id": "\(span.traceID)", "span_id": "\(span.spanID)"]
    }
    let service = LengthService(counter: CallCounter())
      .withLogging(recorder.logger(metadataProvider: spanIDs)).withTracing(tracer)
    _ = try await service(input: "abc")
    let span = try #require(tracer.finishedSpans.first)
    #expect(recorder.records.count == 2)
    for record in recorder.records {
      #expect(record.metadata["trace_id"] == span.traceID)
      #expect(record.metadata["span_id"] == span.spanID)
    }
  }

  /// The five built-ins compose in any order over one service.
  @Test func tracingAndMetricsComposeWithTheOtherBuiltIns() async throws {
    let tracer = InMemoryTracer()
    let factory = CountingFactory()
    let recorder = LogRecorder()
    let service = LengthService(counter: CallCounter())
      .withCaching().withMetrics(factory).withLogging(recorder.logger())
      .withTracing(tracer).withAnalytics(RecordingTracker())
    #expect(try await service(input: "abc") == 3)
    #expect(try await service(input: "abc") == 3)
    #expect(tracer.finishedSpans.count == 2)
    #expect(recorder.records.count == 4)
  }

  /// A builder's copies trace and count with the tracer and factory the first was made with.
  @Test func buildersAreTracedAndCountedAlongTheChain() async throws {
    let tracer = InMemoryTracer()
    let factory = CountingFactory()
    let query = RealShapesTests.Query(sql: "SELECT *").withTracing(tracer).withMetrics(factory)
    let built = try await query.filter("a = 1").limit(3)
    #expect(built.sql == "SELECT * WHERE a = 1 LIMIT 3")
    #expect(
      tracer.finishedSpans.map(\.operationName) == ["QueryBuilder.filter", "QueryBuilder.limit"])
    let dimensions = [("protocol", "QueryBuilder"), ("requirement", "limit(_:)")]
    #expect(try factory.metrics.expectCounter("veneer.calls", dimensions).totalValue == 1)
    // Three metrics for each of its five methods, made once; `sql`, a property, has none.
    #expect(factory.madeCount == 3 * 5)
  }
}
