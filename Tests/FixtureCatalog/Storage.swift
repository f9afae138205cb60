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
