/// Posts, read over the network.
// veneer: logging, caching
public protocol PostRepo: Counting {
  // veneer: cache
  func getPost(id: Int) async throws -> Post
  // veneer: redact(password)
  func login(user: String, password: String) async throws -> String
}

public struct HTTPPostRepo: PostRepo {
  public init() {}

  public func getPost(id: Int) async throws -> Post { Post(id: id, title: "Post \(id)") }

  public func login(user: String, password: String) async throws -> String { "session-\(user)" }

  public func count() async throws -> Int { 2 }
}
