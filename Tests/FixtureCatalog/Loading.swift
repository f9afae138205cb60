// veneer: analytics
public protocol LoaderService: Sendable {
  func load(completion: @escaping @Sendable (Result<[String], any Error>) -> Void)
}

public protocol HttpClient: Sendable {
  func get<T: Codable>(
    _ path: String, completion: @escaping @Sendable (Result<T, any Error>) -> Void)
}
