import InMemoryTracing
import Testing
import Tracing
import VeneerMacros

@Decorated(.tracing)
public protocol Forecasts: Sendable {
  func forecast(city: String) async throws -> [Double]
}

struct FixedForecasts: Forecasts {
  func forecast(city: String) async throws -> [Double] { [21.5] }
}

@Suite("Tracing decorators from @Decorated")
struct TracedUsageTests {
  @Test func aCallEndsOneSpanNamedForItsRequirement() async throws {
    let tracer = InMemoryTracer()
    let forecasts = FixedForecasts().withTracing(tracer)
    #expect(try await forecasts.forecast(city: "Lisbon") == [21.5])
    #expect(tracer.finishedSpans.map(\.operationName) == ["Forecasts.forecast"])
  }
}
