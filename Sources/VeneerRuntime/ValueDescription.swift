import Foundation

/// How a value leaves the process through a decorator — in a log record, an analytics property
/// or a span attribute — by an allow-list of forms that cannot carry a secret:
///
/// - numbers, `Bool`, `UUID`, `Date` and `Decimal` by value;
/// - a string (`String`, `Substring`, `Character`) by value only where the decorator's code hands
///   one over whole, as an argument or result whose name Veneer found harmless; inside any other
///   value it is never shown;
/// - arrays and sets of numbers, flags, identifiers and dates by value, other collections as
///   their type and element count;
/// - an enum case without a payload as `Type.case`; with a payload as `Type.case(…)`;
/// - every other value (a struct, class, tuple, dictionary, error) as its type alone:
///   `Session(…)`.
///
/// A type that adopts `CustomLogStringConvertible` is written as its `logDescription` instead,
/// everywhere; `// veneer: log(full)` writes a requirement's values as `String(describing:)`.
///
/// Generated code's, not an API for users: it changes with the templates.
@_spi(Generated)
public enum ValueDescription {
  /// `value` as the allow-list above writes it, a string by value: for arguments and results
  /// whose names Veneer found harmless.
  public static func safe<Value>(_ value: Value) -> String {
    describe(value, showsStrings: true)
  }

  /// `value` written in full, as the user asked with `log(full)`: its `logDescription`, else
  /// `String(describing:)`.
  public static func full<Value>(_ value: Value) -> String {
    (value as? any CustomLogStringConvertible)?.logDescription ?? String(describing: value)
  }

  /// A thrown error: its `logDescription` when its type has one, else its type and case
  /// (`LoginError.rejected(…)`), never its message, which may quote what it was called with.
  public static func error(_ error: any Error) -> String {
    (error as? any CustomLogStringConvertible)?.logDescription ?? shape(of: error)
  }

  /// `value` by the allow-list; a string by value only when `showsStrings`.
  static func describe(_ value: Any, showsStrings: Bool) -> String {
    if let custom = value as? any CustomLogStringConvertible { return custom.logDescription }
    if let optional = value as? any OptionalValue {
      guard let wrapped = optional.wrappedValue else { return "nil" }
      return describe(wrapped, showsStrings: showsStrings)
    }
    if let scalar = scalarText(value) { return scalar }
    if showsStrings, let text = stringText(value) { return text }
    if let collection = value as? any DescribedCollection { return collection.loggedDescription }
    return shape(of: value)
  }

  /// The text of a value that cannot hold a secret, or `nil`.
  static func scalarText(_ value: Any) -> String? {
    switch value {
    case let value as Bool: value ? "true" : "false"
    case let value as Int: String(value)
    case let value as Double: String(value)
    case let value as Int64: String(value)
    case let value as UInt64: String(value)
    case let value as Int32: String(value)
    case let value as UInt32: String(value)
    case let value as Int16: String(value)
    case let value as UInt16: String(value)
    case let value as Int8: String(value)
    case let value as UInt8: String(value)
    case let value as UInt: String(value)
    case let value as Float: String(value)
    case let value as UUID: value.uuidString
    case let value as Date: String(describing: value)
    case let value as Decimal: value.description
    default: nil
    }
  }

  static func stringText(_ value: Any) -> String? {
    switch value {
    case let value as String: value
    case let value as Substring: String(value)
    case let value as Character: String(value)
    default: nil
    }
  }

  /// A value's type, and an enum's case: what can be said of it without its contents.
  static func shape(of value: Any) -> String {
    let typeName = String(describing: type(of: value))
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .enum?:
      guard let caseName = enumCaseName(value) else { return "\(typeName)(…)" }
      return mirror.children.isEmpty ? "\(typeName).\(caseName)" : "\(typeName).\(caseName)(…)"
    case .tuple?:
      return typeName
    default:
      return mirror.children.isEmpty ? typeName : "\(typeName)(…)"
    }
  }

  /// The name of an enum value's case, read from the runtime's metadata rather than from
  /// `description`, which the type may write as it likes.
  private static func enumCaseName<Value>(_ value: Value) -> String? {
    veneerEnumCaseName(value).map { String(cString: $0) }
  }
}

/// The Swift runtime's name of an enum value's case (what `print` uses for an enum without a
/// description of its own); `nil` for a value of any other kind.
@_silgen_name("swift_EnumCaseName")
private func veneerEnumCaseName<Value>(_ value: Value) -> UnsafePointer<CChar>?

/// An optional of any wrapped type, unwrapped one level at a time.
private protocol OptionalValue {
  var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
  fileprivate var wrappedValue: Any? { map { $0 as Any } }
}

/// A collection written by value when every element is a number, flag, identifier or date, and
/// otherwise as its type and size.
private protocol DescribedCollection {
  var loggedDescription: String { get }
}

extension DescribedCollection where Self: Collection {
  fileprivate var loggedDescription: String {
    var texts: [String] = []
    for element in self {
      guard let text = ValueDescription.scalarText(element) else {
        return "\(type(of: self)) (\(count) elements)"
      }
      texts.append(text)
    }
    return "[\(texts.joined(separator: ", "))]"
  }
}

extension Array: DescribedCollection {}
extension ArraySlice: DescribedCollection {}
extension ContiguousArray: DescribedCollection {}
extension Set: DescribedCollection {}

extension Dictionary: DescribedCollection {
  /// Keys may name what the values are (`Authorization`): neither is written.
  fileprivate var loggedDescription: String { "\(type(of: self)) (\(count) entries)" }
}
