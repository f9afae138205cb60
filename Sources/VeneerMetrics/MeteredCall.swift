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
public struct __RequirementMetrics: Sendable {
  public let calls: Counter
  public let failures: Counter
  public let duration: Timer

  public init(
    namespace: String, requirement: String, prefix: String, dimensions: [(String, String)],
    factory: any MetricsFactory
  ) {
    let dimensions = [("protocol", namespace), ("requirement", requirement)] + dimensions
    calls = Counter(label: "\(prefix).calls", dimensions: dimensions, factory: factory)
    failures = Counter(label: "\(prefix).failures", dimensions: dimensions, factory: factory)
    duration = Timer(
      label: "\(prefix).call.duration", dimensions: dimensions, preferredDisplayUnit: .seconds,
      factory: factory)
  }

  /// The metrics of each requirement of a protocol, in order.
  public static func forEach(
    of namespace: String, prefix: String, dimensions: [(String, String)],
    factory: any MetricsFactory, _ requirements: String...
  ) -> [__RequirementMetrics] {
    requirements.map {
      __RequirementMetrics(
        namespace: namespace, requirement: $0, prefix: prefix, dimensions: dimensions,
        factory: factory)
    }
  }
}

/// One call through a metrics decorator: counted, timed, and counted again if it fails.
/// Generated code's, not an API for users.
public struct __MeteredCall: __CallLifeCycle {
  private let metrics: __RequirementMetrics
  /// When the call started, by `veneer_monotonic_nanoseconds`: a plain integer, where a
  /// `ContinuousClock.Instant` is copied through value witnesses in a decorator's code.
  private let start = veneer_monotonic_nanoseconds()

  public init(_ metrics: __RequirementMetrics) {
    self.metrics = metrics
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
