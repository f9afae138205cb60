import CVeneerRuntime

/// Receives the events analytics decorators record; forward them to your analytics service.
public protocol AnalyticsTracker: Sendable {
  func track(_ event: AnalyticsEvent)
}

/// A named event with typed properties, such as `post_repo.create_post`.
public struct AnalyticsEvent: Sendable, Hashable, CustomStringConvertible {
  /// The event's name: `post_repo.create_post`, or what `analytics(event:)` says.
  public var name: String
  /// Its properties: `duration_ms`, the arguments `analytics(properties:)` names, and for a
  /// failure `error`, the error's type.
  public var properties: [String: AnalyticsValue]

  /// An event named `name` with `properties`.
  public init(name: String, properties: [String: AnalyticsValue] = [:]) {
    self.name = name
    self.properties = properties
  }

  /// `name [key=value, …]`, properties sorted by key.
  public var description: String {
    let properties = self.properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return properties.isEmpty ? name : "\(name) [\(properties.joined(separator: ", "))]"
  }
}

/// A property value analytics services understand.
public enum AnalyticsValue: Sendable, Hashable, CustomStringConvertible {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)

  /// The value of an argument the user named as a property, and so declared public: numbers
  /// and flags keep their type, anything else is written as `__ValueDescription.public` writes
  /// it — text by value, never the contents of a struct, class, tuple or dictionary (see the
  /// README's "What leaves the process").
  public init<Value>(_ value: Value) {
    self.init(value, otherwise: { __ValueDescription.public($0) })
  }

  /// The value of an argument written whole, as `log(full)` asks: numbers and flags keep their
  /// type, anything else is its `logDescription` or `String(describing:)`.
  public init<Value>(describing value: Value) {
    self.init(value, otherwise: { __ValueDescription.full($0) })
  }

  /// Numbers and flags as themselves, a type that says how it is logged as that, anything
  /// else as `describe` writes it.
  private init<Value>(_ value: Value, otherwise describe: (Value) -> String) {
    switch value {
    case let value as any CustomLogStringConvertible: self = .string(value.logDescription)
    case let value as Int: self = .int(value)
    case let value as Double: self = .double(value)
    case let value as Bool: self = .bool(value)
    default: self = .string(describe(value))
    }
  }

  /// The value as text.
  public var description: String {
    switch self {
    case .string(let value): value
    case .int(let value): String(value)
    case .double(let value): String(value)
    case .bool(let value): String(value)
    }
  }
}

/// One call through an analytics decorator: measures it and tracks one event when it ends, its
/// success event or its failure event.
/// Generated code's, not an API for users.
public struct __TrackedCall: __CallLifeCycle {
  private let tracker: any AnalyticsTracker
  private let properties: [String: AnalyticsValue]
  private let success: String
  private let failure: String
  /// When the call started, by `veneer_monotonic_nanoseconds`.
  private let start: UInt64

  /// Starts measuring a call whose events go to `tracker`, with `properties` from its
  /// arguments: `success` when it ends well, `failure` when it throws or fails.
  public init(
    tracker: any AnalyticsTracker, properties: [String: AnalyticsValue] = [:], success: String,
    failure: String
  ) {
    self.tracker = tracker
    self.properties = properties
    self.success = success
    self.failure = failure
    self.start = veneer_monotonic_nanoseconds()
  }

  /// Tracks the success event: the call returned, or cannot fail.
  public func succeeded() {
    tracker.track(AnalyticsEvent(name: success, properties: propertiesWithDuration()))
  }

  /// Tracks the failure event, with the error's type (never its message, which may hold data).
  public func failed(_ error: any Error) {
    var properties = propertiesWithDuration()
    properties["error"] = .string(String(describing: type(of: error)))
    tracker.track(AnalyticsEvent(name: failure, properties: properties))
  }

  /// Tracks the success or the failure event by the result.
  public func finished<Success, Failure>(_ result: Result<Success, Failure>) {
    switch result {
    case .success: succeeded()
    case .failure(let error): failed(error)
    }
  }

  /// Tracks the success event: a completion handler without a `Result` was called.
  public func completed<each Value>(_ values: repeat each Value) {
    succeeded()
  }

  /// The arguments' properties and `duration_ms`, which wins over an argument of that name.
  private func propertiesWithDuration() -> [String: AnalyticsValue] {
    let milliseconds = AnalyticsValue.double(
      Double(veneer_monotonic_nanoseconds() - start) / 1e6)
    // Most events have no other property: made as one literal, not copied and grown.
    guard !properties.isEmpty else { return ["duration_ms": milliseconds] }
    var properties = self.properties
    properties["duration_ms"] = milliseconds
    return properties
  }
}
