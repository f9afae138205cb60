/// Requirements that take a `String`, and several arguments of different types: the runtime
/// bench's logging rows for the argument shapes real services have, beside `note(id:)`'s one `Int`.
public protocol Forecasts: Sendable {
  func celsius(of city: String) -> Int
  func forecast(city: String, days: Int, metric: Bool) -> Int
}

/// A forecast that does not look outside: the length of the city's name.
public struct FixedForecasts: Forecasts {
  public init() {}
  public func celsius(of city: String) -> Int { city.utf8.count }
  public func forecast(city: String, days: Int, metric: Bool) -> Int {
    city.utf8.count + days + (metric ? 1 : 0)
  }
}
