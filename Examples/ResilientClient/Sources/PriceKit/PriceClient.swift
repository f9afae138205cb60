import AsyncHTTPClient
import Foundation
import VeneerRuntime

/// A price list behind HTTP, read and ordered from.
// veneer: bulkhead, timeout, circuitBreaker, retry, metrics
public protocol PriceClient: Sendable {
  /// The price of `sku`, in cents. Reading a price twice changes nothing, so a failed read may
  /// be made again:
  // veneer: idempotent
  func price(sku: String) async throws -> Int

  /// Orders `quantity` of `sku`, returning the order's number. Not idempotent: an order whose
  /// answer was lost may have been placed, so it is never retried.
  func order(sku: String, quantity: Int) async throws -> Int
}

/// A failed answer from the price server: 5xx answers say that another attempt may succeed.
public struct ServerError: RetryableError, CustomStringConvertible {
  public let status: Int

  public var isRetryable: Bool { status >= 500 }
  public var description: String { "the server answered \(status)" }
}

/// `PriceClient` over AsyncHTTPClient: `GET /price/SKU` and `POST /orders?sku=SKU&quantity=N`,
/// each answered with a number.
public struct HTTPPriceClient: PriceClient {
  private let client: HTTPClient
  private let server: String

  /// A client of the server at `server` (`http://127.0.0.1:18080`).
  public init(server: String, client: HTTPClient = .shared) {
    self.server = server
    self.client = client
  }

  public func price(sku: String) async throws -> Int {
    try await number(HTTPClientRequest(url: "\(server)/price/\(sku)"))
  }

  public func order(sku: String, quantity: Int) async throws -> Int {
    var request = HTTPClientRequest(url: "\(server)/orders?sku=\(sku)&quantity=\(quantity)")
    request.method = .POST
    return try await number(request)
  }

  private func number(_ request: HTTPClientRequest) async throws -> Int {
    // The server's own stalls are longer than this; only a decorator's timeout cuts them short.
    let response = try await client.execute(request, timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 1024)
    guard response.status == .ok else { throw ServerError(status: Int(response.status.code)) }
    guard let number = Int(String(buffer: body)) else { throw ServerError(status: 502) }
    return number
  }
}
