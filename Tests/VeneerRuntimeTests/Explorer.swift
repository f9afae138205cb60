import Foundation

/// A system of a state machine and the callers that drive it, whose every interleaving of
/// events the explorer runs: each event checks what the machine answers against what a plain
/// model of the callers expects, and the invariants after it.
protocol ExplorableSystem: Hashable {
  associatedtype Event: CustomStringConvertible
  /// The events that can happen next.
  var enabledEvents: [Event] { get }
  /// Applies `event`; throws what it found wrong.
  mutating func apply(_ event: Event) throws(InvariantViolation)
  /// Checks a state no event can leave.
  func checkFinal() throws(InvariantViolation)
}

/// What an exploration found wrong, and the events that led there.
struct InvariantViolation: Error, CustomStringConvertible {
  var message: String
  var trace: [String] = []

  init(_ message: String) { self.message = message }

  var description: String {
    "\(message)\n  after: \(trace.isEmpty ? "(start)" : trace.joined(separator: ", "))"
  }
}

/// Runs every sequence of events from a start, depth first; a state reached before, by any
/// order of events, is not explored again (its futures are the same).
enum Explorer {
  struct Report {
    /// Distinct states reached.
    var states = 0
    /// Events applied.
    var transitions = 0
    /// States no event leaves.
    var finalStates = 0
    /// The longest sequence of events.
    var depth = 0
  }

  /// Explores on a thread of its own: a long exploration on the tasks' shared threads would
  /// starve the tests that run beside it.
  static func explore<System: ExplorableSystem & Sendable>(_ start: System) async throws
    -> Report
  {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(with: Result { try exploreHere(start) })
      }.start()
    }
  }

  static func exploreHere<System: ExplorableSystem>(_ start: System) throws -> Report {
    var report = Report()
    var seen: Set<System> = [start]
    var path: [String] = []
    func visit(_ system: System) throws {
      report.states += 1
      report.depth = max(report.depth, path.count)
      let events = system.enabledEvents
      if events.isEmpty {
        report.finalStates += 1
        do { try system.checkFinal() } catch { throw traced(error, path) }
      }
      for event in events {
        var next = system
        path.append(event.description)
        do { try next.apply(event) } catch { throw traced(error, path) }
        report.transitions += 1
        if seen.insert(next).inserted { try visit(next) }
        path.removeLast()
      }
    }
    try visit(start)
    return report
  }

  private static func traced(_ violation: InvariantViolation, _ path: [String])
    -> InvariantViolation
  {
    var violation = violation
    violation.trace = path
    return violation
  }
}

/// Throws `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(InvariantViolation) {
  if !condition { throw InvariantViolation(message()) }
}
