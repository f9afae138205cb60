public struct Post: Hashable, Codable, Sendable {
  public var id: Int
  public var title: String

  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

/// What every repository of this module can say about itself; declared in a file of its own,
/// so that the decorators of the protocols inheriting it need this file too.
public protocol Counting: Sendable {
  func count() async throws -> Int
}
