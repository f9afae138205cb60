import CVeneerRuntime
import Logging

/// One call through a logging decorator: logs the call with its arguments, then how it ended and
/// how long it took. Nothing is formatted when the logger's level filters the messages out.
///
/// Each record names the decorator's place, not the runtime's: its file, function and line are
/// where the decorator made the call, and its source the module the decorator is compiled in.
///
/// Generated code's, not an API for users: it changes with the templates.
@_spi(Generated)
public struct LoggedCall: Sendable {
  /// What a redacted argument is logged as.
  public static let redacted: Logger.MetadataValue = "<redacted>"

  private let logger: Logger
  private let level: Logger.Level
  private let errorLevel: Logger.Level
  private let requirement: String
  private let start: ContinuousClock.Instant
  /// Whether results are logged as `<redacted>`: the requirement returns a secret.
  private let redactsResult: Bool
  private let valueLimit: Int
  /// This call's number in the process, logged as `call_id` on each of its lines, so that the
  /// lines of calls that overlap can be told apart; 0 when its call was not logged.
  private let id: UInt64
  /// Where the decorator made the call: `#fileID` (whose module is each record's source),
  /// `#function` and `#line`.
  private let file: String
  private let function: String
  private let line: UInt

  /// Logs `requirement` being called with `arguments`, evaluated only if `level` is enabled.
  /// With `redactsResult`, what it returns or hands its completion handler is logged as
  /// `<redacted>`; values are cut to `valueLimit` characters.
  public init(
    logger: Logger, level: Logger.Level, errorLevel: Logger.Level, requirement: String,
    arguments: @autoclosure () -> Logger.Metadata = [:], redactsResult: Bool = false,
    valueLimit: Int = LoggedCall.defaultValueLimit, file: String = #fileID,
    function: String = #function, line: UInt = #line
  ) {
    self.logger = logger
    self.level = level
    self.errorLevel = errorLevel
    self.requirement = requirement
    self.start = .now
    self.redactsResult = redactsResult
    self.valueLimit = valueLimit
    self.file = file
    self.function = function
    self.line = line
    guard logger.logLevel <= level else {
      id = 0
      return
    }
    id = veneer_next_call_id()
    var metadata = arguments()
    metadata["call_id"] = idValue
    logger.log(
      level: level, "\(requirement) called", metadata: metadata, file: file, function: function,
      line: line)
  }

  /// Logs a return without a value.
  public func returned() {
    logger.log(
      level: level, "\(requirement) returned",
      metadata: ["duration": durationValue, "call_id": idValue], file: file, function: function,
      line: line)
  }

  /// Logs a return and its value.
  public func returned<Value>(_ value: Value) {
    logger.log(
      level: level, "\(requirement) returned",
      metadata: ["result": resultValue(value), "duration": durationValue, "call_id": idValue],
      file: file, function: function, line: line)
  }

  /// Logs a thrown error, at the error level.
  public func threw(_ error: any Error) {
    logger.log(
      level: errorLevel, "\(requirement) threw",
      metadata: [
        "error": .string(Self.describe(error, limit: valueLimit)), "duration": durationValue,
        "call_id": idValue,
      ], file: file, function: function, line: line)
  }

  /// Logs the outcome a completion handler or `Result` return reports.
  public func finished<Success, Failure>(_ result: Result<Success, Failure>) {
    switch result {
    case .success(let value): returned(value)
    case .failure(let error): threw(error)
    }
  }

  /// `completion`, logging its result before it runs. Decorators of generic requirements pass
  /// this rather than a closure of their own, which would capture the requirement's generic
  /// parameters, and Swift warns about sending their metatypes.
  public func finishing<Success, Failure>(
    _ completion: @escaping @Sendable (Result<Success, Failure>) -> Void
  ) -> @Sendable (Result<Success, Failure>) -> Void {
    { result in
      finished(result)
      completion(result)
    }
  }

  /// `completion`, logging the values it is called with before it runs; see `finishing`.
  public func completing<each Value>(
    _ completion: @escaping @Sendable (repeat each Value) -> Void
  ) -> @Sendable (repeat each Value) -> Void {
    { (values: repeat each Value) in
      completed(repeat each values)
      completion(repeat each values)
    }
  }

  /// Logs a completion handler being called with values that are not a `Result`.
  public func completed<each Value>(_ values: repeat each Value) {
    logger.log(
      level: level, "\(requirement) completed",
      metadata: [
        "result": redactsResult ? Self.redacted : .string(describe(repeat each values)),
        "duration": durationValue, "call_id": idValue,
      ], file: file, function: function, line: line)
  }

  /// The call's number, or `-` when its call was not logged (its level was off).
  private var idValue: Logger.MetadataValue { id == 0 ? "-" : "\(id)" }

  private func resultValue<Value>(_ value: Value) -> Logger.MetadataValue {
    redactsResult ? Self.redacted : .string(Self.describe(value, limit: valueLimit))
  }

  private func describe<each Value>(_ values: repeat each Value) -> String {
    var descriptions: [String] = []
    for value in repeat each values {
      descriptions.append(Self.describe(value, limit: valueLimit))
    }
    return descriptions.joined(separator: ", ")
  }

  private var durationValue: Logger.MetadataValue {
    "\(Milliseconds(ContinuousClock.now - start))"
  }
}

/// A duration printed as milliseconds with microsecond precision, e.g. `12.345ms`.
struct Milliseconds: CustomStringConvertible {
  var microseconds: Int64

  init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  }

  var description: String {
    let fraction = String(microseconds % 1000)
    return
      "\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)ms"
  }
}
