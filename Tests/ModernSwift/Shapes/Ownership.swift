// Ownership: values that move, values that cannot be copied, values that cannot escape.

/// Not Sendable: what `sending` hands from one region to another.
nonisolated public final class Message {
  public var text: String

  public init(text: String) {
    self.text = text
  }
}

/// Cannot be copied: a file descriptor, a lock's guard.
nonisolated public struct Token: ~Copyable {
  public let id: Int

  public init(id: Int) {
    self.id = id
  }
}

public protocol Mailbox {
  func post(_ message: sending Message) async
  func draft() -> sending Message
  func submit(_ work: sending @escaping () -> Void)
  func receive(isolation: isolated (any Actor)?) async -> sending Message
}

public protocol TokenBank {
  func redeem(_ token: consuming Token) -> Int
  func inspect(_ token: borrowing Token) -> Int
  /// Whether a result's type can be copied is known to the compiler, not to Veneer, which reads
  /// no type's declaration: a result that cannot be copied is declared so.
  // veneer: skip
  func mint(id: Int) -> Token
  func weigh<Value: ~Copyable>(_ value: borrowing Value) -> Int
}

/// A protocol whose conformers may not be copied: a decorator would have to own its base.
public protocol Resource: ~Copyable {
  borrowing func peek() -> Int
  consuming func close() -> Int
}

/// Views that may not escape the call (SE-0447, SE-0456).
public protocol Checksummer {
  func checksum(_ bytes: RawSpan) -> Int
  func sum(_ values: Span<Int>) -> Int
}

public protocol Accumulator {
  mutating func add(_ value: Int)
  func total(_ values: inout [Int]) -> Int
}
