import Logging
import VeneerRuntime
import WeatherKit

// The composition root: the generated decorators in WeatherKit/Generated wrap the services here.

LoggingSystem.bootstrap { label in
  var handler = StreamLogHandler.standardOutput(label: label)
  handler.logLevel = .debug
  return handler
}
let logger = Logger(label: "weather")

struct PrintingTracker: AnalyticsTracker {
  func track(_ event: AnalyticsEvent) {
    let properties = event.properties.keys.sorted().map { "\($0)=\(event.properties[$0]!)" }
    print("analytics: \(event.name) \(properties.joined(separator: " "))")
  }
}

let weather = StubWeatherService().withCaching().withLogging(logger)
for city in ["Lisbon", "Lisbon", "Atlantis"] {
  do {
    print("Forecast:", try await weather.forecast(city: city))
  } catch {
    print("No forecast:", error)
  }
}

let payments = StubPaymentGateway().withAnalytics(PrintingTracker()).withLogging(logger)
for amount in [499, 20_000] {
  let receipt = try? await payments.charge(cardNumber: "4111 1111 1111 1111", amountInCents: amount)
  print("Charged:", receipt.map { "\($0.amountInCents) cents" } ?? "declined")
}
