import FixtureCatalog
import FixtureDecorators
import Foundation
import TestSupport
import Testing
import VeneerRuntime

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

  /// Only a call known to read is answered from the cache: a write never is, even when it
  /// returns a value and its arguments repeat; a read is (`fetchTitles`), and so is a
  /// requirement annotated `cache` (`note(id:)`, `generate(seed:)`).
  @Test func aCacheNeverAnswersAWrite() {
    let counter = CallCounter()
    let store = CountingNoteStore(counter: counter).withCaching(InMemoryCache())
    #expect(store.save("hello") && store.save("hello"))
    #expect(store.note(id: 1) == "note 1")
    #expect(store.note(id: 1) == "note 1")
    _ = store.fetchTitles(prefix: "h")
    _ = store.fetchTitles(prefix: "h")
    #expect(store.generate(seed: 7) == store.generate(seed: 7))
    #expect(
      counter.calls == [
        "save(hello)", "save(hello)", "note(1)", "fetchTitles(h)", "generate(7)",
      ])
  }

  /// Calls that act but return values, with names no list of writing verbs had: each reaches
  /// the base every time, so blocking works and each job and ticket is handed out once.
  @Test func callsNotKnownToReadAreNeverAnswered() {
    let moderation = BlockList().withCaching(InMemoryCache())
    #expect(moderation.block(user: "eve"))
    #expect(moderation.isBlocked(user: "eve"))
    #expect(moderation.unblock(user: "eve"))
    #expect(moderation.block(user: "eve"))
    #expect(moderation.unblock(user: "eve"))
    let jobs: [String?] = [moderation.dequeue(), moderation.dequeue(), moderation.dequeue()]
    #expect(jobs == ["job1", "job2", nil])
    let tickets = [moderation.nextTicketNumber(), moderation.nextTicketNumber()]
    #expect(tickets == [1, 2])
    // `isBlocked` reads, so its first answer is kept.
    #expect(moderation.isBlocked(user: "eve"))
  }

  /// One key asked for with two types (a cache shared with the user's own keys) is no answer:
  /// neither a cached value nor a call under way of the other type is cast, and nothing traps.
  @Test func aKeyAskedForWithAnotherTypeIsComputedNotCast() async {
    let cache = __CallCache(InMemoryCache())
    let key = CacheKey(requirement: "Shared.value()")!
    async let number: Int = cache.value(for: key, timeToLive: nil) {
      try? await Task.sleep(for: .milliseconds(50))
      return 1
    }
    try? await Task.sleep(for: .milliseconds(10))
    let text: String = await cache.value(for: key, timeToLive: nil) { "one" }
    #expect(await number == 1)
    #expect(text == "one")
    #expect(cache.cachedValue(for: key, as: Double.self) == nil)
  }

  /// Overloads that differ only by result type have keys of their own: concurrent calls of both
  /// never share a value (the runtime once trapped casting one's to the other's type).
  @Test func overloadsByResultTypeNeverShareACachedValue() async {
    let store = NumberedStore().withCaching(InMemoryCache())
    await withTaskGroup(of: Void.self) { group in
      for id in 0..<200 {
        group.addTask {
          let number: Int = await store.get(id: id % 5)
          #expect(number == id % 5)
        }
        group.addTask {
          let text: String = await store.get(id: id % 5)
          #expect(text == "#\(id % 5)")
        }
      }
    }
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
    let origin = ContinuousClock.now
    let cache = InMemoryCache(
      defaultTimeToLive: .seconds(60), now: { clock.continuous(from: origin) })
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

  /// An `AnyHashable` parameter finds `1` and `1.0` equal; their cached values must not be
  /// shared, whichever initializer made the key.
  @Test func keysTellEqualValuesOfDifferentTypesApart() throws {
    let int = try #require(CacheKey(requirement: "r", arguments: AnyHashable(1)))
    let double = try #require(CacheKey(requirement: "r", arguments: AnyHashable(1.0)))
    #expect(int != double)
    #expect(int == CacheKey(requirement: "r", arguments: AnyHashable(1)))
    let checked: [Any] = [1, 1.0]
    #expect(
      CacheKey(requirement: "r", arguments: checked[0])
        != CacheKey(requirement: "r", arguments: checked[1]))
    let pair = try #require(CacheKey(requirement: "r", arguments: AnyHashable(1), "a"))
    #expect(pair != CacheKey(requirement: "r", arguments: AnyHashable(1.0), "a"))
    // Described by types alone: a cache of the user's may log its keys.
    #expect(pair.description == "r[Int, String]")
    #expect(int.description == "r[Int]")
  }

  /// Two calls share an entry only when their arguments are the same value: two spellings of
  /// `é` name two files on Linux, `-0.0` is not `0.0`, and a NaN is itself.
  @Test func keysCompareStringsByTheirBytesAndNumbersByTheirBits() throws {
    let cache = __CallCache(InMemoryCache())
    func key<Value: Hashable>(_ value: Value) throws -> CacheKey {
      try #require(cache.key(requirement: "r", arguments: value))
    }
    #expect(try key("caf\u{E9}") != key("cafe\u{301}"))
    #expect(try key("caf\u{E9}") == key("caf\u{E9}"))
    #expect(try key(Substring("caf\u{E9}")) != key(Substring("cafe\u{301}")))
    #expect(try key(Optional("caf\u{E9}")) != key(Optional("cafe\u{301}")))
    #expect(try key(Optional<String>.none) == key(Optional<String>.none))
    #expect(try key(["caf\u{E9}"]) != key(["cafe\u{301}"]))
    #expect(try key(AnyHashable("caf\u{E9}")) != key(AnyHashable("cafe\u{301}")))
    #expect(try key(0.0) != key(-0.0))
    #expect(try key(Double.nan) == key(Double.nan))
    #expect(try key(Float(0)) != key(Float(-0.0)))
    let unchecked: [Any] = ["caf\u{E9}", "cafe\u{301}"]
    #expect(
      cache.key(requirement: "r", arguments: unchecked[0], 1)
        != cache.key(requirement: "r", arguments: unchecked[1], 1))
    // Through a decorator: two spellings reach the base twice.
    let counter = CallCounter()
    let store = CountingNoteStore(counter: counter).withCaching(InMemoryCache())
    _ = store.fetchTitles(prefix: "caf\u{E9}")
    _ = store.fetchTitles(prefix: "cafe\u{301}")
    _ = store.fetchTitles(prefix: "caf\u{E9}")
    #expect(counter.count("fetchTitles") == 2)
  }

  /// One cache given to the decorators of two bases keeps their answers apart.
  @Test func aCacheSharedByTwoDecoratorsKeepsTheirEntriesApart() {
    struct Named: NoteStore {
      let name: String
      func note(id: Int) -> String? { "\(name) \(id)" }
      func fetchTitles(prefix: String) -> [String] { [name] }
      func save(_ note: String) -> Bool { true }
      func generate(seed: Int) -> String { name }
    }
    let shared = InMemoryCache()
    let first = Named(name: "first").withCaching(shared)
    let second = Named(name: "second").withCaching(shared)
    #expect(first.note(id: 1) == "first 1")
    #expect(second.note(id: 1) == "second 1")
    #expect(first.note(id: 1) == "first 1")
    #expect(shared.count == 2)
  }

  /// A read under way when a write invalidates it is neither stored nor joined by a read that
  /// begins after the write; the later read's answer is what the cache keeps.
  @Test func anInvalidationReachesReadsInFlight() async throws {
    let base = GatedInventory()
    let inventory = base.withCaching(InMemoryCache())
    let before = Task { await inventory.stock(of: "apple") }
    #expect(await base.reached(reads: 1))
    await inventory.add("apple")
    let after = Task { await inventory.stock(of: "apple") }
    // Joined to the read under way, the second read would never reach the base.
    #expect(await base.reached(reads: 2))
    await base.openGate()
    #expect(await before.value == 0)
    #expect(await after.value == 1)
    #expect(await inventory.stock(of: "apple") == 1)
    #expect(await base.reads == 2)
  }

  /// Synchronously: a value computed before an invalidation is not stored.
  @Test func aValueComputedBeforeAnInvalidationIsNotStored() throws {
    let cache = __CallCache(InMemoryCache())
    let key = try #require(cache.key(requirement: "Store.get() -> Int"))
    cache.invalidate("Store.get() -> Int")
    cache.store(1, for: key, timeToLive: nil)
    #expect(cache.cachedValue(for: key, as: Int.self) == nil)
    let fresh = try #require(cache.key(requirement: "Store.get() -> Int"))
    cache.store(2, for: fresh, timeToLive: nil)
    #expect(cache.cachedValue(for: fresh, as: Int.self) == 2)
  }

  /// Evicted and removed entries give their places to new ones; the list of recency stays
  /// whole through many of each.
  @Test func theCacheStaysConsistentThroughEvictionsAndRemovals() throws {
    let cache = InMemoryCache(maximumEntryCount: 3)
    func key(_ requirement: String, _ id: Int) throws -> CacheKey {
      try #require(CacheKey(requirement: requirement, arguments: id))
    }
    for id in 0..<50 {
      cache.store(
        CachedValue(id), for: try key(id.isMultiple(of: 2) ? "even" : "odd", id), timeToLive: nil)
      if id.isMultiple(of: 7) { cache.removeValues(forRequirement: "odd") }
      // Stored again: replaced in place, not added.
      cache.store(
        CachedValue(id * 10), for: try key(id.isMultiple(of: 2) ? "even" : "odd", id),
        timeToLive: nil)
      #expect(cache.count <= 3)
    }
    // Storing 49 evicted 46; 49, a multiple of 7, then removed 47 and itself, and was stored
    // again: 48 and 49 are left.
    #expect(cache.count == 2)
    #expect(cache.value(for: try key("even", 48))?.value as? Int == 480)
    #expect(cache.value(for: try key("odd", 49))?.value as? Int == 490)
    #expect(cache.value(for: try key("even", 46)) == nil)
    #expect(cache.value(for: try key("odd", 47)) == nil)
    // 50 is the newest until 48 and 49 are read; then one more evicts it.
    cache.store(CachedValue(500), for: try key("even", 50), timeToLive: nil)
    _ = cache.value(for: try key("even", 48))
    _ = cache.value(for: try key("odd", 49))
    cache.store(CachedValue(510), for: try key("odd", 51), timeToLive: nil)
    #expect(cache.value(for: try key("even", 50)) == nil)
    #expect(cache.value(for: try key("odd", 51))?.value as? Int == 510)
    #expect(cache.count == 3)
    cache.removeAll()
    #expect(cache.count == 0)
    cache.store(CachedValue(1), for: try key("even", 2), timeToLive: nil)
    #expect(cache.value(for: try key("even", 2))?.value as? Int == 1)
  }
}
