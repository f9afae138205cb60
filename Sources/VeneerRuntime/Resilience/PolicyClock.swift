/// The clock a resilience policy reads, whatever clock it was given: the time since the policy
/// was made, and a sleep until a time since then. A policy reads no other time, so a test gives
/// it a clock it moves by hand and runs in microseconds.
public struct PolicyClock: Sendable {
  private let elapsed: @Sendable () -> Duration
  private let sleeper: @Sendable (Duration) async throws -> Void

  /// Reads `clock`, from now on.
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now) }
    sleeper = { offset in
      // A clock's sleep traps past some 292 years from its origin; a policy's may be longer.
      try await clock.sleep(until: origin.advanced(by: offset.saturated), tolerance: nil)
    }
  }

  /// The continuous clock, which keeps counting while the system sleeps.
  public static var continuous: PolicyClock { PolicyClock(ContinuousClock()) }

  /// How long it is since the policy was made.
  public var now: Duration { elapsed() }

  /// Suspends until `deadline` (a `now`), or throws `CancellationError` if the task is
  /// cancelled first.
  public func sleep(until deadline: Duration) async throws {
    try await sleeper(deadline)
  }

  /// Suspends for `duration`.
  public func sleep(for duration: Duration) async throws {
    try await sleeper(now.saturatingAdding(duration))
  }
}
