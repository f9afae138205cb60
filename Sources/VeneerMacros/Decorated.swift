// Generated from the built-ins' descriptors by `bash Scripts/regenerate`.
// Do not edit: a test fails when this file and the descriptors differ.

// What the decorators `@Decorated` writes name, so that `import VeneerMacros` is the one import
// a file with it needs: Veneer's libraries whole, and of others only the declarations the
// decorators' own signatures name.
@_exported import VeneerMetrics
@_exported import VeneerRuntime
@_exported import VeneerTracing

@_exported import protocol CoreMetrics.MetricsFactory
@_exported import enum CoreMetrics.MetricsSystem
@_exported import enum Instrumentation.InstrumentationSystem
@_exported import struct Logging.Logger
@_exported import enum Tracing.SpanKind
@_exported import protocol Tracing.Tracer

/// Generates the decorators of the protocol it is attached to, as `veneer generate` would:
/// each built-in named writes a decorator type beside the protocol (`LoggingPostRepo`) and
/// its composition helper in an extension of it (`withLogging(_:)`).
///
///     @Decorated(.logging(level: .info), .caching(ttl: .seconds(300)), cached: ["post(id:)"])
///     public protocol PostRepo: Sendable { … }
///
/// A macro sees only the declaration it is attached to: a protocol that inherits one declared
/// elsewhere, and templates of your own, need the build plugin or the CLI.
///
/// - Parameters:
///   - public: the parameters (or `result`) whose values its decorators may write, as
///     `// veneer: public(…)` on the protocol declares them; every other value is private.
///   - reveal: the parameters (or `result`) whose names look secret (an opaque
///     `authorizationID`) that its decorators may write all the same, as `// veneer:
///     reveal(…)` declares them.
/// - cached: the requirements declared as `// veneer: cache` above each would declare them, for the
/// Caching decorator.
/// - idempotent: the requirements declared as `// veneer: idempotent` above each would declare
/// them, for the Retry decorator.
///   - defaultIsolation: `MainActor.self` in a target built with
///     `.defaultIsolation(MainActor.self)`, which a macro cannot see: the protocol, unless it
///     says otherwise, is decorated as the main actor's.
///   - behindPreprocessorFlag: a compilation condition the decorators are generated under
///     (`"DEBUG"`): in other builds there are none.
@attached(
  peer,
  names: prefixed(Logging), prefixed(Analytics), prefixed(Caching), prefixed(Intercepting),
  prefixed(Tracing), prefixed(Metrics), prefixed(Timeout), prefixed(Retry),
  prefixed(CircuitBreaker), prefixed(Bulkhead), prefixed(RateLimit), suffixed(LoggingDecorator),
  suffixed(AnalyticsDecorator), suffixed(CachingDecorator), suffixed(InterceptingDecorator),
  suffixed(TracingDecorator), suffixed(MetricsDecorator), suffixed(TimeoutDecorator),
  suffixed(RetryDecorator), suffixed(CircuitBreakerDecorator), suffixed(BulkheadDecorator),
  suffixed(RateLimitDecorator))
@attached(
  extension,
  names: named(withLogging), named(withAnalytics), named(withCaching), named(intercepted),
  named(withTracing), named(withMetrics), named(withTimeout), named(withRetry),
  named(withCircuitBreaker), named(withBulkhead), named(withRateLimit))
public macro Decorated(
  _ decorator: Decorator, _ more: Decorator..., public: [String] = [], reveal: [String] = [],
  cached: [String] = [], idempotent: [String] = [], defaultIsolation: (any GlobalActor.Type)? = nil,
  behindPreprocessorFlag: String? = nil
) = #externalMacro(module: "VeneerMacrosPlugin", type: "DecoratedMacro")

extension Decorator {
  /// Logs each call with its arguments (secrets redacted), then its result or error, how long it
  /// took, and whether a cache inside answered it.
  public static let logging = LoggingDecorator()

  /// Tracks one event per call.
  public static let analytics = AnalyticsDecorator()

  /// Answers repeated calls from a cache.
  public static let caching = CachingDecorator()

  /// Runs typed advice before, after or instead of each call, as the Objective-C Aspects library
  /// does.
  public static let intercepting = Decorator()

  /// Runs each call in a span of swift-distributed-tracing, named for the requirement.
  public static let tracing = Decorator()

  /// Counts and times each call with swift-metrics.
  public static let metrics = Decorator()

  /// Gives each async throwing call a deadline.
  public static let timeout = TimeoutDecorator()

  /// Makes a failed call again, after a growing wait with full jitter, where its requirement is
  /// declared idempotent.
  public static let retry = RetryDecorator()

  /// Fails calls at once while too many fail, as resilience4j's breakers do.
  public static let circuitBreaker = CircuitBreakerDecorator()

  /// Lets at most so many calls run at once, as resilience4j's bulkheads do.
  public static let bulkhead = BulkheadDecorator()

  /// Lets calls through at a rate, a token bucket's.
  public static let rateLimit = RateLimitDecorator()
}

/// `.logging`, or `.logging(…)` with its settings: those of
/// `options: logging:` in `veneer.yml`.
public final class LoggingDecorator: Decorator, @unchecked Sendable {
  /// `.logging` with these settings; each left out keeps its default.
  public func callAsFunction(
    level: Logger.Level? = nil, errorLevel: Logger.Level? = nil, valueLimit: Int? = nil
  ) -> Decorator {
    self
  }
}

/// `.analytics`, or `.analytics(…)` with its settings: those of
/// `options: analytics:` in `veneer.yml`.
public final class AnalyticsDecorator: Decorator, @unchecked Sendable {
  /// One of snake_case, camelCase, kebab-case.
  public enum Naming: Sendable {
    case snakeCase, camelCase, kebabCase
  }

  /// 'all' (every call) or 'mapped' (only calls the event map names).
  public enum Track: Sendable {
    case all, mapped
  }

  /// `.analytics` with these settings; each left out keeps its default.
  public func callAsFunction(naming: Naming? = nil, track: Track? = nil) -> Decorator {
    self
  }
}

/// `.caching`, or `.caching(…)` with its settings: those of
/// `options: caching:` in `veneer.yml`.
public final class CachingDecorator: Decorator, @unchecked Sendable {
  /// `.caching` with these settings; each left out keeps its default.
  public func callAsFunction(ttl: Duration? = nil, capacity: Int? = nil) -> Decorator {
    self
  }
}

/// `.timeout`, or `.timeout(…)` with its settings: those of
/// `options: timeout:` in `veneer.yml`.
public final class TimeoutDecorator: Decorator, @unchecked Sendable {
  /// `.timeout` with these settings; each left out keeps its default.
  public func callAsFunction(_ seconds: Duration) -> Decorator {
    self
  }
}

/// `.retry`, or `.retry(…)` with its settings: those of
/// `options: retry:` in `veneer.yml`.
public final class RetryDecorator: Decorator, @unchecked Sendable {
  /// `.retry` with these settings; each left out keeps its default.
  public func callAsFunction(attempts: Int? = nil) -> Decorator {
    self
  }
}

/// `.circuitBreaker`, or `.circuitBreaker(…)` with its settings: those of
/// `options: circuitbreaker:` in `veneer.yml`.
public final class CircuitBreakerDecorator: Decorator, @unchecked Sendable {
  /// `.circuitbreaker` with these settings; each left out keeps its default.
  public func callAsFunction(
    failureRate: Double? = nil, openInterval: Duration? = nil
  ) -> Decorator {
    self
  }
}

/// `.bulkhead`, or `.bulkhead(…)` with its settings: those of
/// `options: bulkhead:` in `veneer.yml`.
public final class BulkheadDecorator: Decorator, @unchecked Sendable {
  /// `.bulkhead` with these settings; each left out keeps its default.
  public func callAsFunction(
    maxCalls: Int? = nil, maxWaiting: Int? = nil, maxWait: Duration? = nil
  ) -> Decorator {
    self
  }
}

/// `.rateLimit`, or `.rateLimit(…)` with its settings: those of
/// `options: ratelimit:` in `veneer.yml`.
public final class RateLimitDecorator: Decorator, @unchecked Sendable {
  /// `.ratelimit` with these settings; each left out keeps its default.
  public func callAsFunction(
    permits: Int? = nil, burst: Int? = nil, maxWait: Duration? = nil
  ) -> Decorator {
    self
  }
}
