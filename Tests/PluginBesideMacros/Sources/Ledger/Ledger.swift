// veneer: logging
public protocol Ledger: Sendable {
  func balance() async -> Int
}
