/// An app's own result type, as older code bases declare one before `Swift.Result`:
/// `enum Result<T> { case value(T); case error(Error) }`. Decorators read its cases as success
/// and failure.
public struct ResultLikeEnum: Codable, Sendable, Hashable {
  /// The enum's name: `Result`.
  public var name: String
  /// The case carrying the generic value, `value`, and the one carrying an error, `error`.
  public var successCase: String
  public var failureCase: String
  /// The file that declares it: decorators of protocols that use it change when it does.
  public var file: String

  public init(name: String, successCase: String, failureCase: String, file: String) {
    self.name = name
    self.successCase = successCase
    self.failureCase = failureCase
    self.file = file
  }
}
