import VeneerModel

/// Protocols of the standard library and Foundation that users' protocols inherit, with their
/// requirements, those with default implementations included where the base's own would
/// otherwise be lost (`LocalizedError.errorDescription` would read the default `nil`). A
/// decorator forwards them like the user's own, or is skipped for the reason they give (an
/// initializer, a `Self` value).
enum StandardProtocols {
  /// One declaration each: the standard library's from its interface
  /// (`Scripts/standard-protocols`), and those that have none to read here: Foundation's
  /// (swift-corelibs-foundation ships no interface) and `Codable`, a type alias in the standard
  /// library.
  static let declarations =
    standardLibraryDeclarations + [
      """
      public protocol ContiguousBytes {
        func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
      }
      """,
      """
      public protocol Codable: Encodable, Decodable {}
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
    ]

  /// Every one of them, resolved, from one parse of all their declarations the first time one
  /// is asked for: one parse of them all costs less than a parse of each that a run inherits.
  private static let resolved: [String: ProtocolDecl] = Dictionary(
    InheritanceResolver.resolve(
      ProtocolParser().parse(
        source: declarations.joined(separator: "\n"), file: "<standard library>"
      ).protocols
    ).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// The protocol named `name`, with what it inherits from the others, or `nil` when it is not
  /// one of them.
  static func named(_ name: String) -> ProtocolDecl? { resolved[name] }
}
