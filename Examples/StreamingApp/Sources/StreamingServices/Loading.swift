// veneer: analytics
public protocol LoaderService: Sendable {
  func load(completion: @escaping @Sendable (Result<[String], any Error>) -> Void)
}

public struct RecommendationsLoader: LoaderService {
  public init() {}

  public func load(completion: @escaping @Sendable (Result<[String], any Error>) -> Void) {
    completion(.success(["Andor", "Shogun"]))
  }
}
