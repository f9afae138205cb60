public struct Receipt: Hashable, Sendable {
  public var amountInCents: Int
}

public struct PaymentDeclined: Error {}

/// Takes payments for premium forecasts. The card number is never logged nor tracked.
// veneer: logging, analytics, redact(cardNumber)
public protocol PaymentGateway: Sendable {
  func charge(cardNumber: String, amountInCents: Int) async throws -> Receipt
  func refund(_ receipt: Receipt) async throws
}

public struct StubPaymentGateway: PaymentGateway {
  public init() {}

  public func charge(cardNumber: String, amountInCents: Int) async throws -> Receipt {
    guard amountInCents <= 10_000 else { throw PaymentDeclined() }
    return Receipt(amountInCents: amountInCents)
  }

  public func refund(_ receipt: Receipt) async throws {}
}
