/// Forecasts, in degrees Celsius.
// veneer: logging
public protocol WeatherService: Sendable {
  func forecast(city: String) async throws -> [Double]
}

public struct FixedWeather: WeatherService {
  public init() {}

  public func forecast(city: String) async throws -> [Double] { [21.5, 19] }
}
