import Foundation
import VeneerMacros

/// A card gateway decorated by the macro, in its own target.
@Decorated(.logging())
public protocol Gateway: Sendable {
  func charge(cents: Int) async throws -> String
}

public struct FakeGateway: Gateway {
  public init() {}
  public func charge(cents: Int) async throws -> String { "charged \(cents)" }
}

/// Read from the target's resources, which the plugin downstream never reads.
public func bundledRates() -> String {
  Bundle.module.url(forResource: "rates", withExtension: "json")
    .flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? "none"
}

/// A protocol a downstream target's own inherits from: the plugin reads this file for it.
public protocol Priced: Sendable {
  func price(of sku: String) async -> Int
}
