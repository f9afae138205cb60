import FixtureCatalog
import FixtureDecorators
import Foundation
import Testing
@_spi(Generated) import VeneerRuntime

@Suite("Caching decorators and the in-memory cache")
struct CachingDecoratorTests {
  @Test func repeatedCallsAreAnsweredFromTheCachePerArgument() async throws {
    let counter = CallCounter()
    let service = LengthService(counter: counter).withCaching(InMemoryCache())
    #expect(try await service(input: "abc") == 3)
    #expect(try await service(input: "abc") == 3)
    #expect(try await service(input: "abcd") == 4)
    #expect(counter.calls == ["call(abc)", "call(abcd)"])
  }

  /// A write is never answered from the cache, even when it returns a value and its
  /// arguments repeat; reads are, and a write annotated `cache` is too.
  @Test func aCacheNeverAnswersAWrite() {
    let counter = CallCounter()
    let store = CountingNoteStore(counter: counter).withCaching(InMemoryCache())
    #expect(store.save("hello") && store.save("hello"))
    // An optional result is cached like any other (a miss was once read as a cached `nil`).
    #expect(store.note(id: 1) == "note 1")
    #expect(store.note(id: 1) == "note 1")
    _ = store.fetchTitles(prefix: "h")
    _ = store.fetchTitles(prefix: "h")
    #expect(store.generate(seed: 7) == store.generate(seed: 7))
    #expect(
      counter.calls == ["save(hello)", "save(hello)", "note(1)", "fetchTitles(h)", "generate(7)"])
  }

  @Test func errorsAreNeverCached() async {
    let counter = CallCounter()
    let service = LengthService(counter: counter).withCaching(InMemoryCache())
    for _ in 0..<2 {
      await #expect(throws: TestFailure.self) { try await service(input: "") }
    }
    #expect(counter.count("call") == 2)
  }

  @Test func concurrentIdenticalCallsShareOneUnderlyingCall() async {
    let counter = CallCounter()
    let service = SlowShowService(counter: counter).withCaching(InMemoryCache())
    let results = await withTaskGroup(of: [Show].self) { group in
      for _ in 0..<20 { group.addTask { await service.allShows() } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 20)
    #expect(Set(results).count == 1)
    #expect(counter.count("allShows") == 1)
  }

  @Test func valuesExpireAfterTheirTimeToLive() async throws {
    let clock = ManualClock()
    let counter = CallCounter()
    let cache = InMemoryCache(defaultTimeToLive: .seconds(60), now: { clock.now })
    let service = LengthService(counter: counter).withCaching(cache)
    _ = try await service(input: "a")
    clock.advance(by: .seconds(59))
    _ = try await service(input: "a")
    #expect(counter.count("call") == 1)
    clock.advance(by: .seconds(2))
    _ = try await service(input: "a")
    #expect(counter.count("call") == 2)
  }

  @Test func completionHandlersCacheSuccessesAndAreCalledExactlyOnce() {
    let counter = CallCounter()
    let repo = CountingPostRepo(counter: counter, failingIDs: [9]).withCaching(InMemoryCache())
    let deliveries = Deliveries<Int>()
    for id in [1, 1, 9, 9] {
      repo.getPost(id: id) { result in deliveries.append((try? result.get())?.id ?? -1) }
    }
    #expect(deliveries.values == [1, 1, -1, -1])
    #expect(counter.calls == ["getPost(1)", "getPost(9)", "getPost(9)"])
  }

  @Test func annotatedInvalidationClearsTheNamedRequirement() {
    let counter = CallCounter()
    let repo = CountingPostRepo(counter: counter).withCaching(InMemoryCache())
    repo.getPost(id: 1) { _ in }
    repo.getPost(id: 1) { _ in }
    #expect(counter.count("getPost") == 1)
    repo.createPost(title: "New", body: "Post") { _ in }
    repo.getPost(id: 1) { _ in }
    #expect(counter.count("getPost") == 2)
  }

  @Test func leastRecentlyUsedEntriesAreEvicted() throws {
    let cache = InMemoryCache(maximumEntryCount: 2)
    let keys = try (0..<3).map { try #require(CacheKey(requirement: "r", arguments: $0)) }
    cache.store(CachedValue(0), for: keys[0], timeToLive: nil)
    cache.store(CachedValue(1), for: keys[1], timeToLive: nil)
    _ = cache.value(for: keys[0])  // 0 is now more recent than 1.
    cache.store(CachedValue(2), for: keys[2], timeToLive: nil)
    #expect(cache.count == 2)
    #expect(cache.value(for: keys[1]) == nil)
    #expect(cache.value(for: keys[0])?.value as? Int == 0)
    #expect(cache.value(for: keys[2])?.value as? Int == 2)
  }

  @Test func keysNeedHashableArgumentsAndTellCallsApart() {
    #expect(
      CacheKey(requirement: "r", arguments: 1, "a") == CacheKey(requirement: "r", arguments: 1, "a")
    )
    #expect(CacheKey(requirement: "r", arguments: 1) != CacheKey(requirement: "r", arguments: 2))
    #expect(CacheKey(requirement: "r", arguments: 1) != CacheKey(requirement: "s", arguments: 1))
    #expect(CacheKey(requirement: "r", arguments: { () in }) == nil)
  }
}
