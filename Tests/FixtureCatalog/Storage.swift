/// Requirements named like the decorators' own stored properties, and parameters named like
/// them; `Logger` comes from the parent's file, whose import the decorators need too.
public protocol KeyValueStore: RequestContext {
  var base: String { get }
  var cache: [String: Int] { get }
  func tracker() -> String
  // veneer: public(logger)
  func value(for key: String, logger: String) -> Int?
  func store(_ value: Int, for key: String, cache: Bool, level: Int)
  func entry(base: String) -> String
}

/// A slow read and a write that invalidates it: a read under way when the write lands must not
/// be stored, nor answer a read that begins after the write.
// veneer: caching
public protocol Inventory: Sendable {
  // veneer: cache
  func stock(of item: String) async -> Int
  // veneer: invalidates(stock)
  func add(_ item: String) async
}
