import Logging

/// A type that says how logging decorators write it, instead of `String(describing:)`: a
/// session or a request that holds a token, headers with an `authorization` field.
///
/// ```swift
/// extension Session: CustomLogStringConvertible {
///   var logDescription: String { "Session(user: \(user), token: <redacted>)" }
/// }
/// ```
///
/// Logging decorators use it for arguments, results, values passed to completion handlers
/// and errors, wherever the value is nested in an optional.
public protocol CustomLogStringConvertible {
  /// The text logged for this value; never the secrets it holds.
  var logDescription: String { get }
}

@_spi(Generated)
extension LoggedCall {
  /// How many characters of a value are logged by default, before `…` and the count of those
  /// left out: a 10 MB `Data` must not become a 10 MB log line.
  public static let defaultValueLimit = 1_024

  /// `value` as log metadata: its `logDescription` when it has one, else
  /// `String(describing:)`, cut to `limit` characters.
  public static func value<Value>(_ value: Value, limit: Int = defaultValueLimit)
    -> Logger.MetadataValue
  {
    .string(describe(value, limit: limit))
  }

  static func describe<Value>(_ value: Value, limit: Int) -> String {
    let text =
      (value as? any CustomLogStringConvertible)?.logDescription ?? String(describing: value)
    guard text.utf8.count > limit,
      let end = text.index(
        text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex
    else { return text }
    return "\(text[..<end])… (\(text.count - limit) more characters)"
  }
}
