public struct Forecast: Hashable, Codable, Sendable {
  public var city: String
  public var celsius: Int

  public init(city: String, celsius: Int) {
    self.city = city
    self.celsius = celsius
  }
}

public enum WeatherError: Error, Equatable {
  case unknownCity(String)
}

/// Today's forecasts, from a slow and metered service.
// veneer: logging, caching
public protocol WeatherService: Sendable {
  // veneer: cache, public(city)
  func forecast(city: String) async throws(WeatherError) -> Forecast
}

public struct StubWeatherService: WeatherService {
  public init() {}

  public func forecast(city: String) async throws(WeatherError) -> Forecast {
    guard city != "Atlantis" else { throw .unknownCity(city) }
    return Forecast(city: city, celsius: city.count * 2)
  }
}
