import Foundation

/// The stages of a run, in the order they happen: the one vocabulary of `--verbose`, the
/// benchmark and the generator's statistics.
///
/// The generator times `discover`, `check` (only on a run that finds nothing changed), `parse`,
/// `select` and `render` on the wall clock; the command line and the benchmark add `write` and
/// `saveCache`. Within `parse` and `render`, the CPU time of `read`, `prefilter`, `scan`,
/// `parse`, `resolve` and `render` is summed over the threads that ran them.
package enum Stage: String, CaseIterable, Sendable, Codable {
  /// Listing the sources; meanwhile templates are compiled and the cache's index read.
  case discover
  /// Finding from the cache that no source and no output changed.
  case check
  /// Reading a source's bytes.
  case read
  /// Telling from its bytes whether a source may declare a protocol.
  case prefilter
  /// Finding the declarations that matter in a source, without SwiftSyntax.
  case scan
  /// Turning sources into models: on the wall clock, everything from reading to resolving.
  case parse
  /// Joining the models into a catalog: inherited requirements, aliases, result enums.
  case resolve
  /// Choosing each protocol's templates.
  case select
  /// Planning and rendering decorators, and assembling their files.
  case render
  /// Writing the files that changed.
  case write
  /// Recording the run for the next one.
  case saveCache = "save cache"
}

/// CPU time spent in each stage of a run, summed over the threads that ran it: what
/// `--verbose` and the benchmark report next to wall-clock times.
package final class StageTimes: @unchecked Sendable {
  private let lock = NSLock()
  private var totals: [Stage: Duration] = [:]

  package init() {}

  /// Runs `body`, adding the CPU time of the calling thread to `stage`.
  package func measure<Result>(_ stage: Stage, _ body: () throws -> Result) rethrows -> Result {
    let start = Self.threadCPUTime()
    defer {
      let spent = Self.threadCPUTime() - start
      lock.withLock { totals[stage, default: .zero] += spent }
    }
    return try body()
  }

  /// The CPU time of each stage so far.
  package var cpuTimes: [Stage: Duration] {
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
  package static func measure<Result>(
    _ times: StageTimes?, _ stage: Stage, _ body: () -> Result
  ) -> Result {
    times.map { $0.measure(stage, body) } ?? body()
  }
}

/// The wall-clock time of each stage a run goes through, in order.
package struct StageClock {
  private let clock = ContinuousClock()
  private var start: ContinuousClock.Instant
  package private(set) var stages: [(stage: Stage, duration: Duration)] = []

  package init() { start = clock.now }

  /// Ends `stage`, which began where the previous one ended.
  package mutating func end(_ stage: Stage) {
    let now = clock.now
    stages.append((stage, now - start))
    start = now
  }
}
