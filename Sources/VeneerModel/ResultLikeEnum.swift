/// An app's own result type, as older code bases declare one before `Swift.Result`:
/// `enum Result<T> { case value(T); case error(Error) }`. Decorators read its cases as success
/// and failure.
package struct ResultLikeEnum: Codable, Sendable, Hashable {
  /// The enum's name: `Result`.
  package var name: String
  /// The case carrying the generic value, `value`, and the one carrying an error, `error`.
  package var successCase: String
  package var failureCase: String
  /// The file that declares it: decorators of protocols that use it change when it does.
  package var file: String

  package init(name: String, successCase: String, failureCase: String, file: String) {
    self.name = name
    self.successCase = successCase
    self.failureCase = failureCase
    self.file = file
  }
}
