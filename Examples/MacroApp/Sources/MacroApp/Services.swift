import VeneerMacros

public struct Post: Hashable, Codable, Sendable {
  public var id: Int
  public var title: String
}

public struct Session: Hashable, Codable, Sendable {
  public var token: String
}

/// Posts, read over the network: `getPost(id:)` only reads, so it is declared cacheable, and
/// `id` is no secret, so it is declared public.
@Decorated(
  .logging(level: .info), .analytics, .caching(ttl: .seconds(300)), public: ["id"],
  cached: ["getPost(id:)"])
public protocol PostRepo: Sendable {
  func getPost(id: Int) async throws -> Post
  // veneer: redact(password)
  func login(user: String, password: String) async throws -> Session
}

/// A request-response step, generic over what goes in and what comes out.
@Decorated(.logging, .timeout(.seconds(2)))
public protocol Service<Input, Output>: Sendable {
  associatedtype Input: Sendable
  associatedtype Output: Sendable
  func callAsFunction(input: Input) async throws -> Output
}

public struct HTTPPostRepo: PostRepo {
  public init() {}

  public func getPost(id: Int) async throws -> Post { Post(id: id, title: "Post \(id)") }

  public func login(user: String, password: String) async throws -> Session {
    Session(token: "token-for-\(user)")
  }
}

public struct WordCount: Service {
  public init() {}

  public func callAsFunction(input: String) async throws -> Int {
    input.split(separator: " ").count
  }
}
