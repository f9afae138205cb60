import FixtureCatalog
import Foundation
import Logging
import VeneerRuntime

/// Log records kept in memory.
final class LogRecorder: @unchecked Sendable {
  struct Record: Equatable {
    var level: Logger.Level
    var message: String
    /// Without `call_id`, which is kept apart: it differs from run to run.
    var metadata: [String: String]
    var callID: String?
  }

  /// Where a record says it comes from: its source module, file, function and line.
  struct Place: Equatable {
    var source: String
    var file: String
    var function: String
    var line: UInt
  }

  private let lock = NSLock()
  private var storage: [Record] = []
  private var placeStorage: [Place] = []

  var records: [Record] { lock.withLock { storage } }
  /// Every record as a line, `message key=value …` with its metadata sorted: what a secret
  /// would show in.
  var text: String {
    records.map { record in
      record.message + " "
        + record.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        .joined(separator: " ")
    }.joined(separator: "\n")
  }
  /// Each record's place, in the order of `records`.
  var places: [Place] { lock.withLock { placeStorage } }

  func append(_ record: Record, at place: Place) {
    lock.withLock {
      storage.append(record)
      placeStorage.append(place)
    }
  }

  func logger(level: Logger.Level = .trace, metadataProvider: Logger.MetadataProvider? = nil)
    -> Logger
  {
    var handler = CapturingLogHandler(recorder: self)
    handler.metadataProvider = metadataProvider
    var logger = Logger(label: "test") { _ in handler }
    logger.logLevel = level
    return logger
  }
}

struct CapturingLogHandler: LogHandler {
  let recorder: LogRecorder
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace
  var metadataProvider: Logger.MetadataProvider?

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let provided = metadataProvider?.get() ?? [:]
    var metadata = provided.merging(event.metadata ?? [:]) { _, own in own }.mapValues(
      \.description)
    let callID = metadata.removeValue(forKey: "call_id")
    recorder.append(
      LogRecorder.Record(
        level: event.level, message: event.message.description, metadata: metadata,
        callID: callID),
      at: LogRecorder.Place(
        source: event.source, file: event.file, function: event.function, line: event.line))
  }
}

/// Analytics events kept in memory.
final class RecordingTracker: AnalyticsTracker, @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [AnalyticsEvent] = []

  var events: [AnalyticsEvent] { lock.withLock { storage } }
  var names: [String] { events.map(\.name) }

  func track(_ event: AnalyticsEvent) { lock.withLock { storage.append(event) } }
}

/// Counts calls; thread-safe.
final class CallCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [String: Int] = [:]
  private var arguments: [String] = []

  func record(_ name: String, _ argument: String = "") {
    lock.withLock {
      counts[name, default: 0] += 1
      arguments.append("\(name)(\(argument))")
    }
  }

  func count(_ name: String) -> Int { lock.withLock { counts[name] ?? 0 } }
  var calls: [String] { lock.withLock { arguments } }
}

struct TestFailure: Error, Equatable {}

struct CountingPostRepo: PostRepo {
  let counter: CallCounter
  var failingIDs: Set<Int> = []

  func getPost(id: Int, completion: @escaping @Sendable (Result<Post, any Error>) -> Void) {
    counter.record("getPost", "\(id)")
    if failingIDs.contains(id) {
      completion(.failure(TestFailure()))
    } else {
      completion(.success(Post(id: id, title: "Post \(id)", body: "Body")))
    }
  }

  func createPost(
    title: String, body: String, completion: @escaping @Sendable (Result<Post, any Error>) -> Void
  ) {
    counter.record("createPost", title)
    completion(.success(Post(id: 100, title: title, body: body)))
  }
}

struct CountingNoteStore: NoteStore {
  let counter: CallCounter

  func note(id: Int) -> String? {
    counter.record("note", "\(id)")
    return "note \(id)"
  }

  func fetchTitles(prefix: String) -> [String] {
    counter.record("fetchTitles", prefix)
    return [prefix + "ello"]
  }

  func save(_ note: String) -> Bool {
    counter.record("save", note)
    return true
  }

  func generate(seed: Int) -> String {
    counter.record("generate", "\(seed)")
    return "generated \(seed)"
  }
}

struct CountingUserService: UserService {
  let counter: CallCounter

  func authenticate(username: String, password: String) -> User? {
    counter.record("authenticate", "\(username),\(password)")
    return password == "right" ? User(name: username) : nil
  }
}

struct CountingUserRepository: UserRepository {
  let counter: CallCounter

  func user(named name: String) async throws -> User {
    counter.record("user", name)
    if name == "missing" { throw TestFailure() }
    return User(name: name)
  }

  func save(_ user: User) async throws {
    counter.record("save", user.name)
  }

  func resetPassword(for user: User, token: String) async throws(UserRepositoryError) {
    counter.record("resetPassword", token)
    if token == "expired" { throw UserRepositoryError(reason: "expired") }
  }
}

struct SlowShowService: ShowService {
  let counter: CallCounter

  func allShows() async -> [Show] {
    counter.record("allShows")
    try? await Task.sleep(for: .milliseconds(50))
    return [Show(id: 1, title: "Severance")]
  }

  func markShowAsWatched(_ show: Show, until date: Date) async {
    counter.record("markShowAsWatched", show.title)
  }
}

struct LengthService: Service {
  let counter: CallCounter

  func callAsFunction(input: String) async throws -> Int {
    counter.record("call", input)
    if input.isEmpty { throw TestFailure() }
    return input.count
  }
}

struct FailingLoader: LoaderService {
  let fails: Bool

  func load(completion: @escaping @Sendable (Result<[String], any Error>) -> Void) {
    completion(fails ? .failure(TestFailure()) : .success(["a", "b"]))
  }
}

/// Collects values a completion handler delivers, to check it ran exactly once.
final class Deliveries<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Value] = []

  var values: [Value] { lock.withLock { storage } }
  func append(_ value: Value) { lock.withLock { storage.append(value) } }
}

struct CountingNotifier: Notifier {
  let counter: CallCounter

  func refresh(done: @escaping @Sendable () -> Void) {
    counter.record("refresh")
    done()
  }

  func lookup(_ key: String, completion: @escaping @Sendable (Int?, (any Error)?) -> Void) {
    counter.record("lookup", key)
    completion(key.count, nil)
  }

  func validate(_ post: Post) -> Result<Post, PostError> {
    counter.record("validate", "\(post.id)")
    return post.title.isEmpty ? .failure(.notFound(id: post.id)) : .success(post)
  }
}

/// Answers each path with the JSON it was given, decoded as whatever type the caller asks for.
struct JSONHttpClient: HttpClient {
  let responses: [String: String]

  func get<T: Codable>(
    _ path: String, completion: @escaping @Sendable (Result<T, any Error>) -> Void
  ) {
    completion(Result { try decode(path) })
  }

  func fetch<T: Codable>(
    _ path: String, completion: @escaping @Sendable (T?, (any Error)?) -> Void
  ) {
    do {
      completion(try decode(path), nil)
    } catch {
      completion(nil, error)
    }
  }

  private func decode<T: Decodable>(_ path: String) throws -> T {
    guard let json = responses[path] else { throw TestFailure() }
    return try JSONDecoder().decode(T.self, from: Data(json.utf8))
  }
}

struct KeywordSpelling: Spelling {
  func `default`() -> Int { 0 }
  func `for`(_ `in`: Int) -> Int { `in` }
  func index(in: [Int], of: Int, default: Int) -> Int { `in`.firstIndex(of: of) ?? `default` }
  var `self`: Int { 1 }
  func `count (all)`(of values: [Int]) -> Int { values.count }
  func `count (all)`(in text: String) -> Int { text.count }
}

/// Blocks and unblocks users, hands out jobs and tickets: calls that act.
final class BlockList: Moderation, @unchecked Sendable {
  private let lock = NSLock()
  private var blocked: Set<String> = []
  private var jobs = ["job1", "job2"]
  private var ticket = 0

  func block(user: String) -> Bool { lock.withLock { blocked.insert(user).inserted } }
  func unblock(user: String) -> Bool { lock.withLock { blocked.remove(user) != nil } }
  func isBlocked(user: String) -> Bool { lock.withLock { blocked.contains(user) } }
  func dequeue() -> String? { lock.withLock { jobs.isEmpty ? nil : jobs.removeFirst() } }
  func nextTicketNumber() -> Int {
    lock.withLock {
      ticket += 1
      return ticket
    }
  }
}

/// The same identifier read as a number and as text, slowly enough that calls overlap.
struct NumberedStore: TypedStore {
  func get(id: Int) async -> Int {
    await Task.yield()
    return id
  }
  func get(id: Int) async -> String {
    await Task.yield()
    return "#\(id)"
  }
}

/// An inventory whose reads wait at a gate until the test opens it, counting them as they come.
actor GatedInventory: Inventory {
  private var stock = 0
  private(set) var reads = 0
  private var isOpen = false
  private var waitingAtGate: [CheckedContinuation<Void, Never>] = []

  func stock(of item: String) async -> Int {
    let seen = stock
    reads += 1
    if !isOpen { await withCheckedContinuation { waitingAtGate.append($0) } }
    return seen
  }

  func add(_ item: String) async { stock += 1 }

  /// Whether `count` reads reach the base within two seconds; never waits longer.
  func reached(reads count: Int) async -> Bool {
    for _ in 0..<200 where reads < count {
      try? await Task.sleep(for: .milliseconds(10))
    }
    return reads >= count
  }

  func openGate() {
    isOpen = true
    for waiter in waitingAtGate { waiter.resume() }
    waitingAtGate = []
  }
}
