import Foundation
import VeneerModel

/// Protocols of the standard library and Foundation that users' protocols inherit, with their
/// requirements, those with default implementations included where the base's own would
/// otherwise be lost (`LocalizedError.errorDescription` would read the default `nil`). A
/// decorator forwards them like the user's own, or is skipped for the reason they give (an
/// initializer, a `Self` value).
enum StandardProtocols {
  /// Each declaration on its own, so that a run parses only those its sources inherit.
  static let declarations = [
    """
    public protocol Equatable {
      static func == (lhs: Self, rhs: Self) -> Bool
    }
    """,
    """
    public protocol Hashable: Equatable {
      func hash(into hasher: inout Hasher)
    }
    """,
    """
    public protocol Comparable: Equatable {
      static func < (lhs: Self, rhs: Self) -> Bool
    }
    """,
    """
    public protocol Identifiable<ID> {
      associatedtype ID: Hashable
      var id: ID { get }
    }
    """,
    """
    public protocol CustomStringConvertible {
      var description: String { get }
    }
    """,
    """
    public protocol CustomDebugStringConvertible {
      var debugDescription: String { get }
    }
    """,
    """
    public protocol LosslessStringConvertible: CustomStringConvertible {
      init?(_ description: String)
    }
    """,
    """
    public protocol TextOutputStreamable {
      func write<Target: TextOutputStream>(to target: inout Target)
    }
    """,
    """
    public protocol IteratorProtocol<Element> {
      associatedtype Element
      mutating func next() -> Element?
    }
    """,
    """
    public protocol Sequence<Element> {
      associatedtype Element
      associatedtype Iterator: IteratorProtocol
      func makeIterator() -> Iterator
    }
    """,
    """
    public protocol ContiguousBytes {
      func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
    }
    """,
    """
    public protocol Encodable {
      func encode(to encoder: any Encoder) throws
    }
    """,
    """
    public protocol Decodable {
      init(from decoder: any Decoder) throws
    }
    """,
    """
    public protocol Codable: Encodable, Decodable {}
    """,
    """
    public protocol Error: Sendable {}
    """,
    """
    public protocol LocalizedError: Error {
      var errorDescription: String? { get }
      var failureReason: String? { get }
      var recoverySuggestion: String? { get }
      var helpAnchor: String? { get }
    }
    """,
    """
    public protocol CustomNSError: Error {
      static var errorDomain: String { get }
      var errorCode: Int { get }
      var errorUserInfo: [String: Any] { get }
    }
    """,
    """
    public protocol RawRepresentable<RawValue> {
      associatedtype RawValue
      init?(rawValue: RawValue)
      var rawValue: RawValue { get }
    }
    """,
    """
    public protocol CaseIterable {
      static var allCases: [Self] { get }
    }
    """,
    """
    public protocol ExpressibleByNilLiteral {
      init(nilLiteral: ())
    }
    """,
    """
    public protocol ExpressibleByBooleanLiteral {
      init(booleanLiteral value: Bool)
    }
    """,
    """
    public protocol ExpressibleByIntegerLiteral {
      init(integerLiteral value: Int)
    }
    """,
    """
    public protocol ExpressibleByFloatLiteral {
      init(floatLiteral value: Double)
    }
    """,
    """
    public protocol ExpressibleByUnicodeScalarLiteral {
      init(unicodeScalarLiteral value: Unicode.Scalar)
    }
    """,
    """
    public protocol ExpressibleByExtendedGraphemeClusterLiteral: ExpressibleByUnicodeScalarLiteral {
      init(extendedGraphemeClusterLiteral value: Character)
    }
    """,
    """
    public protocol ExpressibleByStringLiteral: ExpressibleByExtendedGraphemeClusterLiteral {
      init(stringLiteral value: String)
    }
    """,
    """
    public protocol ExpressibleByStringInterpolation: ExpressibleByStringLiteral {
      init(stringInterpolation: DefaultStringInterpolation)
    }
    """,
    """
    public protocol ExpressibleByArrayLiteral {
      init(arrayLiteral elements: Any...)
    }
    """,
    """
    public protocol ExpressibleByDictionaryLiteral {
      init(dictionaryLiteral elements: (Any, Any)...)
    }
    """,
  ]

  /// The declarations above by protocol name, read from the text that follows
  /// `public protocol `; nothing is parsed until a protocol is asked for.
  private static let declarationsByName: [String: String] = Dictionary(
    uniqueKeysWithValues: declarations.map { declaration in
      let name = declaration.dropFirst("public protocol ".count)
        .prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      return (String(name), declaration)
    })

  private static let resolved = ResolvedProtocols()

  /// The protocol named `name`, with what it inherits from the others, or `nil` when it is not
  /// one of them. Only it and its ancestors are parsed, once per process: most names asked for
  /// are the sources' own protocols declared elsewhere, and parsing all of them took a one-file
  /// run 1.5 ms.
  static func named(_ name: String) -> ProtocolDecl? {
    guard declarationsByName[name] != nil else { return nil }
    return resolved.lookUp(name) {
      var parsed: [ProtocolDecl] = []
      var pending = [name]
      var seen: Set<String> = []
      while let next = pending.popLast() {
        guard seen.insert(next).inserted, let declaration = declarationsByName[next] else {
          continue
        }
        let protocols = ProtocolParser().parse(source: declaration, file: "<standard library>")
          .protocols
        parsed += protocols
        pending += protocols.flatMap(\.inheritedNames)
      }
      return InheritanceResolver.resolve(parsed)
    }
  }

  /// Protocols resolved so far, shared by every thread that resolves a catalog.
  private final class ResolvedProtocols: @unchecked Sendable {
    private let lock = NSLock()
    // Read and written only while holding `lock`.
    private var byName: [String: ProtocolDecl] = [:]

    /// The protocol resolved before, or else by `resolving`, which gives it with its ancestors.
    func lookUp(_ name: String, resolving: () -> [ProtocolDecl]) -> ProtocolDecl? {
      lock.lock()
      defer { lock.unlock() }
      if let known = byName[name] { return known }
      for proto in resolving() where byName[proto.name] == nil { byName[proto.name] = proto }
      return byName[name]
    }
  }
}
