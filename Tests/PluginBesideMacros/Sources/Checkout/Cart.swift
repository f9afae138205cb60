import Payments

// veneer: logging
public protocol Cart: Priced {
  func total(of skus: [String]) async -> Int
}

public struct SimpleCart: Cart {
  public init() {}
  public func price(of sku: String) async -> Int { sku.count * 100 }
  public func total(of skus: [String]) async -> Int {
    var sum = 0
    for sku in skus { sum += await price(of: sku) }
    return sum
  }
}
