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
extension __LoggedCall {
  /// How many bytes of a value's UTF-8 are logged by default, before `…` and the count of those
  /// left out: a 10 MB `Data` must not become a 10 MB log line.
  public static let defaultValueLimit = __ValueDescription.defaultLimit

  /// `value` as log metadata, private (`__ValueDescription.private`), cut to `limit` bytes.
  public static func privateValue<Value>(_ value: Value, limit: Int = defaultValueLimit)
    -> Logger.MetadataValue
  {
    .string(__ValueDescription.private(value, limit: limit))
  }

  /// `value` as log metadata, declared public (`__ValueDescription.public`), cut to `limit` bytes.
  public static func publicValue<Value>(_ value: Value, limit: Int = defaultValueLimit)
    -> Logger.MetadataValue
  {
    .string(__ValueDescription.public(value, limit: limit))
  }

  /// `value` as log metadata, written whole as `log(full)` asks (`__ValueDescription.full`), cut
  /// to `limit` bytes.
  public static func fullValue<Value>(_ value: Value, limit: Int = defaultValueLimit)
    -> Logger.MetadataValue
  {
    .string(__ValueDescription.full(value, limit: limit))
  }

}
