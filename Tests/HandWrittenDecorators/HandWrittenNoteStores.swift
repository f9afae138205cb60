// What a careful engineer writes by hand for each built-in decorator of `NoteStore`, to compare
// the generated ones against in `veneer-runtime-bench`. A module of their own, generic over
// their base, so that they are compiled exactly as the generated ones are. Only `note(id:)` is
// decorated; the other requirements forward.
import CoreMetrics
import FixtureCatalog
import Foundation
import Logging
import Tracing
import VeneerRuntime

/// The store every row of the benchmark calls: `note(id:)` finds a note for every id it is
/// given that is not negative.
public struct ListedNotes: NoteStore {
  public init() {}
  public func note(id: Int) -> String? { id >= 0 ? "note" : nil }
  public func fetchTitles(prefix: String) -> [String] { [prefix] }
  public func save(_ note: String) -> Bool { true }
  public func generate(seed: Int) -> String { "" }
}

/// Logs each call and its result at `debug`: two statements.
public struct HandLoggedNotes<Base: NoteStore>: NoteStore {
  let base: Base
  let logger: Logger

  public init(_ base: Base, logger: Logger) {
    self.base = base
    self.logger = logger
  }

  public func note(id: Int) -> String? {
    logger.debug("NoteStore.note(id:) called", metadata: ["id": "\(id)"])
    let result = base.note(id: id)
    logger.debug("NoteStore.note(id:) returned", metadata: ["result": "\(result ?? "nil")"])
    return result
  }

  public func fetchTitles(prefix: String) -> [String] { base.fetchTitles(prefix: prefix) }
  public func save(_ note: String) -> Bool { base.save(note) }
  public func generate(seed: Int) -> String { base.generate(seed: seed) }
}

/// Tracks one event per call with its duration in milliseconds.
public struct HandTrackedNotes<Base: NoteStore>: NoteStore {
  let base: Base
  let tracker: any AnalyticsTracker

  public init(_ base: Base, tracker: any AnalyticsTracker) {
    self.base = base
    self.tracker = tracker
  }

  public func note(id: Int) -> String? {
    let start = ContinuousClock.now
    let result = base.note(id: id)
    let duration = (ContinuousClock.now - start).components
    let milliseconds = Double(duration.seconds) * 1000 + Double(duration.attoseconds) / 1e15
    tracker.track(
      AnalyticsEvent(name: "note_store.note", properties: ["duration_ms": .double(milliseconds)]))
    return result
  }

  public func fetchTitles(prefix: String) -> [String] { base.fetchTitles(prefix: prefix) }
  public func save(_ note: String) -> Bool { base.save(note) }
  public func generate(seed: Int) -> String { base.generate(seed: seed) }
}

/// Answers `note(id:)` and `fetchTitles(prefix:)` from dictionaries behind a lock, once
/// computed.
public struct HandCachedNotes<Base: NoteStore>: NoteStore {
  final class Storage: @unchecked Sendable {
    let lock = NSLock()
    var notes: [Int: String?] = [:]
    var titles: [String: [String]] = [:]
  }

  let base: Base
  let storage = Storage()

  public init(_ base: Base) {
    self.base = base
  }

  public func note(id: Int) -> String? {
    if let cached = storage.lock.withLock({ storage.notes[id] }) { return cached }
    let result = base.note(id: id)
    storage.lock.withLock { storage.notes[id] = result }
    return result
  }

  public func fetchTitles(prefix: String) -> [String] {
    if let cached = storage.lock.withLock({ storage.titles[prefix] }) { return cached }
    let result = base.fetchTitles(prefix: prefix)
    storage.lock.withLock { storage.titles[prefix] = result }
    return result
  }

  public func save(_ note: String) -> Bool { base.save(note) }
  public func generate(seed: Int) -> String { base.generate(seed: seed) }
}

/// Runs each call in a span named for the requirement.
public struct HandTracedNotes<Base: NoteStore>: NoteStore {
  let base: Base
  let tracer: any Tracer

  public init(_ base: Base, tracer: any Tracer) {
    self.base = base
    self.tracer = tracer
  }

  public func note(id: Int) -> String? {
    tracer.withSpan("NoteStore.note") { _ in base.note(id: id) }
  }

  public func fetchTitles(prefix: String) -> [String] { base.fetchTitles(prefix: prefix) }
  public func save(_ note: String) -> Bool { base.save(note) }
  public func generate(seed: Int) -> String { base.generate(seed: seed) }
}

/// Counts each call and records its duration.
public struct HandMeteredNotes<Base: NoteStore>: NoteStore {
  let base: Base
  let calls: Counter
  let duration: CoreMetrics.Timer

  public init(_ base: Base, factory: any MetricsFactory) {
    self.base = base
    let dimensions = [("protocol", "NoteStore"), ("requirement", "note(id:)")]
    calls = Counter(label: "calls", dimensions: dimensions, factory: factory)
    duration = CoreMetrics.Timer(label: "call_duration", dimensions: dimensions, factory: factory)
  }

  public func note(id: Int) -> String? {
    let start = ContinuousClock.now
    let result = base.note(id: id)
    let elapsed = (ContinuousClock.now - start).components
    calls.increment()
    duration.recordNanoseconds(
      elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000)
    return result
  }

  public func fetchTitles(prefix: String) -> [String] { base.fetchTitles(prefix: prefix) }
  public func save(_ note: String) -> Bool { base.save(note) }
  public func generate(seed: Int) -> String { base.generate(seed: seed) }
}

/// Runs advice before and after each call.
public struct HandInterceptedNotes<Base: NoteStore>: NoteStore {
  let base: Base
  let before: @Sendable (Int) -> Void
  let after: @Sendable (Int, String?) -> Void

  public init(
    _ base: Base, before: @escaping @Sendable (Int) -> Void,
    after: @escaping @Sendable (Int, String?) -> Void
  ) {
    self.base = base
    self.before = before
    self.after = after
  }

  public func note(id: Int) -> String? {
    before(id)
    let result = base.note(id: id)
    after(id, result)
    return result
  }

  public func fetchTitles(prefix: String) -> [String] { base.fetchTitles(prefix: prefix) }
  public func save(_ note: String) -> Bool { base.save(note) }
  public func generate(seed: Int) -> String { base.generate(seed: seed) }
}

/// Logs each call and its result at `debug`, as `HandLoggedNotes` does, for requirements that
/// take a `String` and several arguments.
public struct HandLoggedForecasts<Base: Forecasts>: Forecasts {
  let base: Base
  let logger: Logger

  public init(_ base: Base, logger: Logger) {
    self.base = base
    self.logger = logger
  }

  public func celsius(of city: String) -> Int {
    logger.debug("Forecasts.celsius(of:) called", metadata: ["city": "\(city)"])
    let result = base.celsius(of: city)
    logger.debug("Forecasts.celsius(of:) returned", metadata: ["result": "\(result)"])
    return result
  }

  public func forecast(city: String, days: Int, metric: Bool) -> Int {
    logger.debug(
      "Forecasts.forecast(city:days:metric:) called",
      metadata: ["city": "\(city)", "days": "\(days)", "metric": "\(metric)"])
    let result = base.forecast(city: city, days: days, metric: metric)
    logger.debug(
      "Forecasts.forecast(city:days:metric:) returned", metadata: ["result": "\(result)"])
    return result
  }
}
