// Attributes a decorator must carry over.

@resultBuilder
nonisolated public enum ListBuilder {
  public static func buildBlock(_ items: String...) -> [String] { items }
}

public protocol MenuBuilder {
  func menu(@ListBuilder _ items: () -> [String]) -> [String]
  func asyncMenu(title: String, @ListBuilder items: @Sendable () -> [String]) async -> [String]
}

public protocol Versioned {
  @available(macOS 14, iOS 17, *)
  func newer() -> Int
  @available(*, deprecated, message: "Use newer()")
  func older() -> Int
  @discardableResult
  func save() -> Bool
}

public protocol Lazy {
  func evaluate(_ value: @autoclosure () -> Int) -> Int
  func later(_ value: @escaping @autoclosure @Sendable () -> Int) async -> Int
}
