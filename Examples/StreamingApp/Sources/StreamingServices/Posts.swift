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

// veneer: caching, analytics
public protocol PostRepo: Sendable {
  // veneer: cache
  func getPost(id: Int, completion: @escaping @Sendable (Result<Post, any Error>) -> Void)

  // veneer: invalidates(getPost)
  func createPost(
    title: String, body: String, completion: @escaping @Sendable (Result<Post, any Error>) -> Void)
}

public struct InMemoryPostRepo: PostRepo {
  public init() {}

  public func getPost(id: Int, completion: @escaping @Sendable (Result<Post, any Error>) -> Void) {
    completion(.success(Post(id: id, title: "Post \(id)", body: "…")))
  }

  public func createPost(
    title: String, body: String, completion: @escaping @Sendable (Result<Post, any Error>) -> Void
  ) {
    completion(.success(Post(id: 99, title: title, body: body)))
  }
}
