import Foundation
import VeneerRuntime

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

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

/// `PriceClient` over URLSession, as an app writes it: `GET /price/SKU` and
/// `POST /orders?sku=SKU&quantity=N`, each answered with a number.
public struct HTTPPriceClient: PriceClient {
  private let session: URLSession
  private let server: String

  /// A client of the server at `server` (`http://127.0.0.1:18080`).
  public init(server: String, session: URLSession = .prices) {
    self.server = server
    self.session = session
  }

  public func price(sku: String) async throws -> Int {
    try await number(URLRequest(url: try url(["price", sku])))
  }

  public func order(sku: String, quantity: Int) async throws -> Int {
    var request = URLRequest(
      url: try url(["orders"], query: [("sku", sku), ("quantity", String(quantity))]))
    request.httpMethod = "POST"
    return try await number(request)
  }

  /// The server's URL for `segments` and `query`, each percent-encoded on its own: a SKU with
  /// `/`, `?`, `&` or `#` in it names that SKU, not another path or another query.
  private func url(_ segments: [String], query: [(name: String, value: String)] = []) throws -> URL
  {
    let path = try segments.map { "/" + (try Self.percentEncoded($0)) }.joined()
    let fields = try query.map {
      "\(try Self.percentEncoded($0.name))=\(try Self.percentEncoded($0.value))"
    }
    let text = server + path + (fields.isEmpty ? "" : "?" + fields.joined(separator: "&"))
    guard let url = URL(string: text) else { throw URLError(.badURL) }
    return url
  }

  /// `text` with every byte but RFC 3986's unreserved ones percent-encoded.
  private static func percentEncoded(_ text: String) throws -> String {
    guard let encoded = text.addingPercentEncoding(withAllowedCharacters: unreserved) else {
      throw URLError(.badURL)
    }
    return encoded
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  private func number(_ request: URLRequest) async throws -> Int {
    let (body, response) = try await session.data(for: request)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 502
    guard status == 200 else { throw ServerError(status: status) }
    guard let number = Int(String(decoding: body, as: UTF8.self)) else {
      throw ServerError(status: 502)
    }
    return number
  }
}

extension URLSession {
  /// A session for the price server: as many connections as the load runs calls at once, and
  /// a request timeout longer than the server's stalls, so that only a decorator's timeout cuts
  /// them short.
  public static let prices: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = 16
    configuration.timeoutIntervalForRequest = 30
    return URLSession(configuration: configuration)
  }()
}
