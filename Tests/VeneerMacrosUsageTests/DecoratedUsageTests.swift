import InMemoryTracing
import MetricsTestKit
import Testing
import VeneerMacros

@Suite("Decorators from @Decorated, called")
struct DecoratedUsageTests {
  @Test func everyBuiltInComposesAndDoesWhatItsSettingsSay() async throws {
    let recorder = Recorder()
    let tracer = InMemoryTracer()
    let metrics = TestMetrics()
    let base = BoxOffice()
    let shop = base.withTimeout().withCaching(InMemoryCache()).withMetrics(metrics)
      .withTracing(tracer).withAnalytics(recorder).withLogging(recorder.logger())

    #expect(try await shop.ticket(id: 7) == Ticket(id: 7, seat: "A7"))
    #expect(try await shop.ticket(id: 7) == Ticket(id: 7, seat: "A7"))
    _ = try await shop.buy(id: 7, cardNumber: "4111111111111111")
    _ = try await shop.buy(id: 7, cardNumber: "4111111111111111")
    // Declared cacheable, ticket(id:) reached the base once; buy(id:cardNumber:) every time.
    #expect(base.sales.count == 3)

    // Logged at .info, as asked; `id` declared public, the card number's name hides it.
    let log = recorder.log
    #expect(log.contains("info TicketShop.ticket(id:) called id=7"), "\(log)")
    #expect(log.contains { $0.hasPrefix("info TicketShop.ticket(id:) returned cached=true") })
    #expect(log.contains("info TicketShop.buy(id:cardNumber:) called cardNumber=<redacted> id=7"))
    #expect(!log.joined().contains("4111"))
    #expect(recorder.eventNames.count == 4)
    #expect(tracer.finishedSpans.map(\.operationName).count == 4)
    let dimensions = [("protocol", "TicketShop"), ("requirement", "buy(id:cardNumber:)")]
    #expect(try metrics.expectCounter("veneer.calls", dimensions).totalValue == 2)
  }

  @Test func aFlaggedDecoratorExistsWhereItsConditionHolds() {
    let recorder = Recorder()
    #expect(FixedClock().withLogging(recorder.logger()).now() == 42)
    #expect(recorder.log == ["debug Clock.now() called", "debug Clock.now() returned result=42"])
  }
}
