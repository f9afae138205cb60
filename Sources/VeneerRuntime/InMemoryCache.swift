import Foundation

/// A thread-safe cache in memory, with a time to live and a maximum entry count beyond which the
/// least recently used entries are evicted.
public final class InMemoryCache: DecoratorCache, @unchecked Sendable {
  private struct Entry {
    var value: CachedValue
    var expiry: ContinuousClock.Instant?
    /// Neighbours in recency order: `newer` towards `newest`, `older` towards `oldest`.
    var newer: CacheKey?
    var older: CacheKey?
  }

  /// How many values it keeps; storing one more evicts the least recently used.
  public let maximumEntryCount: Int
  /// How long a value stays fresh unless a call says otherwise; `nil` keeps values until they
  /// are evicted or invalidated.
  public let defaultTimeToLive: Duration?
  private let now: @Sendable () -> ContinuousClock.Instant
  // Every property below is guarded by `lock`.
  private let lock = NSLock()
  private var entries: [CacheKey: Entry] = [:]
  private var newest: CacheKey?
  private var oldest: CacheKey?

  /// - Parameters:
  ///   - maximumEntryCount: how many values are kept; storing one more evicts the least
  ///     recently used.
  ///   - defaultTimeToLive: how long a value stays fresh unless a call says otherwise; `nil`
  ///     keeps values until they are evicted or invalidated.
  ///   - now: the clock, injectable for tests.
  public init(
    maximumEntryCount: Int = 1_000, defaultTimeToLive: Duration? = nil,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
  ) {
    precondition(maximumEntryCount > 0, "an InMemoryCache must be able to hold an entry")
    self.maximumEntryCount = maximumEntryCount
    self.defaultTimeToLive = defaultTimeToLive
    self.now = now
  }

  /// How many values it holds now, expired ones included until they are looked up.
  public var count: Int { lock.withLock { entries.count } }

  /// The value stored for `key`, unless it has expired; a hit makes it the most recently used.
  public func value(for key: CacheKey) -> CachedValue? {
    lock.withLock {
      guard let entry = entries[key] else { return nil }
      if let expiry = entry.expiry, expiry <= now() {
        unlink(key)
        entries[key] = nil
        return nil
      }
      unlink(key)
      linkAsNewest(key)
      return entry.value
    }
  }

  /// Stores `value` for `key`, for `timeToLive` or else `defaultTimeToLive`, evicting the least
  /// recently used value when the cache is full.
  public func store(_ value: CachedValue, for key: CacheKey, timeToLive: Duration?) {
    lock.withLock {
      if entries[key] != nil { unlink(key) }
      let timeToLive = timeToLive ?? defaultTimeToLive
      entries[key] = Entry(value: value, expiry: timeToLive.map { now() + $0 })
      linkAsNewest(key)
      while entries.count > maximumEntryCount, let oldest {
        unlink(oldest)
        entries[oldest] = nil
      }
    }
  }

  /// Removes every value stored for calls of `requirement`, a qualified selector such as
  /// `PostRepo.getPost(id:)`.
  public func removeValues(forRequirement requirement: String) {
    lock.withLock {
      for key in entries.keys where key.requirement == requirement {
        unlink(key)
        entries[key] = nil
      }
    }
  }

  /// Removes every value.
  public func removeAll() {
    lock.withLock {
      entries = [:]
      newest = nil
      oldest = nil
    }
  }

  private func unlink(_ key: CacheKey) {
    guard let entry = entries[key] else { return }
    if let newer = entry.newer { entries[newer]?.older = entry.older } else { newest = entry.older }
    if let older = entry.older { entries[older]?.newer = entry.newer } else { oldest = entry.newer }
    entries[key]?.newer = nil
    entries[key]?.older = nil
  }

  private func linkAsNewest(_ key: CacheKey) {
    entries[key]?.older = newest
    if let newest { entries[newest]?.newer = key }
    newest = key
    if oldest == nil { oldest = key }
  }
}
