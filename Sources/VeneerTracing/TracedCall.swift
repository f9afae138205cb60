import CVeneerRuntime
import Tracing
import VeneerRuntime

/// One call through a tracing decorator: a span named for the requirement, started when the
/// call starts and ended, once, when its result is known.
///
/// Generated code creates one per call. The span is the current context while the call runs, so
/// that the spans of what the call does are its children; a completion handler runs in the
/// caller's context again, as if the call had returned. Generated code's, not an API for users.
///
/// `@unchecked Sendable`: `endedFlag` is only read and written atomically.
public final class __TracedCall: __CallLifeCycle, @unchecked Sendable {
  public let span: any Span
  /// `PostRepo.getPost(id:)`: the requirement as resilience decorators name it.
  @usableFromInline let function: String
  private let callerContext: InstrumentationContext?
  /// Set, atomically, when the span has ended: one byte, where a lock object per call cost a
  /// tenth of a traced call.
  private let endedFlag: UnsafeMutablePointer<UInt8>

  /// Starts the span: `operation` is its name (`PostRepo.getPost`), `function` its stable
  /// OpenTelemetry attribute `code.function.name`, the requirement's Swift name qualified by its
  /// protocol's (`PostRepo.getPost(id:)`).
  /// `function` comes before `kind` so that, long, it is followed by a comma and not the call's
  /// closing parenthesis, which a layout could then not keep on its line.
  public init(tracer: any Tracer, operation: String, function: String, kind: SpanKind) {
    let callerContext = InstrumentationContext.current
    self.callerContext = callerContext
    self.function = function
    // The context read once: the tracer would read it again.
    span = tracer.startAnySpan(operation, context: callerContext ?? .topLevel, ofKind: kind)
    endedFlag = .allocate(capacity: 1)
    endedFlag.initialize(to: 0)
    // A span that records nothing (a no-op tracer's) need not be given attributes.
    if span.isRecording { span.attributes["code.function.name"] = function }
  }

  deinit {
    endedFlag.deallocate()
  }

  /// Records an argument on the span, as `tracing(attributes:)` asks by naming it, and so
  /// declares it public: as the attribute its type makes, or its `logDescription` when its type
  /// has one.
  /// Text is cut to `__ValueDescription.defaultLimit` bytes and a URL's password in it is
  /// `<redacted>`, as in logs.
  public func setAttribute(_ name: String, _ value: some SpanAttributeConvertible) {
    guard span.isRecording else { return }
    if let custom = value as? any CustomLogStringConvertible {
      span.attributes[name] = SpanAttribute.string(
        __ValueDescription.publicText(custom.logDescription))
      return
    }
    switch value.toSpanAttribute() {
    case .string(let text):
      span.attributes[name] = SpanAttribute.string(__ValueDescription.publicText(text))
    case .stringArray(let texts):
      // Element by element, until the limit: a long list costs what a short one does.
      var kept: [String] = []
      var bytes = 0
      for text in texts where bytes <= __ValueDescription.defaultLimit {
        kept.append(__ValueDescription.publicText(text))
        bytes += kept[kept.count - 1].utf8.count
      }
      span.attributes[name] = SpanAttribute.stringArray(kept)
    case let attribute: span.attributes[name] = attribute
    }
  }

  /// Records an argument of another type on the span, as `__ValueDescription.public` writes it:
  /// never the contents of a struct, class, tuple or dictionary.
  @_disfavoredOverload
  public func setAttribute(_ name: String, _ value: Any) {
    if span.isRecording { span.attributes[name] = __ValueDescription.public(value) }
  }

  /// Records an argument on the span written whole, as `log(full)` asks.
  public func setFullAttribute(_ name: String, _ value: Any) {
    if span.isRecording { span.attributes[name] = __ValueDescription.full(value) }
  }

  /// Runs a synchronous call with the span as the current context, records the error it
  /// throws, and ends the span. Inlinable, as is the synchronous `within`, so that it is
  /// specialized for the call's types in the decorator's code.
  @inlinable
  public func run<Value, Failure: Error>(_ call: () throws(Failure) -> Value) throws(Failure)
    -> Value
  {
    let value = try within(call)
    completed()
    return value
  }

  /// Runs an asynchronous call with the span as the current context, records the error it
  /// throws, and ends the span.
  public func run<Value, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation, _ call: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let value = try await within(isolation: isolation, call)
    completed()
    return value
  }

  /// Runs a synchronous call that returns a `Result`, recording its failure as an error.
  public func runResult<Success, Failure: Error, Thrown: Error>(
    _ call: () throws(Thrown) -> Result<Success, Failure>
  ) throws(Thrown) -> Result<Success, Failure> {
    let result = try within(call)
    finished(result)
    return result
  }

  /// Runs an asynchronous call that returns a `Result`, recording its failure as an error.
  public func runResult<Success, Failure: Error, Thrown: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ call: () async throws(Thrown) -> Result<Success, Failure>
  ) async throws(Thrown) -> Result<Success, Failure> {
    let result = try await within(isolation: isolation, call)
    finished(result)
    return result
  }

  /// Runs `body` with the span as the current context. The span ends now if `body` throws;
  /// otherwise whoever knows the result ends it: `run`, or the completion handler `body` hands
  /// the result to.
  @inlinable
  public func within<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure)
    -> Value
  {
    let outcome = InstrumentationContext.withValue(span.context) { () -> Result<Value, Failure> in
      do throws(Failure) {
        return .success(try __CallAnswer.observing(function, body, observe: record))
      } catch {
        return .failure(error)
      }
    }
    if case .failure = outcome { finished(outcome) }
    return try outcome.get()
  }

  /// The same for an asynchronous `body`.
  public func within<Value, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let outcome = await InstrumentationContext.withValue(span.context, isolation: isolation) {
      () async -> Result<Value, Failure> in
      do throws(Failure) {
        return .success(
          try await __CallAnswer.observing(function, body, observe: record))
      } catch {
        return .failure(error)
      }
    }
    if case .failure = outcome { finished(outcome) }
    return try outcome.get()
  }

  /// Records on the span what resilience decorators inside did to the call:
  /// `veneer.retries`, `veneer.rejected` (the policy) and `veneer.circuit_breaker.state`.
  @usableFromInline
  func record(_ observed: __CallAnswer.Observed) {
    guard span.isRecording else { return }
    if observed.retries > 0 { span.attributes["veneer.retries"] = observed.retries }
    if let rejection = observed.rejection { span.attributes["veneer.rejected"] = "\(rejection)" }
    if let state = observed.breakerState {
      span.attributes["veneer.circuit_breaker.state"] = state.rawValue
    }
  }

  /// Runs the completion handler in the caller's context.
  public func resuming(_ handler: () -> Void) {
    InstrumentationContext.withValue(callerContext, operation: handler)
  }

  /// Records a failure on the span, and ends it.
  public func finished<Success, Failure>(_ result: Result<Success, Failure>) {
    if case .failure(let error) = result { failed(error) }
    completed()
  }

  /// Records `error` on the span and marks it failed, without ending it: as a `RedactedError`
  /// that says its type and case, since a tracer exports what an error describes, and an
  /// error's message may quote what the call was given.
  public func failed(_ error: any Error) {
    span.recordError(RedactedError(error))
    span.setStatus(SpanStatus(code: .error))
  }

  /// Ends the span, the first time only: a handler called twice does not end it twice.
  public func completed<each Value>(_ values: repeat each Value) {
    if veneer_set_once(endedFlag) { span.end() }
  }
}

/// An error as a tracing decorator records it on a span: its `logDescription` when its type has
/// one, else its type and case (`LoginError.rejected(…)`), never its message.
public struct RedactedError: Error, CustomStringConvertible, Sendable {
  /// The error's type, as `String(describing: type(of: error))` writes it.
  public let typeName: String
  /// What the span's exporter shows: `LoginError.rejected(…)`.
  public let description: String

  /// The error `error` as a span records it.
  public init(_ error: any Error) {
    typeName = String(describing: type(of: error))
    description = __ValueDescription.error(error)
  }
}
