import Foundation

/// A bulkhead, as resilience4j's semaphore bulkhead: at most `maxConcurrentCalls` calls at
/// once; the next ones wait in a bounded queue, first come first served, for at most
/// `maxWait`, or are refused at once when the queue is full. A waiting call is a suspended task,
/// never a spinning one; cancelled, it leaves the queue.
///
/// `@unchecked Sendable`: its state is read and written only with `lock` held.
public final class Bulkhead: @unchecked Sendable {
  /// How many calls at once, and how many may wait.
  public struct Policy: Sendable {
    /// The most calls under way at once.
    public var maxConcurrentCalls: Int
    /// The most calls waiting for a place; 0 refuses a call at once when all places are taken.
    public var maxWaitingCalls: Int
    /// How long a call waits for a place before it is refused; `nil` for as long as it takes.
    public var maxWait: Duration?

    /// At most `maxConcurrentCalls` at once, `maxWaitingCalls` waiting, each up to `maxWait`.
    public init(maxConcurrentCalls: Int = 10, maxWaitingCalls: Int = 0, maxWait: Duration? = nil) {
      self.maxConcurrentCalls = max(maxConcurrentCalls, 1)
      self.maxWaitingCalls = max(maxWaitingCalls, 0)
      self.maxWait = maxWait
    }
  }

  /// How many calls at once, and how many may wait.
  public let policy: Policy
  private let clock: PolicyClock
  private let lock = NSLock()
  // Every property below is guarded by `lock`, which excludes overlapping accesses: the
  // run-time exclusivity checks would only add their cost to every call.
  @exclusivity(unchecked) private var running = 0
  /// The calls waiting for a place, first come first.
  @exclusivity(unchecked) private var waiting: [Waiter] = []
  @exclusivity(unchecked) private var nextWaiter = 0

  private struct Waiter {
    let number: Int
    let continuation: CheckedContinuation<Void, any Error>
  }

  /// A bulkhead as `policy` says, reading `clock` for how long a call waits.
  public init<C: Clock>(policy: Policy = Policy(), clock: C = ContinuousClock())
  where C.Duration == Duration {
    self.policy = policy
    self.clock = PolicyClock(clock)

    policyMade()
  }

  /// How many calls are under way, and how many wait.
  public var load: (running: Int, waiting: Int) { lock.withLock { (running, waiting.count) } }

  /// Runs `operation` once a place is free, then frees it; throws `BulkheadFullError` without
  /// running it when none is free and none can be waited for, and `CancellationError` when the
  /// task is cancelled while it waits.
  ///
  /// Inlinable, so that the call to the base is specialized where the decorator is: a free place
  /// is taken without suspending, and only a call that must wait enters `wait`.
  @inlinable
  public func run<Value>(
    _ requirement: StaticString, isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Value
  ) async throws -> Value {
    if let number = enter() { try await wait(number, requirement) }
    defer { release() }
    return try await operation()
  }

  /// Takes a free place (`nil`), or a number in the queue, or -1 when the queue is full.
  @usableFromInline
  func enter() -> Int? {
    lock.withLock { () -> Int? in
      if running < policy.maxConcurrentCalls, waiting.isEmpty {
        running += 1
        return nil
      }
      guard waiting.count < policy.maxWaitingCalls else { return -1 }
      nextWaiter += 1
      return nextWaiter
    }
  }

  /// Waits in the queue as waiter `number`, or is refused when `number` is -1 (the queue full).
  @usableFromInline
  func wait(_ number: Int, _ requirement: StaticString) async throws {
    guard number >= 0 else {
      __CallAnswer.noteRejection(.bulkhead, requirement: requirement)
      throw BulkheadFullError(requirement: "\(requirement)", waited: .zero)
    }
    let start = clock.now
    let timer = policy.maxWait.map { limit in
      Task { [clock] in
        try await clock.sleep(until: start + limit)
        self.leave(
          number, throwing: BulkheadFullError(requirement: "\(requirement)", waited: limit))
      }
    }
    defer { timer?.cancel() }
    do {
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          // Cancellation, or the wait's end, may have come before the waiter was queued.
          let early = lock.withLock { () -> (any Error)? in
            if Task.isCancelled { return CancellationError() }
            if let limit = policy.maxWait, clock.now >= start + limit {
              return BulkheadFullError(requirement: "\(requirement)", waited: limit)
            }
            waiting.append(Waiter(number: number, continuation: continuation))
            return nil
          }
          if let early { continuation.resume(throwing: early) }
        }
      } onCancel: {
        leave(number, throwing: CancellationError())
      }
    } catch let error as BulkheadFullError {
      __CallAnswer.noteRejection(.bulkhead, requirement: requirement)
      throw error
    }
  }

  /// Resumes waiter `number`, if it still waits, with `error`.
  private func leave(_ number: Int, throwing error: any Error) {
    let waiter = lock.withLock { () -> Waiter? in
      guard let index = waiting.firstIndex(where: { $0.number == number }) else { return nil }
      return waiting.remove(at: index)
    }
    waiter?.continuation.resume(throwing: error)
  }

  /// Frees a place: the first waiter takes it, or it is free.
  @usableFromInline
  func release() {
    // The common case, no one waiting, moves no `Waiter`: a continuation's layout is known only
    // at run time, so an optional one returned from `withLock` is copied through value witnesses.
    lock.lock()
    guard !waiting.isEmpty else {
      running -= 1
      lock.unlock()
      return
    }
    let next = waiting.removeFirst()
    lock.unlock()
    next.continuation.resume()
  }

}

/// Thrown by a call a bulkhead refused: every place was taken, and the queue full or the wait
/// too long.
public struct BulkheadFullError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The requirement whose call was refused: `PostRepo.getPost(id:)`.
  public let requirement: String
  /// How long it waited before it was refused.
  public let waited: Duration

  /// A call of `requirement` refused after waiting `waited`.
  public init(requirement: String, waited: Duration) {
    self.requirement = requirement
    self.waited = waited
  }

  /// `PostRepo.getPost(id:) was not called: its bulkhead was full (waited 0 seconds)`.
  public var description: String {
    "\(requirement) was not called: its bulkhead was full (waited \(waited))"
  }
}
