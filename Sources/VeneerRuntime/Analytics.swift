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
  /// and flags keep their type, anything else is written as `ValueDescription.public` writes
  /// it — text by value, never the contents of a struct, class, tuple or dictionary (see the
  /// README's "What leaves the process").
  public init<Value>(_ value: Value) {
    self.init(value, otherwise: ValueDescription.public)
  }

  /// The value of an argument written whole, as `log(full)` asks: numbers and flags keep their
  /// type, anything else is its `logDescription` or `String(describing:)`.
  public init<Value>(describing value: Value) {
    self.init(value, otherwise: ValueDescription.full)
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

/// One call through an analytics decorator: measures it and tracks one event when it ends.
/// Generated code's, not an API for users.
@_spi(Generated)
public struct TrackedCall: Sendable {
  private let tracker: any AnalyticsTracker
  private let properties: [String: AnalyticsValue]
  /// When the call started, by `veneer_monotonic_nanoseconds`.
  private let start: UInt64

  /// Starts measuring a call whose events go to `tracker`, with `properties` from its arguments.
  public init(tracker: any AnalyticsTracker, properties: [String: AnalyticsValue] = [:]) {
    self.tracker = tracker
    self.properties = properties
    self.start = veneer_monotonic_nanoseconds()
  }

  /// Tracks the event of a call that succeeded, or cannot fail.
  public func succeeded(_ event: String) {
    tracker.track(AnalyticsEvent(name: event, properties: propertiesWithDuration()))
  }

  /// Tracks the failure event, with the error's type (never its message, which may hold data).
  public func failed(_ event: String, error: any Error) {
    var properties = propertiesWithDuration()
    properties["error"] = .string(String(describing: type(of: error)))
    tracker.track(AnalyticsEvent(name: event, properties: properties))
  }

  /// Tracks `success` or `failure` by the result.
  public func finished<Success, Failure>(
    _ result: Result<Success, Failure>, success: String, failure: String
  ) {
    switch result {
    case .success: succeeded(success)
    case .failure(let error): failed(failure, error: error)
    }
  }

  /// `completion`, tracking `success` or `failure` by its result before it runs. Decorators of
  /// generic requirements pass this rather than a closure of their own, which would capture
  /// the requirement's generic parameters, and Swift warns about sending their metatypes.
  public func finishing<Success, Failure>(
    _ completion: @escaping @Sendable (Result<Success, Failure>) -> Void, success: String,
    failure: String
  ) -> @Sendable (Result<Success, Failure>) -> Void {
    { result in
      finished(result, success: success, failure: failure)
      completion(result)
    }
  }

  /// `completion`, tracking `success` before it runs; see `finishing`.
  public func completing<each Value>(
    _ completion: @escaping @Sendable (repeat each Value) -> Void, success: String
  ) -> @Sendable (repeat each Value) -> Void {
    { (values: repeat each Value) in
      succeeded(success)
      completion(repeat each values)
    }
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
