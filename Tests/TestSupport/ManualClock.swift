import Foundation

/// A clock that moves only when a test moves it: policies that read it run in microseconds, and
/// every wait they make is seen and ended by hand.
///
/// `@unchecked Sendable`: its state is read and written only with `lock` held.
public final class ManualClock: Swift.Clock, @unchecked Sendable {
  public struct Instant: InstantProtocol {
    /// How long after the clock's start.
    public var offset: Duration

    public init(offset: Duration) { self.offset = offset }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var sleepers: [Sleeper] = []
  private var nextSleeper = 0

  public init() {}

  public var now: Instant { lock.withLock { current } }
  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on it.
  public var sleeping: Int { lock.withLock { sleepers.count } }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = lock.withLock { () -> Int in
      nextSleeper += 1
      return nextSleeper
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let early = lock.withLock { () -> (any Error)?? in
          if Task.isCancelled { return .some(CancellationError()) }
          if deadline <= current { return .some(nil) }
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let early {
          if let error = early {
            continuation.resume(throwing: error)
          } else {
            continuation.resume()
          }
        }
      }
    } onCancel: {
      let sleeper = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index).continuation
      }
      sleeper?.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock on by `duration`, waking every sleeper whose deadline it reaches, earliest
  /// first.
  public func advance(by duration: Duration) {
    let woken = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
      current = current.advanced(by: duration)
      let due = sleepers.filter { $0.deadline <= current }.sorted { $0.deadline < $1.deadline }
      sleepers.removeAll { $0.deadline <= current }
      return due.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  /// Waits, yielding, until `count` tasks sleep on the clock; false after `attempts` yields.
  @discardableResult
  public func waitForSleepers(_ count: Int, attempts: Int = 100_000) async -> Bool {
    for _ in 0..<attempts {
      if sleeping >= count { return true }
      await Task.yield()
    }
    return false
  }
}

extension ManualClock {
  /// Its time as the continuous clock's, from when `origin` was read: for what reads that
  /// clock's instants (`InMemoryCache`'s `now`).
  public func continuous(from origin: ContinuousClock.Instant) -> ContinuousClock.Instant {
    origin + now.offset
  }
}
