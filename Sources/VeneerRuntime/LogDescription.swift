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
/// Decorators use it wherever a value leaves the process: log records (arguments, results,
/// values passed to completion handlers, errors), analytics properties and span attributes,
/// also inside optionals. A type without it is written as its type alone (`Session(…)`); see
/// the README's "What leaves the process".
public protocol CustomLogStringConvertible {
  /// The text logged for this value; never the secrets it holds.
  var logDescription: String { get }
}

@_spi(Generated)
extension LoggedCall {
  /// How many characters of a value are logged by default, before `…` and the count of those
  /// left out: a 10 MB `Data` must not become a 10 MB log line.
  public static let defaultValueLimit = 1_024

  /// `value` as log metadata, by `ValueDescription.safe`, cut to `limit` characters.
  public static func value<Value>(_ value: Value, limit: Int = defaultValueLimit)
    -> Logger.MetadataValue
  {
    .string(cut(ValueDescription.safe(value), to: limit))
  }

  /// `value` as log metadata, written in full (`log(full)`), cut to `limit` characters.
  public static func fullValue<Value>(_ value: Value, limit: Int = defaultValueLimit)
    -> Logger.MetadataValue
  {
    .string(cut(ValueDescription.full(value), to: limit))
  }

  /// `text`, or its first `limit` characters and the count of those left out.
  static func cut(_ text: String, to limit: Int) -> String {
    guard text.utf8.count > limit,
      let end = text.index(
        text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex
    else { return text }
    return "\(text[..<end])… (\(text.count - limit) more characters)"
  }
}
