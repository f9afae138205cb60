/// A price back end across a network, for the resilience built-ins (opt-in: the server
/// decorators have them). Only its reads are declared idempotent: a purchase made again would
/// be a second purchase.
public protocol PriceService: Sendable {
  // veneer: idempotent
  func price(sku: String) async throws -> Int
  /// Never retried: not declared idempotent, whatever it is called.
  func buy(sku: String, quantity: Int) async throws -> Int
  /// Retried with its own typed error; the other policies cannot throw theirs through it.
  // veneer: idempotent(attempts: 2)
  func stock(sku: String) async throws(StockError) -> Int
  func name() -> String
  func reload() throws
}

public enum StockError: Error, Equatable {
  case unavailable
}
