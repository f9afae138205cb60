import CVeneerRuntime
import Foundation

/// What a caching decorator uses to answer calls from a cache: its keys, lookups, stores,
/// invalidation, and one shared underlying call for concurrent identical async calls.
/// Generated code's, not an API for users: a cache of their own is a `DecoratorCache`.
///
/// An invalidation reaches the calls under way: what a call that began before it computes is
/// neither stored nor shared with a call that begins after it.
public final class __CallCache: Sendable {
  /// The cache the user gave.
  public let storage: any DecoratorCache
  /// Its keys' scope, made for this decorator: another decorator given the same `storage`
  /// never finds them.
  @usableFromInline let scope: UInt64
  /// How many invalidations it has made: read atomically when a call's key is made; changed
  /// under `storeLock`, as stores are checked against it.
  @usableFromInline nonisolated(unsafe) let invalidations: UnsafeMutablePointer<UInt64>
  private let storeLock = NSLock()
  private let inFlight = InFlightCalls()

  /// Uses `storage` for lookups and stores.
  public init(_ storage: any DecoratorCache) {
    self.storage = storage
    scope = veneer_next_cache_scope()
    invalidations = .allocate(capacity: 1)
    invalidations.initialize(to: 0)
  }

  deinit {
    invalidations.deallocate()
  }

  /// The key of a call of `requirement` with one argument, in this decorator's scope. Inlinable,
  /// as `CacheKey`'s initializer it calls, so that the commonest key is made in code specialized
  /// for its type.
  @inlinable
  public func key<Argument: Hashable>(requirement: String, arguments argument: Argument)
    -> CacheKey?
  {
    CacheKey(requirement: requirement, arguments: argument).map(stamped)
  }

  /// The key of a call whose arguments are `Hashable` by their types, in this decorator's scope.
  public func key<each Argument: Hashable>(
    requirement: String, arguments: repeat each Argument
  ) -> CacheKey? {
    CacheKey(requirement: requirement, arguments: repeat each arguments).map(stamped)
  }

  /// The key of a call, or `nil` when an argument is not `Hashable` at run time: such a call is
  /// forwarded, never cached.
  @_disfavoredOverload
  public func key<each Argument>(requirement: String, arguments: repeat each Argument)
    -> CacheKey?
  {
    CacheKey(requirement: requirement, arguments: repeat each arguments).map(stamped)
  }

  /// `key` in this decorator's scope, at its count of invalidations now.
  @inlinable
  func stamped(_ key: CacheKey) -> CacheKey {
    var key = key
    key.scope(scope)
    key.epoch = veneer_load(invalidations)
    return key
  }

  /// The cached value for `key`, if there is one of type `Value`. Inlinable, as are the
  /// synchronous lookups that use it, so that they are specialized for the decorator's types.
  @inlinable
  public func cachedValue<Value>(for key: CacheKey, as type: Value.Type = Value.self) -> Value? {
    // Unwrapped first: a missing entry cast to an optional `Value` would be a cached `nil`.
    guard let entry = storage.value(for: key) else { return nil }
    // Tested apart from the cast below, which it would otherwise make copy the entry's value.
    if __CallAnswer.anyIsBound, entry.value is Value {
      __CallAnswer.mark(.cache, requirement: key.requirement)
    }
    return entry.value as? Value
  }

  /// Stores `value` for `key` in `storage`, for `timeToLive` or the cache's default, unless an
  /// invalidation came after the key was made: the value may predate what it invalidated.
  public func store<Value>(_ value: Value, for key: CacheKey, timeToLive: Duration?) {
    storeLock.withLock {
      guard veneer_load(invalidations) == key.epoch else { return }
      storage.store(CachedValue(value), for: key, timeToLive: timeToLive)
    }
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
  /// while a computation runs wait for it instead of starting their own, unless an invalidation
  /// came between their calls; errors reach them all and are not stored.
  public func value<Value: Sendable, Failure: Error>(
    for key: CacheKey, timeToLive: Duration?,
    compute: @escaping @Sendable () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    if let cached = cachedValue(for: key, as: Value.self) { return cached }
    let flight = InFlightCalls.Flight(key: key, epoch: key.epoch)
    let (task, isFirst) = inFlight.task(for: flight) {
      Task {
        // Typed throws erased for the shared task; `compute` throws only `Failure`.
        let value = try await compute()
        self.store(value, for: key, timeToLive: timeToLive)
        return CachedValue(value)
      }
    }
    defer { if isFirst { inFlight.finish(flight) } }
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
    if !isFirst, __CallAnswer.anyIsBound {
      __CallAnswer.mark(.callInFlight, requirement: key.requirement)
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

  /// Clears the cached results of the given requirements, and keeps what the calls under way
  /// compute from being stored or shared.
  public func invalidate(_ requirements: String...) {
    storeLock.withLock {
      veneer_increment(invalidations)
      for requirement in requirements {
        storage.removeValues(forRequirement: requirement)
      }
    }
  }
}

/// The computations under way, one per key and count of invalidations.
private final class InFlightCalls: @unchecked Sendable {
  /// A computation's key and the invalidations its decorator had made when it began.
  struct Flight: Hashable {
    var key: CacheKey
    var epoch: UInt64
  }

  // Guarded by `lock`.
  private let lock = NSLock()
  private var tasks: [Flight: Task<CachedValue, any Error>] = [:]

  /// The task computing `flight`, started with `start` if none runs; `isFirst` when it was
  /// started now, so this caller removes it when done.
  func task(for flight: Flight, start: () -> Task<CachedValue, any Error>)
    -> (task: Task<CachedValue, any Error>, isFirst: Bool)
  {
    lock.withLock {
      if let running = tasks[flight] { return (running, false) }
      let task = start()
      tasks[flight] = task
      return (task, true)
    }
  }

  func finish(_ flight: Flight) {
    lock.withLock { tasks[flight] = nil }
  }
}
