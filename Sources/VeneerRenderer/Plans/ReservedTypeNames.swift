/// The type names a decorator may not take: those of the libraries its code and its users' code
/// import beside it. A decorator type named `AnalyticsTracker` (the Analytics decorator of a
/// protocol `Tracker`) or `MetricsFactory` would hide the library's type in the whole module,
/// breaking every other use of it; such a decorator is named `AnalyticsTrackerDecorator`.
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

  /// `name`, or it with `Decorator` added until it is neither a library's type nor in `taken`.
  static func avoiding(_ name: String, taken: Set<String>) -> String {
    var unique = name
    while libraries.contains(unique) || taken.contains(unique) { unique += "Decorator" }
    return unique
  }
}
