import Foundation
import VeneerParser
import VeneerSupport

/// Stage 1 and 3 side by side: in a run without an index, which reads and parses every input,
/// inputs are read and parsed on another core while discovery still walks the folders. The walk
/// is one thread's work, bound by the kernel's directory listings: a second walker gains little,
/// a reader beside it slows it only a little, and the core would otherwise wait.
///
/// Discovery offers the inputs it keeps as it lists them; `work` reads and parses them in that
/// order until discovery is over, then stops, and `ParsedSources` parses the rest on every
/// core, taking what was read ahead by path. The result is the same as without it: each input is
/// parsed once, by the same function, and results are placed by path, not by when they came.
final class ReadAhead: @unchecked Sendable {
  /// Offered files not handed to the worker yet: handed over by the batch, as a directory holds
  /// a few files and taking the lock for each cost the walk more than reading ahead gained.
  /// Only the walking thread touches it.
  private var unsent: [String] = []
  /// How many offered files make a batch.
  static let batchSize = 32

  // Everything below is guarded by `condition`.
  private let condition = NSCondition()
  private var offered: [String] = []
  private var nextOffered = 0
  private var isOffering = true
  private var claimed: Set<String> = []
  private var inFlight: Set<String> = []
  private var results: [String: ParsedSources.ParsedSource] = [:]

  /// Files discovery found, to read if the worker gets to them before discovery is over.
  func offer(_ files: [String]) {
    unsent += files
    guard unsent.count >= Self.batchSize else { return }
    condition.lock()
    offered += unsent
    condition.unlock()
    condition.signal()
    unsent.removeAll(keepingCapacity: true)
  }

  /// Discovery is over: the worker takes no more files.
  func finishOffering() {
    condition.lock()
    isOffering = false
    condition.unlock()
    condition.broadcast()
  }

  /// Reads and parses offered files until discovery is over. `parser` is asked for once, on this
  /// thread: it waits for the templates, whose names are annotation keys.
  func work(parser: () -> ProtocolParser, encodes: Bool, times: StageTimes?) {
    let parser = parser()
    while let file = claimNext() {
      let parsed = ParsedSources.readAndParse(
        file, parser: parser, encodes: encodes, times: times)
      condition.lock()
      inFlight.remove(file)
      results[file] = parsed
      condition.unlock()
      condition.broadcast()
    }
  }

  /// `file` as read ahead, once: waits while the worker reads it, or may still take it; nil when
  /// it never will. Once discovery is over, a file not taken yet never will be.
  func parsed(_ file: String) -> ParsedSources.ParsedSource? {
    condition.lock()
    defer { condition.unlock() }
    while inFlight.contains(file) || (isOffering && offered[nextOffered...].contains(file)) {
      condition.wait()
    }
    return results.removeValue(forKey: file)
  }

  private func claimNext() -> String? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      while isOffering && nextOffered == offered.count { condition.wait() }
      guard isOffering else { return nil }
      let file = offered[nextOffered]
      nextOffered += 1
      // The searches for sources and for references may both find a file. Passing it over is
      // news to a thread waiting to see whether the worker may still take a file.
      guard claimed.insert(file).inserted else {
        condition.broadcast()
        continue
      }
      inFlight.insert(file)
      return file
    }
  }
}
