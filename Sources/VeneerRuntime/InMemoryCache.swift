import Foundation

/// A thread-safe cache in memory, with a time to live and a maximum entry count beyond which the
/// least recently used entries are evicted.
public final class InMemoryCache: DecoratorCache, @unchecked Sendable {
  /// How many values it keeps; storing one more evicts the least recently used.
  public let maximumEntryCount: Int
  /// How long a value stays fresh unless a call says otherwise; `nil` keeps values until they
  /// are evicted or invalidated.
  public let defaultTimeToLive: Duration?
  private let now: @Sendable () -> ContinuousClock.Instant
  // Every property below is guarded by `lock`.
  private let lock = NSLock()
  private var positions: [CacheKey: Int] = [:]
  private var recency = RecencyList()

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
  public var count: Int { lock.withLock { positions.count } }

  /// The value stored for `key`, unless it has expired; a hit makes it the most recently used.
  public func value(for key: CacheKey) -> CachedValue? {
    lock.withLock {
      guard let position = positions[key] else { return nil }
      if let expiry = recency.expiry(at: position), expiry <= now() {
        positions[key] = nil
        recency.remove(at: position)
        return nil
      }
      return recency.moveToNewest(position)
    }
  }

  /// Stores `value` for `key`, for `timeToLive` or else `defaultTimeToLive`, evicting the least
  /// recently used value when the cache is full.
  public func store(_ value: CachedValue, for key: CacheKey, timeToLive: Duration?) {
    lock.withLock {
      let expiry = (timeToLive ?? defaultTimeToLive).map { now() + $0 }
      if let position = positions[key] {
        recency.replace(at: position, value: value, expiry: expiry)
        return
      }
      if positions.count == maximumEntryCount, let evicted = recency.removeOldest() {
        positions[evicted] = nil
      }
      positions[key] = recency.insertAsNewest(key: key, value: value, expiry: expiry)
    }
  }

  /// Removes every value stored for calls of `requirement`, a qualified selector such as
  /// `PostRepo.getPost(id:)`.
  public func removeValues(forRequirement requirement: String) {
    lock.withLock {
      for (key, position) in positions where key.requirement == requirement {
        positions[key] = nil
        recency.remove(at: position)
      }
    }
  }

  /// Removes every value.
  public func removeAll() {
    lock.withLock {
      positions = [:]
      recency = RecencyList()
    }
  }
}

/// An `InMemoryCache`'s entries, in a list from the most to the least recently used, linked by
/// positions so that a hit moves its entry to the front without hashing its key again. One
/// value, so that each operation is one access to the cache's property, which Swift checks for
/// exclusivity at run time.
private struct RecencyList {
  struct Entry {
    var key: CacheKey
    var value: CachedValue
    var expiry: ContinuousClock.Instant?
    /// Positions of the neighbours: `newer` towards `newest`, `older` towards `oldest`; `none`
    /// at either end.
    var newer: Int
    var older: Int
  }

  static let none = -1

  private var entries: [Entry] = []
  /// Positions no entry uses, to reuse before growing `entries`.
  private var freePositions: [Int] = []
  private var newest = Self.none
  private var oldest = Self.none

  func expiry(at position: Int) -> ContinuousClock.Instant? {
    entries[position].expiry
  }

  /// Makes the entry at `position` the newest, and returns its value.
  mutating func moveToNewest(_ position: Int) -> CachedValue {
    if position != newest {
      unlink(position)
      linkAsNewest(position)
    }
    return entries[position].value
  }

  mutating func replace(at position: Int, value: CachedValue, expiry: ContinuousClock.Instant?) {
    entries[position].value = value
    entries[position].expiry = expiry
    _ = moveToNewest(position)
  }

  /// Adds an entry as the newest, and returns its position.
  mutating func insertAsNewest(
    key: CacheKey, value: CachedValue, expiry: ContinuousClock.Instant?
  ) -> Int {
    let entry = Entry(key: key, value: value, expiry: expiry, newer: Self.none, older: Self.none)
    let position: Int
    if let free = freePositions.popLast() {
      position = free
      entries[position] = entry
    } else {
      position = entries.count
      entries.append(entry)
    }
    linkAsNewest(position)
    return position
  }

  /// Removes the least recently used entry, and returns its key.
  mutating func removeOldest() -> CacheKey? {
    guard oldest != Self.none else { return nil }
    let key = entries[oldest].key
    remove(at: oldest)
    return key
  }

  /// Forgets the entry at `position`, keeping its place for the next one; its value is released
  /// now.
  mutating func remove(at position: Int) {
    unlink(position)
    entries[position].value = CachedValue(())
    freePositions.append(position)
  }

  private mutating func unlink(_ position: Int) {
    let (newer, older) = (entries[position].newer, entries[position].older)
    if newer == Self.none { newest = older } else { entries[newer].older = older }
    if older == Self.none { oldest = newer } else { entries[older].newer = newer }
  }

  private mutating func linkAsNewest(_ position: Int) {
    entries[position].newer = Self.none
    entries[position].older = newest
    if newest == Self.none { oldest = position } else { entries[newest].newer = position }
    newest = position
  }
}
