// veneer: analytics
public protocol LoaderService: Sendable {
  // veneer: cache
  func load(completion: @escaping @Sendable (Result<[String], any Error>) -> Void)
}

public protocol HttpClient: Sendable {
  func get<T: Codable>(
    _ path: String, completion: @escaping @Sendable (Result<T, any Error>) -> Void)
  func fetch<T: Codable>(_ path: String, completion: @escaping @Sendable (T?, (any Error)?) -> Void)
}

/// Completion handlers without a `Result`, and a `Result` return.
public protocol Notifier: Sendable {
  func refresh(done: @escaping @Sendable () -> Void)
  func lookup(_ key: String, completion: @escaping @Sendable (Int?, (any Error)?) -> Void)
  // veneer: cache
  func validate(_ post: Post) -> Result<Post, PostError>
}
