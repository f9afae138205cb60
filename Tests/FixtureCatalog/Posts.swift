public struct Post: Hashable, Codable, Sendable {
  public var id: Int
  public var title: String
  public var body: String

  public init(id: Int, title: String, body: String) {
    self.id = id
    self.title = title
    self.body = body
  }
}

public enum PostError: Error, Equatable {
  case notFound(id: Int)
}

// veneer: logging, analytics, caching
public protocol PostRepo: Sendable {
  // veneer: cache
  func getPost(id: Int, completion: @escaping @Sendable (Result<Post, any Error>) -> Void)

  // veneer: invalidates(getPost), analytics(event: "post_created", properties: [title])
  func createPost(
    title: String, body: String, completion: @escaping @Sendable (Result<Post, any Error>) -> Void)
}

public protocol PostCache: Sendable {
  // veneer: cache
  func post(id: Int) -> Post?
  func store(_ post: Post)
  func removeAll()
}
