/// A session that holds a token: logged through its `logDescription` where it adopts
/// `CustomLogStringConvertible`, never with the token.
public struct Session: Hashable, Sendable {
  public var user: String
  public var token: String

  public init(user: String, token: String) {
    self.user = user
    self.token = token
  }
}

/// Secrets where a careless decorator would log them: behind argument labels, under internal
/// names that say nothing, in words inside longer names, and in what requirements return.
// veneer: logging
public protocol Credentials: Sendable {
  func login(user: String, password pw: String) -> Session
  func set(token value: String)
  func check(password _: String) -> Bool
  func charge(creditCardNumber: String, amount: Int, code otp: String) -> Bool
  func accessToken() -> String
  // veneer: redact(result)
  func recoveryCodes(for user: String) -> [String]
  func refresh(
    _ session: Session, completion: @escaping @Sendable (Result<Session, any Error>) -> Void)
  func upload(_ payload: String) -> Int
}
