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
    /// Options that make no sense stop the program with a message naming the option: they are a
    /// mistake in the code that makes the policy.
    public init(maxConcurrentCalls: Int = 10, maxWaitingCalls: Int = 0, maxWait: Duration? = nil) {
      precondition(
        maxConcurrentCalls >= 1,
        "Bulkhead.Policy: maxConcurrentCalls is at least 1, not \(maxConcurrentCalls)")
      precondition(
        maxWaitingCalls >= 0,
        "Bulkhead.Policy: maxWaitingCalls is 0 or more, not \(maxWaitingCalls)")
      precondition(
        (maxWait ?? .zero) >= .zero, "Bulkhead.Policy: maxWait is zero or more, not \(maxWait!)")
      self.maxConcurrentCalls = maxConcurrentCalls
      self.maxWaitingCalls = maxWaitingCalls
      self.maxWait = maxWait
    }
  }

  /// How many calls at once, and how many may wait.
  public let policy: Policy
  private let clock: PolicyClock
  private let lock = NSLock()
  // Guarded by `lock`, which excludes overlapping accesses: the run-time exclusivity checks
  // would only add their cost to every call.
  @exclusivity(unchecked) private var state: BulkheadState<Waiter>
  @exclusivity(unchecked) private var lastWaiter: UInt64 = 0

  /// A bulkhead as `policy` says, reading `clock` for how long a call waits.
  public init<C: Clock>(policy: Policy = Policy(), clock: C = ContinuousClock())
  where C.Duration == Duration {
    self.policy = policy
    self.clock = PolicyClock(clock)
    state = BulkheadState(
      maxConcurrentCalls: policy.maxConcurrentCalls, maxWaitingCalls: policy.maxWaitingCalls)

    policyMade()
  }

  /// How many calls are under way, and how many wait.
  public var load: (running: Int, waiting: Int) {
    lock.withLock { (state.running, state.waiting) }
  }

  /// Runs `operation` once a place is free, then frees it; throws `BulkheadFullError` without
  /// running it when none is free and none can be waited for, and `CancellationError` at once
  /// when the task is cancelled while it waits, holding no place.
  ///
  /// Inlinable, so that the call to the base is specialized where the decorator is: a free place
  /// is taken without suspending, and only a call that must wait enters `wait`.
  @inlinable
  public func run<Value>(
    _ requirement: StaticString, isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Value
  ) async throws -> Value {
    if !takeFreePlace() { try await wait(requirement) }
    defer { release() }
    return try await operation()
  }

  @usableFromInline
  func takeFreePlace() -> Bool {
    lock.withLock { state.takeFreePlace() }
  }

  /// Waits in the queue until a place is handed over; throws when refused, cancelled or kept
  /// waiting past `maxWait`.
  @usableFromInline
  func wait(_ requirement: StaticString) async throws {
    let id = lock.withLock { () -> UInt64 in
      lastWaiter += 1
      return lastWaiter
    }
    let waited = clock.now
    var isRefused = false
    let outcome = await WaitingCall.wait(
      enter: { isCancelled in
        switch lock.withLock({ state.enter(id, isCancelled: isCancelled) }) {
        case .run: return .granted
        case .cancelled: return .cancelled
        case .refused:
          isRefused = true
          return .timedOut
        case .queued: return nil
        }
      },
      whileQueued: {
        // The end of the wait, as a task that says so; it ends with the wait.
        guard let limit = policy.maxWait else { return nil }
        let timer = Task { [clock] in
          try await clock.sleep(until: waited + limit)
          self.leave(id, .timedOut)
        }
        return { timer.cancel() }
      },
      suspend: { waiter in lock.withLock { state.suspend(id, waiter) } },
      leave: { self.leave(id, .cancelled) })
    switch outcome {
    case .granted: return
    case .cancelled: throw CancellationError()
    case .timedOut:
      __CallAnswer.noteRejection(.bulkhead, requirement: requirement)
      throw BulkheadFullError(
        requirement: "\(requirement)", waited: isRefused ? .zero : policy.maxWait ?? .zero)
    }
  }

  /// What resumes a waiting call, with how its wait ended.
  private typealias Waiter = WaitingCall

  /// Ends waiter `id`'s wait with `outcome`, if it still waits.
  private func leave(_ id: UInt64, _ outcome: WaitOutcome) {
    lock.withLock { state.leave(id, outcome) }?.resume(returning: outcome)
  }

  /// Frees a place: the first waiter is handed it, or it is free.
  @usableFromInline
  func release() {
    lock.lock()
    if state.releaseIfNobodyWaits() {
      lock.unlock()
      return
    }
    let next = state.release()
    lock.unlock()
    next?.resume(returning: .granted)
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
