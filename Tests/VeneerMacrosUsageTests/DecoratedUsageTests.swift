import Foundation
import Testing
@_spi(Generated) import VeneerMacros

// Protocols decorated by the macro, compiled in Swift 6 mode, their decorators called.

public struct Post: Hashable, Codable, Sendable {
  public var id: Int
}

@Decorated(.logging, .analytics, .caching(ttl: 300))
public protocol PostRepo: Sendable {
  // veneer: cache
  func getPost(id: Int) async throws -> Post
  // veneer: redact(password)
  func login(user: String, password: String) async throws -> String
}

/// A generic service with primary associated types, called as a function.
@Decorated(.logging, .timeout(seconds: 5))
public protocol Service<Input, Output>: Sendable {
  associatedtype Input: Sendable
  associatedtype Output: Sendable
  func callAsFunction(input: Input) async throws -> Output
}

final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var storage = 0
  var count: Int { lock.withLock { storage } }
  func increment() { lock.withLock { storage += 1 } }
}

struct CountingRepo: PostRepo {
  let calls = Counter()
  func getPost(id: Int) async throws -> Post {
    calls.increment()
    return Post(id: id)
  }
  func login(user: String, password: String) async throws -> String { "session-\(user)" }
}

struct Length: Service {
  func callAsFunction(input: String) async throws -> Int { input.count }
}

/// Log lines and analytics events kept in memory.
final class Recorder: AnalyticsTracker, @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  private var events: [String] = []
  var log: [String] { lock.withLock { lines } }
  var eventNames: [String] { lock.withLock { events } }

  func track(_ event: AnalyticsEvent) { lock.withLock { events.append(event.name) } }

  var logger: Logger {
    var logger = Logger(label: "test") { _ in Handler(recorder: self) }
    logger.logLevel = .debug
    return logger
  }

  func append(_ line: String) { lock.withLock { lines.append(line) } }

  struct Handler: LogHandler {
    let recorder: Recorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
      let metadata = (event.metadata ?? [:]).sorted { $0.key < $1.key }
        .filter { $0.key != "call_id" }.map { "\($0.key)=\($0.value)" }
      recorder.append(([event.message.description] + metadata).joined(separator: " "))
    }
  }
}

@Suite("Decorators from @Decorated, called")
struct DecoratedUsageTests {
  @Test func logsTracksAndCachesAsTheCLIsDecoratorsDo() async throws {
    let recorder = Recorder()
    let base = CountingRepo()
    let repo = base.withCaching(InMemoryCache()).withAnalytics(recorder).withLogging(
      recorder.logger)
    #expect(try await repo.getPost(id: 7) == Post(id: 7))
    #expect(try await repo.getPost(id: 7) == Post(id: 7))
    #expect(base.calls.count == 1)
    _ = try await repo.login(user: "ada", password: "hunter2")
    #expect(
      recorder.log.contains {
        $0.contains("PostRepo.getPost(id:) returned") && $0.contains("cached=true")
      })
    #expect(recorder.log.contains { $0.contains("password=<redacted>") })
    #expect(!recorder.log.joined().contains("hunter2"))
    #expect(recorder.eventNames == ["post_repo.get_post", "post_repo.get_post", "post_repo.login"])
  }

  @Test func aGenericServiceIsLoggedAndTimed() async throws {
    let recorder = Recorder()
    let service = Length().withTimeout(.seconds(1)).withLogging(recorder.logger)
    #expect(try await service(input: "four") == 4)
    #expect(recorder.log.contains { $0.contains("Service.callAsFunction(input:) returned") })
  }
}
