/// Thrown by a timeout decorator when a call outlives its deadline; the call's task was
/// cancelled.
public struct TimeoutError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The requirement whose call timed out: `PostRepo.getPost(id:)`.
  public let requirement: String
  /// How long the call was given.
  public let deadline: Duration

  /// A call of `requirement` that outlived `deadline`.
  public init(requirement: String, deadline: Duration) {
    self.requirement = requirement
    self.deadline = deadline
  }

  /// `PostRepo.getPost(id:) did not finish within 2.0 seconds`.
  public var description: String { "\(requirement) did not finish within \(deadline)" }
}

/// A call given a deadline, as timeout decorators make one.
public enum __TimedCall {
  /// What `operation` returns or throws, when it ends within `deadline`; else `TimeoutError`,
  /// once its task, cancelled, has ended: cancellation is cooperative, so a base that checks it
  /// (as `Task.sleep`, URLSession and most async APIs do) ends at once, and one that does not is
  /// awaited.
  /// The value is `sending`: a result that need not be Sendable (an app's model class), handed
  /// from the call's task to its caller, which nothing else holds.
  public static func run<Value>(
    _ requirement: String, deadline: Duration,
    _ operation: @escaping @Sendable () async throws -> sending Value
  ) async throws -> sending Value {
    try await withThrowingTaskGroup(of: Finish<Value>.self) { group in
      group.addTask { .returned(try await operation()) }
      group.addTask {
        // Saturated: a sleep of some 292 years or more traps (`.seconds(.max)`, no deadline).
        try await Task.sleep(for: deadline.saturated)
        return .deadlinePassed
      }
      // The other task is cancelled: the operation when the deadline passed, else the timer.
      defer { group.cancelAll() }
      switch try await group.next() {
      case .returned(let value): return value
      case .deadlinePassed, nil: throw TimeoutError(requirement: requirement, deadline: deadline)
      }
    }
  }

  /// Which of a timed call's two tasks ended first. Unchecked: its value was returned
  /// `sending`, so no other task holds it when it crosses to the caller's.
  private enum Finish<Value>: @unchecked Sendable {
    case returned(Value)
    case deadlinePassed
  }
}
