import Foundation

/// CPU time spent in each stage of a run, summed over the threads that ran it: what
/// `--verbose` and the benchmark report next to wall-clock times.
public final class StageTimes: @unchecked Sendable {
  private let lock = NSLock()
  private var totals: [String: Duration] = [:]

  public init() {}

  /// Runs `body`, adding the CPU time of the calling thread to `stage`.
  public func measure<Result>(_ stage: String, _ body: () throws -> Result) rethrows -> Result {
    let start = Self.threadCPUTime()
    defer {
      let spent = Self.threadCPUTime() - start
      lock.withLock { totals[stage, default: .zero] += spent }
    }
    return try body()
  }

  /// The CPU time of each stage so far.
  public var cpuTimes: [String: Duration] {
    lock.withLock { totals }
  }

  static func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}

extension StageTimes {
  /// Runs `body` under `times` when there are any.
  public static func measure<Result>(
    _ times: StageTimes?, _ stage: String, _ body: () -> Result
  ) -> Result {
    times.map { $0.measure(stage, body) } ?? body()
  }
}
