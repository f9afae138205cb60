import Ledger

public struct Report: Sendable {
  public var ledger: any Ledger
  public init(ledger: any Ledger) { self.ledger = ledger }
  public func summary() async -> String { "balance \(await ledger.balance())" }
}
