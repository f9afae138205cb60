public struct User: Hashable, Codable, Sendable {
  public var name: String

  public init(name: String) {
    self.name = name
  }
}

// veneer: logging
public protocol UserService: Sendable {
  /// The password is redacted from logs because of its name; `redact(…)` names others.
  func authenticate(username: String, password: String) -> User?
}

public struct DemoUserService: UserService {
  public init() {}

  public func authenticate(username: String, password: String) -> User? {
    password == "open sesame" ? User(name: username) : nil
  }
}
