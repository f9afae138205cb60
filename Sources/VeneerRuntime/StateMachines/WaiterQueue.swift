/// The callers waiting in a bulkhead or a rate limiter, first come first, and how a wait ends
/// when it ends before its caller has suspended.
///
/// A caller is queued before its task suspends (`append`) and hands in what resumes it only
/// after (`suspend`): a place or token handed over, a cancellation or a time-out between the two
/// is kept as its outcome and given to it when it suspends, never lost.
struct WaiterQueue<Waiter> {
  /// Queued callers, by number, oldest first, with what resumes each (`nil` until it has
  /// suspended).
  private var ids: [UInt64] = []
  private var waiters: [Waiter?] = []
  /// The outcomes of callers that left the queue before they suspended.
  private var settled: [UInt64: WaitOutcome] = [:]

  var count: Int { ids.count }
  var isEmpty: Bool { ids.isEmpty }

  mutating func append(_ id: UInt64) {
    ids.append(id)
    waiters.append(nil)
  }

  /// Caller `id`, queued, hands in `waiter`: the outcome to resume it with now if its wait
  /// already ended, else `nil` and it waits.
  mutating func suspend(_ id: UInt64, _ waiter: Waiter) -> WaitOutcome? {
    if let outcome = settled.removeValue(forKey: id) { return outcome }
    guard let index = ids.firstIndex(of: id) else {
      preconditionFailure("a waiter suspended without being queued")
    }
    waiters[index] = waiter
    return nil
  }

  /// The oldest caller leaves with `outcome`: what resumes it, if it has suspended.
  mutating func removeFirst(_ outcome: WaitOutcome) -> Waiter? {
    let id = ids.removeFirst()
    guard let waiter = waiters.removeFirst() else {
      settled[id] = outcome
      return nil
    }
    return waiter
  }

  /// Caller `id` leaves with `outcome`, if it is queued: what resumes it, if it has suspended.
  mutating func remove(_ id: UInt64, _ outcome: WaitOutcome) -> Waiter? {
    guard let index = ids.firstIndex(of: id) else { return nil }
    ids.remove(at: index)
    guard let waiter = waiters.remove(at: index) else {
      settled[id] = outcome
      return nil
    }
    return waiter
  }
}

extension WaiterQueue: Equatable where Waiter: Equatable {}
extension WaiterQueue: Hashable where Waiter: Hashable {}

/// How a waiter's wait ends, in a bulkhead or a rate limiter.
enum WaitOutcome: Hashable, Sendable {
  /// It was handed what it waited for: a place, a token.
  case granted
  /// Its task was cancelled: it holds nothing.
  case cancelled
  /// Its wait passed its limit: it holds nothing.
  case timedOut
}
extension WaiterQueue: Sendable where Waiter: Sendable {}

/// What resumes a waiting call: its continuation in a box of fixed layout. A state machine
/// generic over the continuation itself, a type whose layout is known only at run time, would
/// reach even its counts through run-time metadata on every call's fast path; the box is made
/// only for a call that waits.
final class WaitingCall: Sendable {
  private let continuation: CheckedContinuation<WaitOutcome, Never>

  init(_ continuation: CheckedContinuation<WaitOutcome, Never>) {
    self.continuation = continuation
  }

  func resume(returning outcome: WaitOutcome) {
    continuation.resume(returning: outcome)
  }
}

extension WaitingCall {
  /// A caller's wait in a bulkhead's or a rate limiter's queue, one shape for both. It enters,
  /// which may answer at once (a place or a token free, no room, its task already cancelled);
  /// else it suspends, handing in what resumes it, which may be answered at once too (its wait
  /// ended between the two). A cancellation while it waits makes it leave the queue at once.
  /// `enter`, `suspend` and `leave` each take the policy's lock, and `leave` resumes whom it
  /// removed outside it; `whileQueued` starts what ends the wait by time, and returns what
  /// stops that.
  static func wait(
    enter: (_ isCancelled: Bool) -> WaitOutcome?,
    whileQueued: () -> (@Sendable () -> Void)? = { nil },
    suspend: (WaitingCall) -> WaitOutcome?,
    leave: @Sendable () -> Void
  ) async -> WaitOutcome {
    await withTaskCancellationHandler {
      if let answer = enter(Task.isCancelled) { return answer }
      let stop = whileQueued()
      defer { stop?() }
      return await withCheckedContinuation { continuation in
        let waiter = WaitingCall(continuation)
        if let outcome = suspend(waiter) { waiter.resume(returning: outcome) }
      }
    } onCancel: {
      leave()
    }
  }
}
