// Protocols and types whose names a generated file, or a decorator type, could clash with.

/// Its analytics decorator would be `AnalyticsTracker`, the runtime's protocol.
public protocol Tracker {
  func track(_ name: String) async throws -> Int
}

/// Its metrics decorator would be `MetricsFactory`, swift-metrics' protocol.
public protocol Factory {
  func make(_ name: String) async throws -> Int
}

/// `MetricsSystem`, swift-metrics' enum.
public protocol System {
  func boot() async throws -> Int
}

/// `LoggingSystem`, swift-log's enum.
public protocol LoggingSystem {
  func bootstrap() async throws -> Int
}

/// Uses the standard library's `Span` and Foundation-free `Duration`, in a file with tracing.
public protocol Sampler {
  func sample(_ values: Span<Int>) -> Int
  func wait(for duration: Duration) async throws -> Int
}

/// An app's own logger and kinds, as apps declare them: names the generated code must not mean.
public struct Logger {
  public init() {}
}

public enum SpanKind {
  case screen
}
