import CVeneerRuntime
import Logging

/// One call through a logging decorator: logs the call with its arguments, then how it ended and
/// how long it took. When the logger's level filters the call's messages out, the level is read
/// once and nothing is formatted or timed: its return is not logged, and an error it throws is
/// logged (at the error level, if that is on) without a duration.
///
/// Each record names the decorator's place, not the runtime's: its file, function and line are
/// where the decorator made the call, and its source the module the decorator is compiled in.
///
/// Generated code's, not an API for users: it changes with the templates.
public struct __LoggedCall: __CallLifeCycle {
  /// What a redacted argument is logged as.
  public static let redacted: Logger.MetadataValue = "<redacted>"

  @usableFromInline let logger: Logger
  @usableFromInline let level: Logger.Level
  @usableFromInline let errorLevel: Logger.Level
  @usableFromInline let requirement: StaticString
  /// When the call started, by `veneer_monotonic_nanoseconds`; 0 when it was not logged.
  @usableFromInline let start: UInt64
  /// How results, and values handed to a completion handler, are written.
  @usableFromInline let results: __ValueDisclosure
  /// How errors are written: by their type and case unless declared public.
  @usableFromInline let errors: __ValueDisclosure
  @usableFromInline let valueLimit: Int
  /// This call's number in the process, logged as `call_id` on each of its lines, so that the
  /// lines of calls that overlap can be told apart; 0 when it was not logged.
  @usableFromInline let id: UInt64
  /// Where the decorator made the call: `#fileID` (whose module is each record's source),
  /// `#function` and `#line`. Static strings, like `requirement`, so that the call's state is
  /// copied and destroyed without reference counting.
  @usableFromInline let file: StaticString
  @usableFromInline let function: StaticString
  @usableFromInline let line: UInt

  /// Logs `requirement` being called with `arguments`, evaluated only if `level` is enabled.
  /// What it returns or hands its completion handler is written as `results` says, an error it
  /// throws as `errors` says; values are cut to `valueLimit` bytes.
  ///
  /// Inlinable, as are `run` and `forwarding`, so that a decorator whose level is off costs one
  /// level check: the call's state is then folded away in the decorator's own code.
  @inlinable
  public init(
    logger: Logger, level: Logger.Level, errorLevel: Logger.Level, requirement: StaticString,
    arguments: @autoclosure () -> Logger.Metadata = [:], results: __ValueDisclosure = .private,
    errors: __ValueDisclosure = .private, valueLimit: Int = __LoggedCall.defaultValueLimit,
    file: StaticString = #fileID,
    function: StaticString = #function, line: UInt = #line
  ) {
    self.logger = logger
    self.level = level
    self.errorLevel = errorLevel
    self.requirement = requirement
    self.results = results
    self.errors = errors
    self.valueLimit = valueLimit
    self.file = file
    self.function = function
    self.line = line
    guard logger.logLevel <= level else {
      id = 0
      start = 0
      return
    }
    (id, start) = Self.logCall(
      logger: logger, level: level, requirement: requirement, arguments: arguments(), file: file,
      function: function, line: line)
  }

  /// Logs the call; returns its number and when it started.
  @usableFromInline
  static func logCall(
    logger: Logger, level: Logger.Level, requirement: StaticString, arguments: Logger.Metadata,
    file: StaticString, function: StaticString, line: UInt
  ) -> (UInt64, UInt64) {
    let id = veneer_next_call_id()
    var metadata = arguments
    metadata["call_id"] = "\(id)"
    logger.log(
      level: level, "\(requirement) called", metadata: metadata, file: "\(file)",
      function: "\(function)", line: line)
    return (id, veneer_monotonic_nanoseconds())
  }

  /// Runs `body`, the call to the base, and logs how it ended: its value (none for `Void`), or
  /// the error it threw. While the call is logged, it runs with an answer bound, so that a
  /// caching decorator inside can mark the call answered from its cache and the record says so;
  /// the answer is bound rather than kept in the call's state, which stays free of reference
  /// counting.
  @inlinable
  public func run<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure)
    -> Value
  {
    guard isLogged else { return try recorded(body) { _ in } }
    return try __CallAnswer.binding(call: id, requirement: requirement) {
      () throws(Failure) -> Value in try recorded(body, logReturn(of:))
    }
  }

  /// The same for an asynchronous `body`.
  @inlinable
  public func run<Value, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    guard isLogged else { return try await recorded(body) { _ in } }
    return try await __CallAnswer.binding(call: id, requirement: requirement, isolation: isolation)
    {
      () async throws(Failure) -> Value in try await recorded(body, logReturn(of:))
    }
  }

  /// Runs `body`, the call to the base, which returns a `Result`, and logs the outcome it reports
  /// (or the error it threw); see `run`.
  @inlinable
  public func runResult<Success, Failure: Error, Thrown: Error>(
    _ body: () throws(Thrown) -> Result<Success, Failure>
  ) throws(Thrown) -> Result<Success, Failure> {
    guard isLogged else { return try recorded(body, finished) }
    return try __CallAnswer.binding(call: id, requirement: requirement) {
      () throws(Thrown) -> Result<Success, Failure> in try recorded(body, finished)
    }
  }

  /// The same for an asynchronous `body`.
  @inlinable
  public func runResult<Success, Failure: Error, Thrown: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(Thrown) -> Result<Success, Failure>
  ) async throws(Thrown) -> Result<Success, Failure> {
    guard isLogged else { return try await recorded(body, finished) }
    return try await __CallAnswer.binding(call: id, requirement: requirement, isolation: isolation)
    {
      () async throws(Thrown) -> Result<Success, Failure> in try await recorded(body, finished)
    }
  }

  /// `body`'s value, handed to `ended` first, or the error it threw, logged.
  @inlinable
  func recorded<Value, Failure: Error>(
    _ body: () throws(Failure) -> Value, _ ended: (Value) -> Void
  ) throws(Failure) -> Value {
    do throws(Failure) {
      let value = try body()
      ended(value)
      return value
    } catch {
      threw(error)
      throw error
    }
  }

  /// The same for an asynchronous `body`.
  @inlinable
  func recorded<Value, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws(Failure) -> Value,
    _ ended: (Value) -> Void
  ) async throws(Failure) -> Value {
    do throws(Failure) {
      let value = try await body()
      ended(value)
      return value
    } catch {
      threw(error)
      throw error
    }
  }

  /// Logs a return: its value, or none for `Void`.
  @usableFromInline
  func logReturn<Value>(of value: Value) {
    if Value.self == Void.self { logReturn() } else { logReturn(value) }
  }

  /// Runs `body`, a call to the base that hands its outcome to a completion handler, with an
  /// answer bound while the call is logged: a cache answers at once, inside `body`, and the
  /// handler's record then says so.
  @inlinable
  public func forwarding<Value, Failure: Error>(_ body: () throws(Failure) -> Value)
    throws(Failure) -> Value
  {
    guard isLogged else { return try body() }
    return try __CallAnswer.binding(call: id, requirement: requirement, body)
  }

  /// The same for an asynchronous `body`.
  @inlinable
  public func forwarding<Value, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    guard isLogged else { return try await body() }
    return try await __CallAnswer.binding(
      call: id, requirement: requirement, isolation: isolation, body)
  }

  @usableFromInline
  func logReturn() {
    logger.log(
      level: level, "\(requirement) returned",
      metadata: answered(["duration": durationValue, "call_id": idValue]), file: "\(file)",
      function: "\(function)", line: line)
  }

  @usableFromInline
  func logReturn<Value>(_ value: Value) {
    logger.log(
      level: level, "\(requirement) returned",
      metadata: answered([
        "result": resultValue(value), "duration": durationValue, "call_id": idValue,
      ]), file: "\(file)", function: "\(function)", line: line)
  }

  /// Logs a thrown error, at the error level.
  public func threw(_ error: any Error) {
    logger.log(
      level: errorLevel, "\(requirement) threw",
      metadata: {
        var metadata: Logger.Metadata = [
          "error": describe(error: error),
          "call_id": idValue,
        ]
        if isLogged { metadata["duration"] = durationValue }
        return answered(metadata)
      }(), file: "\(file)", function: "\(function)", line: line)
  }

  /// Logs the outcome a completion handler or `Result` return reports.
  public func finished<Success, Failure>(_ result: Result<Success, Failure>) {
    switch result {
    case .success(let value): if isLogged { logReturn(value) }
    case .failure(let error): threw(error)
    }
  }

  /// Logs a completion handler being called with values that are not a `Result`.
  public func completed<each Value>(_ values: repeat each Value) {
    guard isLogged else { return }
    logger.log(
      level: level, "\(requirement) completed",
      metadata: answered([
        "result": results == .redacted ? Self.redacted : .string(describe(repeat each values)),
        "duration": durationValue, "call_id": idValue,
      ]), file: "\(file)", function: "\(function)", line: line)
  }

  /// Whether the call was logged, its level on when it started: only then are its return and
  /// duration.
  @usableFromInline var isLogged: Bool { id != 0 }

  /// `metadata` with `cached`, when a caching decorator inside answered the call (`true` from
  /// its cache, `in-flight` by sharing the same call under way), `retries` when a retrying one
  /// made it again, `not_retried` and why when it made a failed call no more, and `rejected`
  /// when a policy refused it.
  private func answered(_ metadata: Logger.Metadata) -> Logger.Metadata {
    guard isLogged else { return metadata }
    var metadata = metadata
    if let kind = __CallAnswer.kind(ofCall: id) {
      metadata["cached"] = kind == .cache ? "true" : "in-flight"
    }
    if let observed = __CallAnswer.observed(inCall: id) {
      if observed.retries > 0 { metadata["retries"] = "\(observed.retries)" }
      if let stop = observed.retryStop { metadata["not_retried"] = "\(stop)" }
      if let rejection = observed.rejection { metadata["rejected"] = "\(rejection)" }
    }
    return metadata
  }

  /// The call's number, or `-` when it was not logged (its level was off).
  private var idValue: Logger.MetadataValue { id == 0 ? "-" : "\(id)" }

  private func resultValue<Value>(_ value: Value) -> Logger.MetadataValue {
    results == .redacted ? Self.redacted : .string(describe(value))
  }

  /// A result as `results` allows; only called when it is not redacted.
  private func describe<Value>(_ value: Value) -> String {
    switch results {
    case .full: __ValueDescription.full(value, limit: valueLimit)
    case .public: __ValueDescription.public(value, limit: valueLimit)
    case .private, .redacted: __ValueDescription.private(value, limit: valueLimit)
    }
  }

  /// An error as `errors` allows: its type and case, unless `log(full)` asked for it whole.
  private func describe(error: any Error) -> Logger.MetadataValue {
    switch errors {
    case .redacted: Self.redacted
    case .full: .string(__ValueDescription.full(error, limit: valueLimit))
    case .private, .public:
      .string(__ValueDescription.cut(__ValueDescription.error(error), to: valueLimit))
    }
  }

  private func describe<each Value>(_ values: repeat each Value) -> String {
    var descriptions: [String] = []
    for value in repeat each values {
      descriptions.append(describe(value))
    }
    return descriptions.joined(separator: ", ")
  }

  /// How long the call has taken.
  private var durationValue: Logger.MetadataValue {
    "\(Milliseconds(nanoseconds: veneer_monotonic_nanoseconds() - start))"
  }
}

/// A duration printed as milliseconds with microsecond precision, e.g. `12.345ms`.
struct Milliseconds: CustomStringConvertible {
  var microseconds: Int64

  init(nanoseconds: UInt64) {
    microseconds = Int64(nanoseconds / 1_000)
  }

  var description: String {
    let fraction = String(microseconds % 1000)
    return
      "\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)ms"
  }
}

/// How a decorator writes a value it did not take from the call's arguments (a result, an
/// error): as the user declared it.
///
/// Generated code's, not an API for users: it changes with the templates.
public enum __ValueDisclosure: Sendable {
  /// By `__ValueDescription.private`: the default, whatever the requirement is called.
  case `private`
  /// By `__ValueDescription.public`: declared with `public(result)`.
  case `public`
  /// Whole, by `__ValueDescription.full`: `log(full)`.
  case full
  /// As `<redacted>`: `redact(result)`, a secret's name, or a call given a secret.
  case redacted
}
