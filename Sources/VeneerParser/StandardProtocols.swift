import VeneerModel

/// Protocols of the standard library and Foundation that users' protocols inherit, with the
/// requirements a conforming type must implement (those with default implementations are left
/// out, as Swift does not ask for them). A decorator forwards them like the user's own, or is
/// skipped for the reason they give (an initializer, a `Self` value).
enum StandardProtocols {
  static let source = """
    public protocol Equatable {
      static func == (lhs: Self, rhs: Self) -> Bool
    }
    public protocol Hashable: Equatable {
      func hash(into hasher: inout Hasher)
    }
    public protocol Comparable: Equatable {
      static func < (lhs: Self, rhs: Self) -> Bool
    }
    public protocol Identifiable<ID> {
      associatedtype ID: Hashable
      var id: ID { get }
    }
    public protocol CustomStringConvertible {
      var description: String { get }
    }
    public protocol CustomDebugStringConvertible {
      var debugDescription: String { get }
    }
    public protocol LosslessStringConvertible: CustomStringConvertible {
      init?(_ description: String)
    }
    public protocol TextOutputStreamable {
      func write<Target: TextOutputStream>(to target: inout Target)
    }
    public protocol IteratorProtocol<Element> {
      associatedtype Element
      mutating func next() -> Element?
    }
    public protocol Sequence<Element> {
      associatedtype Element
      associatedtype Iterator: IteratorProtocol
      func makeIterator() -> Iterator
    }
    public protocol ContiguousBytes {
      func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
    }
    public protocol Encodable {
      func encode(to encoder: any Encoder) throws
    }
    public protocol Decodable {
      init(from decoder: any Decoder) throws
    }
    public protocol Codable: Encodable, Decodable {}
    public protocol Error {}
    public protocol LocalizedError: Error {}
    public protocol CustomNSError: Error {}
    public protocol RawRepresentable<RawValue> {
      associatedtype RawValue
      init?(rawValue: RawValue)
      var rawValue: RawValue { get }
    }
    public protocol CaseIterable {
      static var allCases: [Self] { get }
    }
    public protocol ExpressibleByNilLiteral {
      init(nilLiteral: ())
    }
    public protocol ExpressibleByBooleanLiteral {
      init(booleanLiteral value: Bool)
    }
    public protocol ExpressibleByIntegerLiteral {
      init(integerLiteral value: Int)
    }
    public protocol ExpressibleByFloatLiteral {
      init(floatLiteral value: Double)
    }
    public protocol ExpressibleByUnicodeScalarLiteral {
      init(unicodeScalarLiteral value: Unicode.Scalar)
    }
    public protocol ExpressibleByExtendedGraphemeClusterLiteral: ExpressibleByUnicodeScalarLiteral {
      init(extendedGraphemeClusterLiteral value: Character)
    }
    public protocol ExpressibleByStringLiteral: ExpressibleByExtendedGraphemeClusterLiteral {
      init(stringLiteral value: String)
    }
    public protocol ExpressibleByStringInterpolation: ExpressibleByStringLiteral {
      init(stringInterpolation: DefaultStringInterpolation)
    }
    public protocol ExpressibleByArrayLiteral {
      init(arrayLiteral elements: Any...)
    }
    public protocol ExpressibleByDictionaryLiteral {
      init(dictionaryLiteral elements: (Any, Any)...)
    }
    """

  /// The protocols above by name, each with what it inherits from the others.
  static let byName: [String: ProtocolDecl] = {
    let parsed = ProtocolParser().parse(source: source, file: "<standard library>")
    let resolved = InheritanceResolver.resolve(parsed.protocols)
    return Dictionary(uniqueKeysWithValues: resolved.map { ($0.name, $0) })
  }()
}
