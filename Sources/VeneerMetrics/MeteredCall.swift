import CVeneerRuntime
import CoreMetrics
import VeneerRuntime

/// The metrics of one requirement: a counter of calls, a counter of failures and a timer of
/// durations, made once per decorator, not per call.
///
/// Their labels are `PREFIX.calls`, `PREFIX.failures` and `PREFIX.call.duration` (`veneer.…` by
/// default), dotted as OpenTelemetry names are (a Prometheus exporter writes `veneer_calls`), with
/// the dimensions `protocol` and `requirement` and any given to the decorator; the timer asks to
/// be shown in seconds.
/// Generated code's, not an API for users.
///
/// What a resilience decorator inside did to a call is recorded too, in metrics made the first
/// time it happens: `PREFIX.retries` counts the calls made again, `PREFIX.rejections` the calls
/// a policy refused (with the dimension `policy`: `circuit_breaker`, `bulkhead`, `rate_limit`),
/// and the gauge `PREFIX.circuit_breaker.state` says where the breaker is (0 closed, 1
/// half-open, 2 open), moving when the breaker does once a call has gone through it: one gauge
/// per breaker and decorator, with the dimension `protocol` but not `requirement`, since every
/// requirement the breaker serves reads the same.
///
/// A class: a decorator holds one per requirement it measures, and a call copies one reference.
public final class __RequirementMetrics: Sendable {
  public let calls: Counter
  public let failures: Counter
  public let duration: Timer
  /// `PostRepo.getPost(id:)`: the requirement as resilience decorators name it.
  public let qualifiedName: String
  private let prefix: String
  private let dimensions: [(String, String)]
  /// The breaker's gauge's: the protocol's and the decorator's, without the requirement.
  private let breakerDimensions: [(String, String)]
  /// What the breaker knows the gauge by: one follower per gauge.
  private let breakerGaugeKey: String
  private let factory: any MetricsFactory

  public init(
    namespace: String, requirement: String, prefix: String, dimensions: [(String, String)],
    factory: any MetricsFactory
  ) {
    breakerDimensions = [("protocol", namespace)] + dimensions
    breakerGaugeKey = "\(prefix).circuit_breaker.state \(breakerDimensions)"
    let dimensions = [("protocol", namespace), ("requirement", requirement)] + dimensions
    calls = Counter(label: "\(prefix).calls", dimensions: dimensions, factory: factory)
    failures = Counter(label: "\(prefix).failures", dimensions: dimensions, factory: factory)
    duration = Timer(
      label: "\(prefix).call.duration", dimensions: dimensions, preferredDisplayUnit: .seconds,
      factory: factory)
    qualifiedName = namespace + "." + requirement
    self.prefix = prefix
    self.dimensions = dimensions
    self.factory = factory
  }

  /// Records what resilience decorators inside did to a call.
  public func record(_ observed: __CallAnswer.Observed) {
    if observed.retries > 0 {
      Counter(label: "\(prefix).retries", dimensions: dimensions, factory: factory)
        .increment(by: observed.retries)
    }
    if let rejection = observed.rejection {
      Counter(
        label: "\(prefix).rejections", dimensions: dimensions + [("policy", "\(rejection)")],
        factory: factory
      ).increment()
    }
    if let state = observed.breakerState {
      let gauge = Gauge(
        label: "\(prefix).circuit_breaker.state", dimensions: breakerDimensions, factory: factory)
      guard let breaker = observed.breaker else {
        gauge.record(Self.gaugeValue(of: state))
        return
      }
      // Told where the breaker is now (the call may have moved it since it went through), then
      // at each change, whichever requirement's call made it; once per gauge.
      breaker.followState(key: breakerGaugeKey) { state in
        gauge.record(Self.gaugeValue(of: state))
      }
    }
  }

  /// 0 closed, 1 half-open, 2 open.
  private static func gaugeValue(of state: CircuitBreaker.State) -> Int {
    state == .closed ? 0 : state == .halfOpen ? 1 : 2
  }
}

/// One call through a metrics decorator: counted, timed, and counted again if it fails.
/// Generated code's, not an API for users.
public struct __MeteredCall: __CallLifeCycle {
  @usableFromInline let metrics: __RequirementMetrics
  /// When the call started, by `veneer_monotonic_nanoseconds`: a plain integer, where a
  /// `ContinuousClock.Instant` is copied through value witnesses in a decorator's code.
  private let start = veneer_monotonic_nanoseconds()

  public init(_ metrics: __RequirementMetrics) {
    self.metrics = metrics
  }

  /// Runs `body`, the call to the base, and records it by how it ended, with what resilience
  /// decorators inside did to it.
  @inlinable
  public func run<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure)
    -> Value
  {
    do throws(Failure) {
      let value = try __CallAnswer.observing(
        metrics.qualifiedName, body, observe: { metrics.record($0) })
      succeeded()
      return value
    } catch {
      failed()
      throw error
    }
  }

  /// The same for an asynchronous `body`.
  @inlinable
  public func run<Value, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    do throws(Failure) {
      let value = try await __CallAnswer.observing(
        metrics.qualifiedName, isolation: isolation, body, observe: { metrics.record($0) })
      succeeded()
      return value
    } catch {
      failed()
      throw error
    }
  }

  /// Runs `body`, which returns a `Result`, and records the call by the result.
  @inlinable
  public func runResult<Success, Failure: Error, Thrown: Error>(
    _ body: () throws(Thrown) -> Result<Success, Failure>
  ) throws(Thrown) -> Result<Success, Failure> {
    let result = try run(body)
    if case .failure = result { metrics.failures.increment() }
    return result
  }

  /// The same for an asynchronous `body`.
  @inlinable
  public func runResult<Success, Failure: Error, Thrown: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(Thrown) -> Result<Success, Failure>
  ) async throws(Thrown) -> Result<Success, Failure> {
    let result = try await run(isolation: isolation, body)
    if case .failure = result { metrics.failures.increment() }
    return result
  }

  /// Records the call and its duration.
  public func succeeded() {
    metrics.calls.increment()
    metrics.duration.recordNanoseconds(Int64(veneer_monotonic_nanoseconds() - start))
  }

  /// Records the call, its duration, and a failure.
  public func failed() {
    succeeded()
    metrics.failures.increment()
  }

  /// Records the call by its result.
  public func finished<Success, Failure>(_ result: Result<Success, Failure>) {
    if case .failure = result { failed() } else { succeeded() }
  }

  /// Records the call: a completion handler without a `Result` was called.
  public func completed<each Value>(_ values: repeat each Value) {
    succeeded()
  }
}
