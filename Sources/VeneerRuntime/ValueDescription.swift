import Foundation

/// How a value leaves the process through a decorator — in a log record, an analytics property,
/// a span attribute or a cache key's description: private unless the user declared otherwise.
///
/// - **Private**, the default whatever the value is called: numbers, `Bool`, enum cases without
///   a payload and collections of numbers by value; bytes (`Data`, `[UInt8]`) as their count; a
///   string, `URL`, `UUID` or `Date` as `<private>`; any other collection as its type and count, any other value as its type
///   alone (`Session(…)`, `Credential.password(…)`).
/// - **Public**, for a value the user declared (`public(name)`, or named in
///   `analytics(properties:)` or `tracing(attributes:)`): text, identifiers and dates by value
///   too, and collections of them; a struct, class, tuple, dictionary or enum payload still as
///   its type, since what it holds was not declared with it.
/// - **Full**, for `log(full)`: `String(describing:)`.
///
/// A type that adopts `CustomLogStringConvertible` is written as its `logDescription` in every
/// form: its author declared what may be shown.
///
/// Generated code's, not an API for users: it changes with the templates.
public enum __ValueDescription {
  /// What a private string, and any other text, bytes, identifier or date, is written as.
  public static let privateText = "<private>"

  /// How many bytes of a value's UTF-8 any destination gets by default, before `…` and the
  /// count of those left out: a 10 MB value must not become a 10 MB log line, span attribute or
  /// analytics property.
  public static let defaultLimit = 1_024

  /// `value` in the private form, cut to `limit` bytes.
  public static func `private`<Value>(_ value: Value, limit: Int = defaultLimit) -> String {
    cut(describe(value, form: .private, limit: limit), to: limit)
  }

  /// `value` in the public form, cut to `limit` bytes.
  public static func `public`<Value>(_ value: Value, limit: Int = defaultLimit) -> String {
    cut(describe(value, form: .public, limit: limit), to: limit)
  }

  /// `value` whole, as `log(full)` asks: its `logDescription`, else `String(describing:)`, an
  /// optional as what it holds, a collection element by element; cut to `limit` bytes, and a
  /// URL's password always `<redacted>`.
  public static func full<Value>(_ value: Value, limit: Int = defaultLimit) -> String {
    cut(describe(value, form: .full, limit: limit), to: limit)
  }

  /// Text declared public, as a destination that takes text writes it (a span attribute): a
  /// URL's password `<redacted>`, cut to `limit` bytes, without asking what the value is.
  public static func publicText(_ text: String, limit: Int = defaultLimit) -> String {
    cut(withoutPassword(text), to: limit)
  }

  /// A thrown error: its `logDescription` when its type has one, else its type and case
  /// (`LoginError.rejected(…)`), never its message, which may quote what it was called with.
  public static func error(_ error: any Error) -> String {
    (error as? any CustomLogStringConvertible)?.logDescription ?? shape(of: error)
  }

  /// How much of a value is written.
  enum Form {
    case `private`
    case `public`
    case full
  }

  /// `value` in `form`; a collection stops being written once its text passes `limit`, so a
  /// large one costs what a small one does.
  static func describe(_ value: Any, form: Form, limit: Int) -> String {
    if let custom = value as? any CustomLogStringConvertible { return custom.logDescription }
    if let optional = value as? any OptionalValue {
      guard let wrapped = optional.wrappedValue else { return "nil" }
      return describe(wrapped, form: form, limit: limit)
    }
    if let number = numberText(value) { return number }
    // Bytes are their count in every form, as in any collection of them.
    if let data = value as? Data { return "\(data.count) bytes" }
    if let text = text(of: value) { return form == .private ? privateText : withoutPassword(text) }
    if let collection = value as? any DescribedCollection {
      return collection.describedElements(form: form, limit: limit)
    }
    return form == .full ? withoutPassword(String(describing: value)) : shape(of: value)
  }

  /// `text`, or as many of its first `limit` UTF-8 bytes as end a Unicode scalar, and the count
  /// of bytes left out. Bytes, not characters: one character may carry any number of combining
  /// marks.
  static func cut(_ text: String, to limit: Int) -> String {
    let bytes = text.utf8
    guard bytes.count > limit else { return text }
    var end = bytes.index(bytes.startIndex, offsetBy: max(limit, 0))
    // Back to the start of the scalar the limit falls in: continuation bytes are 0b10xxxxxx.
    while end > bytes.startIndex, bytes[end] & 0xC0 == 0x80 { end = bytes.index(before: end) }
    let kept = String(text.unicodeScalars[..<end])
    return "\(kept)… (\(bytes.count - kept.utf8.count) more bytes)"
  }

  /// The text of a number or flag, which is written by value; `nil` for any other value.
  static func numberText(_ value: Any) -> String? {
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
    case let value as Decimal: value.description
    default: nil
    }
  }

  /// The text of a value a user typed or a server sent: a string, an address, an identifier, a
  /// moment or bytes (their count); `nil` for any other value.
  static func text(of value: Any) -> String? {
    switch value {
    case let value as String: value
    case let value as Substring: String(value)
    case let value as Character: String(value)
    case let value as URL: value.absoluteString
    case let value as UUID: value.uuidString
    case let value as Date: String(describing: value)
    case let value as Data: "\(value.count) bytes"
    default: nil
    }
  }

  /// `text` with the password of each URL in it (`https://user:password@host`) as `<redacted>`:
  /// a field named for a secret, whoever declared the text public.
  static func withoutPassword(_ text: String) -> String {
    guard text.utf8.count > 3, text.contains("://") else { return text }
    var result = ""
    var rest = text[...]
    while let scheme = rest.range(of: "://") {
      result += rest[..<scheme.upperBound]
      rest = rest[scheme.upperBound...]
      let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && !$0.isWhitespace }
      if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
        result += rest[...colon] + "<redacted>"
        rest = rest[at...]
      }
    }
    return result + rest
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

/// A collection written element by element when each element is a number (or, in the public
/// form, text), and otherwise as its type and size: one element may not say what the others
/// do. Bytes, in any collection, are written as their count, as `Data` is: they may be a key,
/// a file or a message. Writing stops once the text passes the limit it will be cut to.
private protocol DescribedCollection {
  func describedElements(form: __ValueDescription.Form, limit: Int) -> String
}

extension DescribedCollection where Self: Collection {
  fileprivate func describedElements(form: __ValueDescription.Form, limit: Int) -> String {
    if Element.self == UInt8.self || Element.self == Int8.self { return "\(count) bytes" }
    var text = "["
    var written = 0
    for element in self {
      let described: String
      if form == .full {
        described = __ValueDescription.describe(element, form: .full, limit: limit)
      } else if let number = __ValueDescription.numberText(element) {
        described = number
      } else if form == .public, let elementText = __ValueDescription.text(of: element) {
        described = __ValueDescription.withoutPassword(elementText)
      } else {
        return "\(type(of: self)) (\(count) elements)"
      }
      text += (written == 0 ? "" : ", ") + described
      written += 1
      if text.utf8.count > limit { return text + ", … (\(count) elements)" }
    }
    return text + "]"
  }
}

extension Array: DescribedCollection {}
extension ArraySlice: DescribedCollection {}
extension ContiguousArray: DescribedCollection {}
extension Set: DescribedCollection {}

extension Dictionary: DescribedCollection {
  /// Keys may name what the values are (`Authorization`): neither is written, but whole.
  fileprivate func describedElements(form: __ValueDescription.Form, limit: Int) -> String {
    form == .full
      ? __ValueDescription.withoutPassword(String(describing: self))
      : "\(type(of: self)) (\(count) entries)"
  }
}
