import FixtureCatalog
import FixtureDecorators
import Logging
import Testing
import VeneerRuntime

/// Shapes of real packages' protocols, decorated and called: each compiled wrongly once.
@Suite("Shapes from real packages")
struct RealShapesTests {
  final class Tape: Writer, @unchecked Sendable {
    var values: [Int] = []
    func read() -> Int { values.last ?? 0 }
    func write(_ value: Int) { values.append(value) }
  }

  /// A protocol class-bound only through its parent gets class decorators, which a weak
  /// reference, as only class-bound protocols allow, can hold.
  @Test func classBoundnessIsInheritedThroughTheWholeGraph() {
    let tape = Tape()
    let recorder = LogRecorder()
    let writer: any Writer = tape.withLogging(recorder.logger())
    weak let weakWriter: (any Writer)? = writer
    weakWriter?.write(7)
    #expect(writer.read() == 7)
    #expect(tape.values == [7])
    #expect(recorder.records.count == 4)
  }

  @MainActor struct Detail: DetailScreen {
    func show() {}
    func detail() -> String { "detail" }
  }

  /// Isolated to the main actor through its parent: so is the decorator.
  @MainActor @Test func globalActorIsolationIsInherited() {
    let screen = Detail().withLogging(LogRecorder().logger())
    #expect(screen.detail() == "detail")
  }

  final class Name: @unchecked Sendable { var value = "" }
  struct Span: Traced {
    let name = Name()
    var operationName: String {
      get { name.value }
      nonmutating set { name.value = newValue }
    }
  }

  /// A `nonmutating` setter stays one: set through a constant decorator.
  @Test func nonmutatingSettersAreForwardedAsSuch() {
    let span = Span()
    let decorated = span.withLogging(LogRecorder().logger())
    decorated.operationName = "GET /posts"
    #expect(span.operationName == "GET /posts")
    #expect(decorated.operationName == "GET /posts")
  }

  struct Bytes: Serializer {
    func serialize<Output: RangeReplaceableCollection<UInt8>>(_ message: Int) throws -> Output {
      Output([UInt8(message), UInt8(message + 1)])
    }
  }

  /// A generic parameter that only the result names is inferred from the caller's type.
  @Test func aResultOnlyGenericParameterIsInferred() throws {
    let recorder = LogRecorder()
    let decorated = Bytes().withLogging(recorder.logger())
    let bytes: [UInt8] = try decorated.serialize(4)
    #expect(bytes == [4, 5])
    // Bytes, in whatever collection they come, are their count.
    #expect(recorder.records.last?.metadata["result"] == "2 bytes")
  }

  struct Directory: LegacyDirectory {
    let counter = CallCounter()
    func displayName(for id: Int) -> String! {
      counter.record("displayName")
      return id == 0 ? nil : "user \(id)"
    }
  }

  /// An implicitly unwrapped result is cached, intercepted and logged as the optional it is:
  /// `String!` names no type in a closure or a generic argument.
  @Test func anImplicitlyUnwrappedResultIsCachedAsItsOptional() {
    let directory = Directory()
    let cached = directory.withCaching()
    #expect(cached.displayName(for: 1) == "user 1")
    #expect(cached.displayName(for: 1) == "user 1")
    #expect(cached.displayName(for: 0) == nil)
    #expect(directory.counter.count("displayName") == 2)
    let intercepted = directory.intercepted { $0.displayName.instead = { _, _ in "stand-in" } }
    #expect(intercepted.displayName(for: 1) == "stand-in")
    let recorder = LogRecorder()
    #expect(directory.withLogging(recorder.logger()).displayName(for: 2) == "user 2")
    #expect(recorder.records.last?.metadata["result"] == "<private>")
  }

  struct Counting: Converter {
    func convert<Input, Output: BinaryInteger>(_ value: Input) -> Output {
      Output(String(describing: value).count)
    }
  }

  /// `Output` is named by the result alone, beside `Input`, which the argument names: the
  /// forwarding call says which `Output`.
  @Test func aResultOnlyGenericParameterIsInferredBesideOthers() {
    let recorder = LogRecorder()
    let tracker = RecordingTracker()
    let decorated = Counting().withLogging(recorder.logger()).withAnalytics(tracker)
    let count: Int = decorated.convert("four")
    let small: UInt8 = decorated.convert([1, 2, 3])
    #expect(count == 4)
    #expect(small == 9)
    #expect(recorder.records.count == 4)
    #expect(tracker.names == ["converter.convert", "converter.convert"])
  }

  struct Steady: Ticker {
    var ticks: Int { 3 }
    func next() -> Int { 7 }
  }

  /// `throws(Never)` is not throwing: called without `try`, no failure to log or track.
  @Test func throwsNeverIsCalledAsNotThrowing() {
    let recorder = LogRecorder()
    let tracker = RecordingTracker()
    let ticker = Steady().withLogging(recorder.logger()).withAnalytics(tracker).withCaching()
    #expect(ticker.next() == 7)
    #expect(ticker.ticks == 3)
    #expect(recorder.records.map(\.message) == ["Ticker.next() called", "Ticker.next() returned"])
    #expect(tracker.names == ["ticker.next"])
  }

  final class Events: @unchecked Sendable {
    var received: [String] = []
  }
  struct Stream: Listener {
    func listen(streamHandler: @escaping @Sendable (Int, String) async -> Void) async throws {
      for index in 0..<3 { await streamHandler(index, "event") }
    }
    func subscribe(_ onValue: @escaping @Sendable (Int) async -> Void) {}
    func each(body: @escaping @Sendable (Int) -> Void) {
      for index in 0..<3 { body(index) }
    }
  }

  /// Closures that are no completion handlers are passed on as they are: called as often as
  /// the base calls them, and the call logged once, when it returns.
  @Test func closuresThatAreNotCompletionHandlersAreForwardedAsTheyAre() async throws {
    let recorder = LogRecorder()
    let events = Events()
    let decorated = Stream().withLogging(recorder.logger())
    try await decorated.listen { index, name in events.received.append("\(name) \(index)") }
    decorated.each { index in events.received.append("each \(index)") }
    #expect(
      events.received == ["event 0", "event 1", "event 2", "each 0", "each 1", "each 2"])
    #expect(
      recorder.records.map(\.message) == [
        "Listener.listen(streamHandler:) called", "Listener.listen(streamHandler:) returned",
        "Listener.each(body:) called", "Listener.each(body:) returned",
      ])
  }

  struct Store: KeyValueStore {
    let logger: Logger
    var base: String { "store" }
    var cache: [String: Int] { ["a": 1] }
    func tracker() -> String { "tracked" }
    func value(for key: String, logger: String) -> Int? { cache[key] }
    func store(_ value: Int, for key: String, cache: Bool, level: Int) {}
    func entry(base: String) -> String { "\(self.base)/\(base)" }
  }

  /// Requirements named `logger`, `base`, `cache` and `tracker` are the protocol's, forwarded;
  /// the decorators keep their own under other names, and parameters called `logger` or
  /// `level` do not stand in for the decorator's. `Logger` is known from the parent's file.
  @Test func requirementsAndParametersNamedLikeTheDecoratorsStorageKeepTheirMeaning() {
    let ownLogs = LogRecorder()
    let decoratorLogs = LogRecorder()
    let tracker = RecordingTracker()
    let store = Store(logger: ownLogs.logger())
    let decorated = store.withLogging(decoratorLogs.logger(level: .info), level: .info)
      .withAnalytics(tracker).withCaching()
    #expect(decorated.base == "store")
    #expect(decorated.cache == ["a": 1])
    #expect(decorated.tracker() == "tracked")
    #expect(decorated.entry(base: "x") == "store/x")
    #expect(decorated.value(for: "a", logger: "caller") == 1)
    decorated.store(2, for: "b", cache: true, level: 99)
    decorated.logger.info("own")

    #expect(ownLogs.records.map(\.message) == ["own"])
    #expect(
      decoratorLogs.records.contains {
        $0.message == "KeyValueStore.value(for:logger:) called" && $0.metadata["logger"] == "caller"
      })
    #expect(
      decoratorLogs.records.filter { $0.level == .info }.map(\.message).contains(
        "KeyValueStore.store(_:for:cache:level:) called"))
    #expect(tracker.names.contains("key_value_store.tracker"))
  }

  final class Diary: Journal, @unchecked Sendable {
    var values = [3]
    var name = "diary"
    func read() -> Int { values.last ?? 0 }
    var operationName: String {
      get { name }
      set { name = newValue }
    }
    func entries() -> [String] { values.map(String.init) }
  }

  struct Wall: Clock {
    func now() -> Int { 42 }
  }

  /// Protocols inherited through type aliases (a composition, and one declared twice under
  /// `#if`) bring their requirements and constraints: `Journal` is class-bound through
  /// `Reader`, so its decorators are classes a weak reference can hold.
  @Test func protocolsInheritedThroughTypeAliasesAreDecorated() {
    let recorder = LogRecorder()
    let journal: any Journal = Diary().withLogging(recorder.logger())
    weak let weakJournal: (any Journal)? = journal
    #expect(weakJournal?.read() == 3)
    #expect(journal.operationName == "diary")
    #expect(journal.entries() == ["3"])
    #expect(Wall().withLogging(recorder.logger()).withCaching().now() == 42)
    #expect(recorder.records.map(\.message).contains("Journal.entries() called"))
  }

  struct Bytes2: ByteEncoder {
    func encode(into buffer: inout [UInt8]) { buffer.append(2) }
  }

  /// A requirement a refinement declares again without `throws` is forwarded once, without
  /// `try`: callable where no error can be handled.
  @Test func aRequirementRedeclaredWithFewerEffectsIsForwardedOnce() {
    let recorder = LogRecorder()
    var buffer: [UInt8] = []
    Bytes2().withLogging(recorder.logger()).withCaching().encode(into: &buffer)
    #expect(buffer == [2])
    #expect(recorder.records.map(\.message).first == "ByteEncoder.encode(into:) called")
  }

  struct NotFound: Error {}
  final class Calls: @unchecked Sendable { var count = 0 }
  struct LegacyRepo: LegacyPostRepo {
    let calls = Calls()
    func getPost(id: Int, completion: (LegacyResult<String>) -> Void) {
      calls.count += 1
      completion(id > 0 ? .value("post \(id)") : .error(NotFound()))
    }
    func createPost(
      title: String, body: String, completion: @escaping (LegacyResult<Int>) -> Void
    ) {
      completion(.value(7))
    }
  }

  /// An app's own result enum reads as success and failure, through a handler that does not
  /// escape: logged, tracked, and cached on success only, answered in the app's own case.
  @Test func anAppsOwnResultEnumAndNonEscapingHandlersAreDecorated() {
    let recorder = LogRecorder()
    let tracker = RecordingTracker()
    let repo = LegacyRepo()
    let decorated = repo.withCaching().withLogging(recorder.logger()).withAnalytics(tracker)
    var received: [String] = []
    for id in [1, 1, -1, -1] {
      decorated.getPost(id: id) { result in
        switch result {
        case .value(let post): received.append(post)
        case .error: received.append("error")
        }
      }
    }
    #expect(received == ["post 1", "post 1", "error", "error"])
    #expect(repo.calls.count == 3)
    #expect(
      tracker.names == [
        "legacy_post_repo.get_post", "legacy_post_repo.get_post",
        "legacy_post_repo.get_post_failed", "legacy_post_repo.get_post_failed",
      ])
    let outcomes = recorder.records.map(\.message).filter { !$0.hasSuffix("called") }
    #expect(
      outcomes == [
        "LegacyPostRepo.getPost(id:completion:) returned",
        "LegacyPostRepo.getPost(id:completion:) returned",
        "LegacyPostRepo.getPost(id:completion:) threw",
        "LegacyPostRepo.getPost(id:completion:) threw",
      ])
  }

  struct Spans: SpanMaker {
    let ended = Calls()
    func startSpan(named name: String) -> String { "span \(name)" }
    func end(_ span: String) { ended.count += 1 }
  }

  /// `Self.Span`, an associated type, is the base's `Span` in each decorator.
  @Test func selfQualifiedAssociatedTypesAreForwarded() {
    let spans = Spans()
    let decorated = spans.withLogging(LogRecorder().logger()).withCaching()
    let span: String = decorated.startSpan(named: "GET")
    decorated.end(span)
    #expect(span == "span GET")
    #expect(spans.ended.count == 1)
  }

  struct Query: QueryBuilder {
    struct EmptyLimit: Error {}
    var sql: String
    var counter = CallCounter()
    func filter(_ condition: String) -> Query {
      counter.record("filter")
      return Query(sql: sql + " WHERE " + condition, counter: counter)
    }
    func limit(_ count: Int) async throws -> Query {
      guard count > 0 else { throw EmptyLimit() }
      return Query(sql: sql + " LIMIT \(count)", counter: counter)
    }
    func parent() -> Query? { sql.contains(" WHERE") ? Query(sql: "SELECT *") : nil }
    func split() -> [Query] { [Query(sql: sql + " -- a"), Query(sql: sql + " -- b")] }
    func count() -> Int {
      counter.record("count")
      return sql.count
    }
  }

  /// A builder's `Self` is a copy of the decorator around what the base built: each call of a
  /// chain is logged and tracked, by the same logger and tracker, and the built value is the
  /// base's.
  @Test func buildersThatReturnSelfStayDecoratedAlongTheChain() async throws {
    let recorder = LogRecorder()
    let tracker = RecordingTracker()
    let decorated = Query(sql: "SELECT *").withLogging(recorder.logger()).withAnalytics(tracker)
    let built = try await decorated.filter("id = 1").limit(2)
    let sameKind: AnalyticsQueryBuilder<LoggingQueryBuilder<Query>> = built
    #expect(sameKind.sql == "SELECT * WHERE id = 1 LIMIT 2")
    #expect(built.base.base.sql == built.sql)
    let parts = built.split()
    #expect(
      parts.map(\.sql) == [
        "SELECT * WHERE id = 1 LIMIT 2 -- a", "SELECT * WHERE id = 1 LIMIT 2 -- b",
      ])
    #expect(parts[1].parent()?.sql == "SELECT *")
    #expect(decorated.parent() == nil)
    await #expect(throws: Query.EmptyLimit.self) { try await decorated.limit(0) }
    #expect(
      tracker.names == [
        "query_builder.filter", "query_builder.limit", "query_builder.split",
        "query_builder.parent", "query_builder.parent", "query_builder.limit_failed",
      ])
    #expect(
      recorder.records.map(\.message).filter { $0.hasSuffix("called") } == [
        "QueryBuilder.filter(_:) called", "QueryBuilder.limit(_:) called",
        "QueryBuilder.split() called", "QueryBuilder.parent() called",
        "QueryBuilder.parent() called", "QueryBuilder.limit(_:) called",
      ])
    // The same tracker, not another: a copy keeps what the decorator was made with.
    #expect((parts[0] as AnalyticsQueryBuilder).tracker as? RecordingTracker === tracker)
  }

  /// A cache forwards a builder (its value is a new decorator each call), and the reads of its
  /// protocol too: copies around other values share the cache, which would answer one value's
  /// read with another's. Interception forwards a builder, and advises the reads.
  @Test func buildersAreForwardedByCachesAndInterceptionAndTheirReadsStayDecorated() {
    let query = Query(sql: "SELECT *")
    let cachedBuilder = query.withCaching()
    let filtered = cachedBuilder.filter("a = 1")
    #expect(filtered.count() == "SELECT * WHERE a = 1".count)
    #expect(cachedBuilder.count() == "SELECT *".count)
    #expect(filtered.count() == "SELECT * WHERE a = 1".count)
    #expect(query.counter.count("count") == 3)
    let intercepted = Query(sql: "SELECT *").intercepted { $0.count.instead = { _, _ in -1 } }
    #expect(intercepted.filter("b = 2").count() == -1)
    #expect(intercepted.filter("b = 2").sql == "SELECT * WHERE b = 2")
  }

  /// Written as WasmKit's conformers are: in a conforming type, `Duration` alone would be
  /// Swift's.
  struct Ticks: MonotonicTicks {
    func now() -> UInt64 { 42 }
    func resolution() -> UInt64 { 1_000 }
  }

  /// A protocol's own type aliases are its decorators' too: `Duration` is the protocol's
  /// `UInt64` there, not Swift's `Duration`.
  @Test func aProtocolsTypeAliasesMeanTheSameInItsDecorators() throws {
    let recorder = LogRecorder()
    let ticks = Ticks().withLogging(recorder.logger()).withCaching()
    let resolution: UInt64 = try ticks.resolution()
    #expect(resolution == 1_000)
    #expect(try ticks.now() == 42)
    #expect(recorder.records.map(\.message).first == "MonotonicTicks.resolution() called")
  }

  struct Pairs: Wrapping {
    func wrap(_ value: Int) -> [Int] { [value, value] }
  }

  /// `@inlinable` on a requirement is the base's business: a decorator copying it could not
  /// call the runtime's `@_spi(Generated)` interface, and did not compile.
  @Test func anInlinableRequirementIsDecoratedWithoutIt() {
    let recorder = LogRecorder()
    #expect(Pairs().withLogging(recorder.logger()).wrap(3) == [3, 3])
    #expect(recorder.records.count == 2)
  }

  struct Registry: Commands {
    var commands: [String: Int] { ["build": 1] }
    func run(_ name: String) -> Int { commands[name] ?? 0 }
  }

  /// Two `commands` of different types, one met by the refinement's default: the decorator
  /// declares the refinement's, and the parent's is the default over it.
  @Test func aPropertyRedeclaredWithAnotherTypeIsDeclaredOnce() {
    let decorated = Registry().withLogging(LogRecorder().logger())
    #expect(decorated.commands == ["build": 1])
    #expect(decorated.run("build") == 1)
    #expect((decorated as any AsyncCommands).commands.isEmpty)
  }

  struct Token: ~Copyable {
    let value: Int
  }
  struct Holder: Unmovable {
    func watch<Return: ~Copyable>(_ body: () throws -> Return) rethrows -> Return { try body() }
    func write(_ bytes: RawSpan) -> Int { bytes.byteCount }
    func enqueue(_ job: consuming ExecutorJob) {}
    func count() -> Int { 7 }
  }

  /// A `~Copyable` result or a span cannot be logged, kept or advised: every decorator forwards
  /// those calls as they are (the decorators did not compile), and decorates the rest.
  @Test func valuesThatCannotBeCopiedAreForwardedAsTheyAre() {
    let recorder = LogRecorder()
    let holder = Holder().withLogging(recorder.logger()).withAnalytics(RecordingTracker())
    let token = holder.watch { Token(value: 3) }
    #expect(token.value == 3)
    let bytes: [UInt8] = [1, 2, 3]
    #expect(holder.write(bytes.span.bytes) == 3)
    #expect(holder.count() == 7)
    #expect(
      recorder.records.map(\.message) == ["Unmovable.count() called", "Unmovable.count() returned"])
  }

  struct Greeting: Composed {
    var body: String {
      "Hello, "
      "world"
    }
    var tagged: String {
      1
      2
    }
  }

  /// The result builder a conformer's body gets is not the decorator's: its body forwards.
  @Test func aResultBuilderOnARequirementIsLeftToConformers() {
    let greeting = Greeting().withLogging(LogRecorder().logger())
    #expect(greeting.body == "Hello, world")
    #expect(greeting.tagged == "#1#2")
  }
}
