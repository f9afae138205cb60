public struct User: Hashable, Codable, Sendable {
  public var name: String

  public init(name: String) {
    self.name = name
  }
}

// veneer: logging, analytics
public protocol UserService: Sendable {
  // veneer: public(username), analytics(event: "login", properties: [username])
  func authenticate(username: String, password: String) -> User?
}

public protocol UserRepository: Sendable {
  // veneer: cache, public(name), idempotent(attempts: 5)
  func user(named name: String) async throws -> User
  // veneer: timeout(seconds: 0.05)
  func save(_ user: User) async throws
  // veneer: redact(token)
  func resetPassword(for user: User, token: String) async throws(UserRepositoryError)
}

public struct UserRepositoryError: Error, Equatable {
  public var reason: String

  public init(reason: String) {
    self.reason = reason
  }
}
