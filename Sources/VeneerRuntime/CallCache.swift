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

  /// How many callers wait for a computation under way.
  var waitingCallers: Int { inFlight.waiting }

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
  /// came between their calls; errors reach them all and are not stored. A caller whose task is
  /// cancelled stops waiting at once, with `CancellationError` (or, when `Failure` cannot be
  /// one, with what its own call of `compute` throws); the computation is cancelled when no
  /// caller waits for it any more.
  public func value<Value: Sendable, Failure: Error>(
    for key: CacheKey, timeToLive: Duration?,
    compute: @escaping @Sendable () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    if let cached = cachedValue(for: key, as: Value.self) { return cached }
    let flight = InFlightCalls.Flight(key: key, epoch: key.epoch)
    let (answer, started) = await inFlight.answer(for: flight) { number in
      Task {
        // Typed throws erased for the shared task; `compute` throws only `Failure`.
        let answer: Result<CachedValue, any Error>
        do {
          let value = try await compute()
          self.store(value, for: key, timeToLive: timeToLive)
          answer = .success(CachedValue(value))
        } catch {
          answer = .failure(error)
        }
        self.inFlight.finish(flight, number: number, answer)
      }
    }
    let shared: CachedValue
    switch answer {
    case .success(let value): shared = value
    case .failure(let error as Failure): throw error
    // A caller that left (cancelled) with a typed `Failure`, or a task of another type under the
    // same key (a cache shared by decorators of requirements that Veneer keys apart, or a user's
    // own keys): the call is made here.
    case .failure: return try await compute()
    }
    guard let value = shared.value as? Value else { return try await compute() }
    if !started, __CallAnswer.anyIsBound {
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

/// The computations under way, one per key and count of invalidations: an `InFlightState` driven
/// under one lock, its waiters resumed and its computations cancelled outside it.
private final class InFlightCalls: @unchecked Sendable {
  /// A computation's key and the invalidations its decorator had made when it began.
  struct Flight: Hashable {
    var key: CacheKey
    var epoch: UInt64
  }

  typealias Answer = Result<CachedValue, any Error>
  private typealias Waiter = CheckedContinuation<InFlightOutcome<Answer>, Never>
  private typealias State = InFlightState<Flight, Task<Void, Never>, Answer, Waiter>

  // Guarded by `lock`.
  private let lock = NSLock()
  private var state = State()
  private var lastCaller: UInt64 = 0

  /// The answer of the computation of `flight` under way, or of one `start` starts, given its
  /// number; `started` when this caller started it. A caller whose task is cancelled gets
  /// `CancellationError` at once.
  func answer(for flight: Flight, start: (UInt64) -> Task<Void, Never>) async -> (
    answer: Answer, started: Bool
  ) {
    let id = lock.withLock { () -> UInt64 in
      lastCaller += 1
      return lastCaller
    }
    var started = false
    let outcome = await withTaskCancellationHandler { () async -> InFlightOutcome<Answer> in
      let entry = lock.withLock {
        state.join(flight, id, isCancelled: Task.isCancelled, start: start)
      }
      guard case .joined(_, let isFirst) = entry else { return .cancelled }
      started = isFirst
      return await withCheckedContinuation { continuation in
        if let outcome = lock.withLock({ state.suspend(id, of: flight, continuation) }) {
          continuation.resume(returning: outcome)
        }
      }
    } onCancel: {
      let (waiter, work) = lock.withLock { state.leave(id, of: flight) }
      work?.cancel()
      waiter?.resume(returning: .cancelled)
    }
    switch outcome {
    case .answered(let answer): return (answer, started)
    case .cancelled: return (.failure(CancellationError()), started)
    }
  }

  var waiting: Int { lock.withLock { state.waiting } }

  /// Computation `number` of `flight` ended with `answer`: its waiters are resumed with it.
  func finish(_ flight: Flight, number: UInt64, _ answer: Answer) {
    let waiters = lock.withLock { state.finish(flight, number: number, answer) }
    for waiter in waiters { waiter.resume(returning: .answered(answer)) }
  }
}
