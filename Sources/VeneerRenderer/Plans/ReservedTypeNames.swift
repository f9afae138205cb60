/// The type names a decorator may not take: those of the libraries its code and its users' code
/// import beside it. A decorator type named `AnalyticsTracker` (the Analytics decorator of a
/// protocol `Tracker`) or `MetricsFactory` would hide the library's type in the whole module,
/// breaking every other use of it; such a decorator is named `TrackerAnalyticsDecorator`, a
/// name `@Decorated` can declare (`suffixed(AnalyticsDecorator)`).
package enum ReservedTypeNames {
  /// Top-level public types of VeneerRuntime, swift-log, swift-metrics,
  /// swift-distributed-tracing and swift-service-context.
  package static let libraries: Set<String> = [
    // VeneerRuntime, VeneerTracing, VeneerMetrics
    "AnalyticsEvent", "AnalyticsTracker", "AnalyticsValue", "AsyncInterception",
    "AsyncThrowingInterception", "Bulkhead", "BulkheadFullError", "CacheKey", "CachedValue",
    "CircuitBreaker", "CircuitBreakerOpenError", "CustomLogStringConvertible", "DecoratorCache",
    "GuardDenied", "InMemoryCache", "Interception", "Observed", "PolicyClock",
    "RateLimitExceededError", "RateLimiter", "RetryPolicy", "RetryableError",
    "ThrowingInterception", "TimeoutError", "RedactedError",
    // swift-log
    "Logger", "LogHandler", "LoggingSystem", "MultiplexLogHandler", "StreamLogHandler",
    "SwiftLogNoOpLogHandler",
    // swift-metrics
    "Counter", "CounterHandler", "FloatingPointCounter", "FloatingPointCounterHandler", "Gauge",
    "Meter", "MeterHandler", "MetricsFactory", "MetricsSystem", "MultiplexMetricsHandler",
    "NOOPMetricsHandler", "Recorder", "RecorderHandler", "TimeUnit", "Timer", "TimerHandler",
    // swift-distributed-tracing, swift-service-context
    "DefaultTracerClock", "Extractor", "Injector", "Instrument", "InstrumentationSystem",
    "LegacyTracer", "MultiplexInstrument", "NoOpInstrument", "NoOpTracer", "ServiceContext",
    "ServiceContextKey", "Span", "SpanAttribute", "SpanAttributeConvertible", "SpanAttributeKey",
    "SpanAttributeNamespace", "SpanAttributes", "SpanEvent", "SpanKind", "SpanLink", "SpanStatus",
    "Tracer", "TracerClock", "TracerInstant",
  ]

  /// `name`, unless it is a library's type or in `taken`: then `{protocol}{template}Decorator`,
  /// with `Decorator` added until it is neither.
  static func avoiding(
    _ name: String, template: String, protocolSuffix: String, taken: Set<String>
  ) -> String {
    func isTaken(_ name: String) -> Bool { libraries.contains(name) || taken.contains(name) }
    guard isTaken(name) else { return name }
    var unique = "\(protocolSuffix)\(template)Decorator"
    while isTaken(unique) { unique += "Decorator" }
    return unique
  }
}
