/// A bulkhead's places and queue as a value: each transition says what to resume, and the
/// `Bulkhead` does it outside its lock. It reads no clock, awaits nothing and resumes nothing,
/// so every interleaving of its callers can be explored (VeneerRuntimeTests' explorer).
///
/// A waiter is queued before its task suspends (`enter`), and hands in what resumes it only
/// after (`suspend`), as `WaiterQueue` keeps them.
struct BulkheadState<Waiter> {
  let maxConcurrentCalls: Int
  let maxWaitingCalls: Int
  /// The calls holding a place.
  private(set) var running = 0
  private var queue = WaiterQueue<Waiter>()

  /// What a call finds on arriving.
  enum Entry: Equatable {
    /// A place was free: it holds it.
    case run
    /// It is queued: it suspends next.
    case queued
    /// The queue is full.
    case refused
    /// Its task was already cancelled.
    case cancelled
  }

  init(maxConcurrentCalls: Int, maxWaitingCalls: Int) {
    self.maxConcurrentCalls = maxConcurrentCalls
    self.maxWaitingCalls = maxWaitingCalls
  }

  /// How many calls wait.
  var waiting: Int { queue.count }

  /// Takes a free place if one is free and nobody waits for it: a call's fast path.
  mutating func takeFreePlace() -> Bool {
    guard running < maxConcurrentCalls, queue.isEmpty else { return false }
    running += 1
    return true
  }

  /// A call numbered `id` arrives; `isCancelled` is its task's flag, read under the same lock
  /// as its cancellation handler takes.
  mutating func enter(_ id: UInt64, isCancelled: Bool) -> Entry {
    if isCancelled { return .cancelled }
    if takeFreePlace() { return .run }
    guard queue.count < maxWaitingCalls else { return .refused }
    queue.append(id)
    return .queued
  }

  /// Waiter `id`, queued, hands in `waiter`: the outcome to resume it with now if its wait
  /// already ended, else `nil` and it waits.
  mutating func suspend(_ id: UInt64, _ waiter: Waiter) -> WaitOutcome? {
    queue.suspend(id, waiter)
  }

  /// A call holding a place ends while nobody waits: the place is free (`true`); `false`, and
  /// nothing changed, when someone waits, for `release` to hand it over. The common case moves
  /// no waiter: a continuation's layout is known only at run time, so an optional one returned
  /// is copied through value witnesses.
  mutating func releaseIfNobodyWaits() -> Bool {
    guard queue.isEmpty else { return false }
    precondition(running > 0, "a bulkhead released a place it did not give")
    running -= 1
    return true
  }

  /// A call holding a place ends: the first waiter is handed the place (returned, to resume,
  /// when it has suspended), or the place is free.
  mutating func release() -> Waiter? {
    guard !queue.isEmpty else {
      precondition(running > 0, "a bulkhead released a place it did not give")
      running -= 1
      return nil
    }
    return queue.removeFirst(.granted)
  }

  /// Waiter `id`'s wait ends with `outcome` (`.cancelled` or `.timedOut`) if it still waits:
  /// the waiter to resume so, if it has suspended; nothing when it was handed a place first.
  mutating func leave(_ id: UInt64, _ outcome: WaitOutcome) -> Waiter? {
    queue.remove(id, outcome)
  }
}

extension BulkheadState: Equatable where Waiter: Equatable {}
extension BulkheadState: Hashable where Waiter: Hashable {}
extension BulkheadState: Sendable where Waiter: Sendable {}
