// Every route by which a secret once left the process through a decorator, with names that look
// harmless: an error that quotes what the call was given, a result that holds tokens, a tuple,
// a dictionary, an enum payload and a struct as arguments, and names the old word list missed.

/// Tokens returned by a sign-in, in a struct that does not say how it is logged.
public struct Tokens: Hashable, Sendable {
  public var accessToken: String
  public var refreshToken: String

  public init(accessToken: String, refreshToken: String) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
  }
}

/// A user to register, password included.
public struct NewUser: Hashable, Sendable {
  public var name: String
  public var password: String

  public init(name: String, password: String) {
    self.name = name
    self.password = password
  }
}

/// How a user proves who they are.
public enum Credential: Hashable, Sendable {
  case password(String)
  case anonymous
}

/// A profile that says how it is logged (by adopting `CustomLogStringConvertible`, in the tests):
/// that description, not the default one, goes to logs, analytics and spans.
public struct Profile: Hashable, Sendable {
  public var name: String
  public var recoveryPhrase: String

  public init(name: String, recoveryPhrase: String) {
    self.name = name
    self.recoveryPhrase = recoveryPhrase
  }
}

/// An error whose message quotes the password the call was given, as careless errors do.
public struct SignInFailure: Error, CustomStringConvertible {
  public var description: String

  public init(description: String) {
    self.description = description
  }
}

/// An error with a payload that holds what the call was given.
public enum AccountError: Error {
  case rejected(String)
  case locked
}

// veneer: logging, analytics
public protocol Accounts: Sendable {
  func login(user: String, password: String) throws -> Tokens
  func accessToken() throws -> String
  func login(email: String, password: String) -> Tokens
  func open(user: String) -> Tokens
  func pair(user: String) -> (user: String, token: String)
  func authorize(user: String, password: String, completion: @escaping @Sendable (String) -> Void)
  // veneer: analytics(properties: [user]), tracing(attributes: [user])
  func register(_ user: NewUser)
  // veneer: analytics(properties: [method]), tracing(attributes: [method])
  func signIn(with method: Credential) throws
  // veneer: analytics(properties: [pair]), tracing(attributes: [pair])
  func remember(pair: (user: String, password: String))
  // veneer: analytics(properties: [headers]), tracing(attributes: [headers])
  func send(headers: [String: String])
  func verify(
    jwt: String, authHeader: String, encryptionKey: String, mfaCode: String, pass: String,
    key: String)
  // veneer: analytics(properties: [profile]), tracing(attributes: [profile])
  func update(profile: Profile)
  // veneer: analytics(properties: [ids, count, flag])
  func lookUp(ids: [Int], count: Int, flag: Bool) -> [Int]
  // veneer: log(full), analytics(properties: [user])
  func audit(_ user: NewUser)
}
