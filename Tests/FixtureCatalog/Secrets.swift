import Foundation

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

/// Secrets whose names say nothing of them, where a name once decided what was shown: each is
/// private unless declared public, and a declaration shows that value alone.
// veneer: logging, analytics, caching
public protocol Vault: Sendable {
  func chargeCard(number: String, securityCode: String, amountCents: Int) -> Bool
  func set(_ value: String, forKey key: String)
  func decrypt(_ data: Data) -> String
  func current() -> String
  func authorize(user: String, completion: @escaping @Sendable (Result<String, any Error>) -> Void)
  func open(_ address: URL) -> Int
  // veneer: cache, public(city, result), analytics(properties: [city, units])
  func forecast(city: String, units: String) -> String
  // veneer: public(pin)
  func unlock(pin: Int) -> Bool
}
