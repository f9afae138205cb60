import Foundation
import Logging
import VeneerMacros

/// A count kept safe across threads.
final class Tally: @unchecked Sendable {
  private let lock = NSLock()
  private var storage = 0
  var count: Int { lock.withLock { storage } }
  func add() { lock.withLock { storage += 1 } }
}

/// Log lines and analytics events kept in memory.
final class Recorder: AnalyticsTracker, @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  private var events: [String] = []
  var log: [String] { lock.withLock { lines } }
  var eventNames: [String] { lock.withLock { events } }

  func track(_ event: AnalyticsEvent) { lock.withLock { events.append(event.name) } }

  /// A logger at `level`, writing here.
  func logger(level: Logger.Level = .trace) -> Logger {
    var logger = Logger(label: "test") { _ in Handler(recorder: self) }
    logger.logLevel = level
    return logger
  }

  func append(_ line: String) { lock.withLock { lines.append(line) } }

  struct Handler: LogHandler {
    let recorder: Recorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
      let metadata = (event.metadata ?? [:]).sorted { $0.key < $1.key }
        .filter { $0.key != "call_id" && $0.key != "duration" }.map { "\($0.key)=\($0.value)" }
      recorder.append(
        ([event.level.rawValue, event.message.description] + metadata).joined(separator: " "))
    }
  }
}
