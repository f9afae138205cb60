// What a careful engineer writes by hand for each resilience decorator of `PriceService`, to
// compare the generated ones against in `veneer-runtime-bench`: the happy path of each policy,
// with a lock and the state it needs, nothing more. Only `price(sku:)` is decorated.
import FixtureCatalog
import Foundation

/// The service every resilience row calls: a price for every SKU.
public struct FixedPrices: PriceService {
  public init() {}
  public func price(sku: String) async throws -> Int { sku.utf8.count }
  public func buy(sku: String, quantity: Int) async throws -> Int { quantity }
  public func stock(sku: String) async throws(StockError) -> Int { 0 }
  public func name() -> String { "fixed" }
  public func reload() throws {}
}

/// Retries a failed call up to twice more, waiting 100 ms then 200 ms.
public struct HandRetriedPrices<Base: PriceService>: PriceService {
  let base: Base

  public init(_ base: Base) { self.base = base }

  public func price(sku: String) async throws -> Int {
    var wait = Duration.milliseconds(100)
    for _ in 1..<3 {
      do {
        return try await base.price(sku: sku)
      } catch {
        try await Task.sleep(for: wait)
        wait *= 2
      }
    }
    return try await base.price(sku: sku)
  }

  public func buy(sku: String, quantity: Int) async throws -> Int {
    try await base.buy(sku: sku, quantity: quantity)
  }
  public func stock(sku: String) async throws(StockError) -> Int { try await base.stock(sku: sku) }
  public func name() -> String { base.name() }
  public func reload() throws { try base.reload() }
}

/// Fails calls at once while open; counts failures of the last 20 calls while closed.
public final class HandBrokenPrices<Base: PriceService>: PriceService, @unchecked Sendable {
  struct Open: Error {}
  let base: Base
  private let lock = NSLock()
  private var isOpen = false
  private var outcomes: [Bool] = []

  public init(_ base: Base) { self.base = base }

  public func price(sku: String) async throws -> Int {
    guard !lock.withLock({ isOpen }) else { throw Open() }
    do {
      let price = try await base.price(sku: sku)
      record(failed: false)
      return price
    } catch {
      record(failed: true)
      throw error
    }
  }

  private func record(failed: Bool) {
    lock.withLock {
      outcomes.append(failed)
      if outcomes.count > 20 { outcomes.removeFirst() }
      isOpen = outcomes.count >= 10 && outcomes.count { $0 } * 2 >= outcomes.count
    }
  }

  public func buy(sku: String, quantity: Int) async throws -> Int {
    try await base.buy(sku: sku, quantity: quantity)
  }
  public func stock(sku: String) async throws(StockError) -> Int { try await base.stock(sku: sku) }
  public func name() -> String { base.name() }
  public func reload() throws { try base.reload() }
}

/// At most 10 calls at once; the next refused.
public final class HandBulkheadPrices<Base: PriceService>: PriceService, @unchecked Sendable {
  struct Full: Error {}
  let base: Base
  private let lock = NSLock()
  private var running = 0

  public init(_ base: Base) { self.base = base }

  public func price(sku: String) async throws -> Int {
    let admitted = lock.withLock { () -> Bool in
      guard running < 10 else { return false }
      running += 1
      return true
    }
    guard admitted else { throw Full() }
    defer { lock.withLock { running -= 1 } }
    return try await base.price(sku: sku)
  }

  public func buy(sku: String, quantity: Int) async throws -> Int {
    try await base.buy(sku: sku, quantity: quantity)
  }
  public func stock(sku: String) async throws(StockError) -> Int { try await base.stock(sku: sku) }
  public func name() -> String { base.name() }
  public func reload() throws { try base.reload() }
}

/// A token bucket of `burst` tokens, `permitsPerSecond` a second; a call without one refused.
public final class HandLimitedPrices<Base: PriceService>: PriceService, @unchecked Sendable {
  struct Limited: Error {}
  let base: Base
  private let lock = NSLock()
  private let interval: Duration
  private let burst: Int
  private let clock = ContinuousClock()
  private var fullAt: ContinuousClock.Instant

  public init(_ base: Base, permitsPerSecond: Int, burst: Int) {
    self.base = base
    interval = .seconds(1) / permitsPerSecond
    self.burst = burst
    fullAt = clock.now
  }

  public func price(sku: String) async throws -> Int {
    let admitted = lock.withLock { () -> Bool in
      let now = clock.now
      let next = max(fullAt, now) + interval
      guard next - now <= interval * burst else { return false }
      fullAt = next
      return true
    }
    guard admitted else { throw Limited() }
    return try await base.price(sku: sku)
  }

  public func buy(sku: String, quantity: Int) async throws -> Int {
    try await base.buy(sku: sku, quantity: quantity)
  }
  public func stock(sku: String) async throws(StockError) -> Int { try await base.stock(sku: sku) }
  public func name() -> String { base.name() }
  public func reload() throws { try base.reload() }
}
