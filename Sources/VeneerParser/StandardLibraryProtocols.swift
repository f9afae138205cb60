// Written by Scripts/standard-protocols from the toolchain's Swift.swiftinterface; do not
// edit. `swift --version`: Swift version 6.3.1

extension StandardProtocols {
  /// Standard library protocols, one declaration each, with their public requirements.
  static let standardLibraryDeclarations = [
    """
    public protocol Equatable {
      static func == (lhs: Self, rhs: Self) -> Swift.Bool
    }
    """,
    """
    public protocol Hashable : Swift.Equatable {
      func hash(into hasher: inout Swift.Hasher)
    }
    """,
    """
    public protocol Comparable : Swift.Equatable {
      static func < (lhs: Self, rhs: Self) -> Swift.Bool
      static func <= (lhs: Self, rhs: Self) -> Swift.Bool
      static func >= (lhs: Self, rhs: Self) -> Swift.Bool
      static func > (lhs: Self, rhs: Self) -> Swift.Bool
    }
    """,
    """
    public protocol Identifiable<ID> {
      associatedtype ID : Swift.Hashable
      var id: Self.ID { get }
    }
    """,
    """
    public protocol CustomStringConvertible {
      var description: Swift.String { get }
    }
    """,
    """
    public protocol CustomDebugStringConvertible {
      var debugDescription: Swift.String { get }
    }
    """,
    """
    public protocol LosslessStringConvertible : Swift.CustomStringConvertible {
      init?(_ description: Swift.String)
    }
    """,
    """
    public protocol TextOutputStreamable {
      func write<Target>(to target: inout Target) where Target : Swift.TextOutputStream
    }
    """,
    """
    public protocol CustomReflectable {
      var customMirror: Swift.Mirror { get }
    }
    """,
    """
    public protocol IteratorProtocol<Element> {
      associatedtype Element
      mutating func next() -> Self.Element?
    }
    """,
    """
    public protocol Sequence<Element> {
      associatedtype Element where Self.Element == Self.Iterator.Element
      associatedtype Iterator : Swift.IteratorProtocol
      func makeIterator() -> Self.Iterator
      var underestimatedCount: Swift.Int { get }
      func withContiguousStorageIfAvailable<R>(_ body: (_ buffer: Swift.UnsafeBufferPointer<Self.Element>) throws -> R) rethrows -> R?
    }
    """,
    """
    public protocol Encodable {
      func encode(to encoder: any Swift.Encoder) throws
    }
    """,
    """
    public protocol Decodable {
      init(from decoder: any Swift.Decoder) throws
    }
    """,
    """
    public protocol Error : Swift.Sendable {
    }
    """,
    """
    public protocol RawRepresentable<RawValue> {
      associatedtype RawValue
      init?(rawValue: Self.RawValue)
      var rawValue: Self.RawValue { get }
    }
    """,
    """
    public protocol CaseIterable {
      associatedtype AllCases : Swift.Collection = [Self] where Self == Self.AllCases.Element
      static var allCases: Self.AllCases { get }
    }
    """,
    """
    public protocol ExpressibleByNilLiteral : ~Copyable, ~Escapable {
      init(nilLiteral: ())
    }
    """,
    """
    public protocol ExpressibleByBooleanLiteral {
      associatedtype BooleanLiteralType : Swift._ExpressibleByBuiltinBooleanLiteral
      init(booleanLiteral value: Self.BooleanLiteralType)
    }
    """,
    """
    public protocol ExpressibleByIntegerLiteral {
      associatedtype IntegerLiteralType : Swift._ExpressibleByBuiltinIntegerLiteral
      init(integerLiteral value: Self.IntegerLiteralType)
    }
    """,
    """
    public protocol ExpressibleByFloatLiteral {
      associatedtype FloatLiteralType : Swift._ExpressibleByBuiltinFloatLiteral
      init(floatLiteral value: Self.FloatLiteralType)
    }
    """,
    """
    public protocol ExpressibleByUnicodeScalarLiteral {
      associatedtype UnicodeScalarLiteralType : Swift._ExpressibleByBuiltinUnicodeScalarLiteral
      init(unicodeScalarLiteral value: Self.UnicodeScalarLiteralType)
    }
    """,
    """
    public protocol ExpressibleByExtendedGraphemeClusterLiteral : Swift.ExpressibleByUnicodeScalarLiteral {
      associatedtype ExtendedGraphemeClusterLiteralType : Swift._ExpressibleByBuiltinExtendedGraphemeClusterLiteral
      init(extendedGraphemeClusterLiteral value: Self.ExtendedGraphemeClusterLiteralType)
    }
    """,
    """
    public protocol ExpressibleByStringLiteral : Swift.ExpressibleByExtendedGraphemeClusterLiteral {
      associatedtype StringLiteralType : Swift._ExpressibleByBuiltinStringLiteral
      init(stringLiteral value: Self.StringLiteralType)
    }
    """,
    """
    public protocol ExpressibleByStringInterpolation : Swift.ExpressibleByStringLiteral {
      associatedtype StringInterpolation : Swift.StringInterpolationProtocol = Swift.DefaultStringInterpolation where Self.StringLiteralType == Self.StringInterpolation.StringLiteralType
      init(stringInterpolation: Self.StringInterpolation)
    }
    """,
    """
    public protocol ExpressibleByArrayLiteral {
      associatedtype ArrayLiteralElement
      init(arrayLiteral elements: Self.ArrayLiteralElement...)
    }
    """,
    """
    public protocol ExpressibleByDictionaryLiteral {
      associatedtype Key
      associatedtype Value
      init(dictionaryLiteral elements: (Self.Key, Self.Value)...)
    }
    """,
  ]
}
