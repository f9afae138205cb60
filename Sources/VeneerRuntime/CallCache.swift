import Foundation

/// What a caching decorator uses to answer calls from a cache: lookups, stores, invalidation,
/// and one shared underlying call for concurrent identical async calls. Generated code's, not an
/// API for users: a cache of their own is a `DecoratorCache`.
@_spi(Generated)
public final class CallCache: Sendable {
  /// The cache the user gave.
  public let storage: any DecoratorCache
  private let inFlight = InFlightCalls()

  /// Uses `storage` for lookups and stores.
  public init(_ storage: any DecoratorCache) {
    self.storage = storage
  }

  /// The cached value for `key`, if there is one of type `Value`. Inlinable, as are the
  /// synchronous lookups that use it, so that they are specialized for the decorator's types.
  @inlinable
  public func cachedValue<Value>(for key: CacheKey, as type: Value.Type = Value.self) -> Value? {
    // Unwrapped first: a missing entry cast to an optional `Value` would be a cached `nil`.
    guard let entry = storage.value(for: key) else { return nil }
    // Tested apart from the cast below, which it would otherwise make copy the entry's value.
    if CallAnswer.anyIsBound, entry.value is Value {
      CallAnswer.mark(.cache, requirement: key.requirement)
    }
    return entry.value as? Value
  }

  /// Stores `value` for `key` in `storage`, for `timeToLive` or the cache's default.
  @inlinable
  public func store<Value>(_ value: Value, for key: CacheKey, timeToLive: Duration?) {
    storage.store(CachedValue(value), for: key, timeToLive: timeToLive)
  }

  /// The cached value, or the value `compute` returns, stored; a thrown error is not stored.
  @inlinable
  public func value<Value, Failure: Error>(
    for key: CacheKey, timeToLive: Duration?, compute: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    if let cached = cachedValue(for: key, as: Value.self) { return cached }
    let value = try compute()
    store(value, for: key, timeToLive: timeToLive)
    return value
  }

  /// The cached value, or the value `compute` returns, stored. Callers asking for the same key
  /// while a computation runs wait for it instead of starting their own; errors reach them all
  /// and are not stored.
  public func value<Value: Sendable, Failure: Error>(
    for key: CacheKey, timeToLive: Duration?,
    compute: @escaping @Sendable () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    if let cached = cachedValue(for: key, as: Value.self) { return cached }
    let (task, isFirst) = inFlight.task(for: key) {
      Task {
        // Typed throws erased for the shared task; `compute` throws only `Failure`.
        let value = try await compute()
        self.store(value, for: key, timeToLive: timeToLive)
        return CachedValue(value)
      }
    }
    defer { if isFirst { inFlight.finish(key) } }
    // A task of another type under the same key (a cache shared by decorators of requirements
    // that Veneer keys apart, or a user's own keys) is no answer: the call is made here.
    let shared: CachedValue
    do {
      shared = try await task.value
    } catch let error as Failure {
      throw error
    } catch {
      return try await compute()
    }
    guard let value = shared.value as? Value else { return try await compute() }
    if !isFirst, CallAnswer.anyIsBound {
      CallAnswer.mark(.callInFlight, requirement: key.requirement)
    }
    return value
  }

  /// The same, for callers that are not `Sendable` and so cannot share a task: no single-flight.
  public func value<Value, Failure: Error>(
    for key: CacheKey, timeToLive: Duration?, computeInPlace: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    if let cached = cachedValue(for: key, as: Value.self) { return cached }
    let value = try await computeInPlace()
    store(value, for: key, timeToLive: timeToLive)
    return value
  }

  /// Clears the cached results of the given requirements.
  public func invalidate(_ requirements: String...) {
    for requirement in requirements {
      storage.removeValues(forRequirement: requirement)
    }
  }
}

/// The computations under way, one per key.
private final class InFlightCalls: @unchecked Sendable {
  // Guarded by `lock`.
  private let lock = NSLock()
  private var tasks: [CacheKey: Task<CachedValue, any Error>] = [:]

  /// The task computing `key`, started with `start` if none runs; `isFirst` when it was started
  /// now, so this caller removes it when done.
  func task(for key: CacheKey, start: () -> Task<CachedValue, any Error>)
    -> (task: Task<CachedValue, any Error>, isFirst: Bool)
  {
    lock.withLock {
      if let running = tasks[key] { return (running, false) }
      let task = start()
      tasks[key] = task
      return (task, true)
    }
  }

  func finish(_ key: CacheKey) {
    lock.withLock { tasks[key] = nil }
  }
}
