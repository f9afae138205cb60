import FixtureCatalog
import FixtureDecorators
import Foundation
import Logging
import Testing
import VeneerRuntime

/// With logging outside caching, a call the cache answered is logged as one: its record of how
/// it ended says `cached`, so it is not mistaken for a call that reached the base. Also run
/// under Thread Sanitizer (Tests/ThreadSanitizer links this file).
@Suite("Logging around caching")
struct CachedAnswerLoggingTests {
  @Test func anAsyncCallAnsweredFromTheCacheIsLoggedAsCached() async throws {
    let recorder = LogRecorder()
    let counter = CallCounter()
    let repository = CountingUserRepository(counter: counter).withCaching(InMemoryCache())
      .withLogging(recorder.logger())
    _ = try await repository.user(named: "ada")
    _ = try await repository.user(named: "ada")
    #expect(counter.count("user") == 1)
    let returns = recorder.records.filter { $0.message.hasSuffix("returned") }
    #expect(returns.map { $0.metadata["cached"] } == [nil, "true"])
  }

  @Test func synchronousAndCompletionHandlerCallsToo() throws {
    let recorder = LogRecorder()
    let counter = CallCounter()
    let notes = CountingNoteStore(counter: counter).withCaching(InMemoryCache())
      .withLogging(recorder.logger())
    _ = notes.note(id: 1)
    _ = notes.note(id: 1)
    let posts = CountingPostRepo(counter: counter).withCaching(InMemoryCache())
      .withLogging(recorder.logger())
    for _ in 0..<2 { posts.getPost(id: 7) { _ in } }
    #expect(counter.count("note") == 1)
    #expect(counter.count("getPost") == 1)
    let ends = recorder.records.filter { $0.message.hasSuffix("returned") }
    #expect(
      ends.map(\.message) == [
        "NoteStore.note(id:) returned", "NoteStore.note(id:) returned",
        "PostRepo.getPost(id:completion:) returned", "PostRepo.getPost(id:completion:) returned",
      ])
    #expect(ends.map { $0.metadata["cached"] } == [nil, "true", nil, "true"])
  }

  /// Concurrent identical calls share one call to the base: the others waited for it.
  @Test func callsThatSharedACallUnderWaySaySo() async {
    let recorder = LogRecorder()
    let counter = CallCounter()
    let service = SlowShowService(counter: counter).withCaching(InMemoryCache())
      .withLogging(recorder.logger())
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<20 { group.addTask { _ = await service.allShows() } }
    }
    #expect(counter.count("allShows") == 1)
    let answers = recorder.records.filter { $0.message.hasSuffix("returned") }
      .map { $0.metadata["cached"] }
    #expect(answers.count == 20)
    #expect(answers.filter { $0 == nil }.count == 1, "only the call that reached the base")
    #expect(answers.allSatisfy { $0 == nil || $0 == "true" || $0 == "in-flight" })
    // The calls start within microseconds, the base takes 50 ms: some waited for it.
    #expect(answers.contains("in-flight"))
  }

  /// A cache hit inside the base's own work (another service's cache, reached from the call)
  /// does not make the call answered from the cache: it reached the base.
  @Test func aHitDeeperInTheBaseIsNotTheCallsAnswer() async throws {
    struct UsersFromPosts: UserRepository {
      let posts: any PostRepo
      func user(named name: String) async throws -> User {
        let post = await withCheckedContinuation { continuation in
          posts.getPost(id: 1) { continuation.resume(returning: $0) }
        }
        return User(name: "\(name) \(try post.get().id)")
      }
      func save(_ user: User) async throws {}
      func resetPassword(for user: User, token: String) async throws(UserRepositoryError) {}
    }
    let recorder = LogRecorder()
    let counter = CallCounter()
    let posts = CountingPostRepo(counter: counter).withCaching(InMemoryCache())
    let users = UsersFromPosts(posts: posts).withCaching(InMemoryCache())
      .withLogging(recorder.logger())
    _ = try await users.user(named: "ada")
    _ = try await users.user(named: "bob")
    #expect(counter.count("getPost") == 1, "the second user's call hit the posts' cache")
    let returns = recorder.records.filter { $0.message.hasSuffix("returned") }
    #expect(
      returns.map(\.message) == Array(repeating: "UserRepository.user(named:) returned", count: 2))
    #expect(returns.allSatisfy { $0.metadata["cached"] == nil })
  }

  /// A logger whose level is off binds nothing: the call is forwarded as it is.
  @Test func aCallThatIsNotLoggedIsForwardedAsItIs() async throws {
    let recorder = LogRecorder()
    let counter = CallCounter()
    let repository = CountingUserRepository(counter: counter).withCaching(InMemoryCache())
      .withLogging(recorder.logger(level: .info))
    for _ in 0..<2 { #expect(try await repository.user(named: "ada") == User(name: "ada")) }
    #expect(counter.count("user") == 1)
    #expect(recorder.records.isEmpty)
  }
}
