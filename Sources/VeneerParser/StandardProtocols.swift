import Foundation
import VeneerModel

/// Protocols of the standard library and Foundation that users' protocols inherit, with their
/// requirements, those with default implementations included where the base's own would
/// otherwise be lost (`LocalizedError.errorDescription` would read the default `nil`). A
/// decorator forwards them like the user's own, or is skipped for the reason they give (an
/// initializer, a `Self` value).
enum StandardProtocols {
  /// Each declaration on its own, so that a run parses only those its sources inherit: the
  /// standard library's from its interface (`Scripts/standard-protocols`), and those that have
  /// none to read here: Foundation's (swift-corelibs-foundation ships no interface) and
  /// `Codable`, a type alias in the standard library.
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
      // Observation's, with no requirement: a decorator of an observable model conforms too,
      // and reads go through to the base, whose observation sees them.
      """
      public protocol Observable {}
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
  /// are the sources' own protocols declared elsewhere.
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
    /// Resolved without the lock, so that threads resolving a catalog's families parse
    /// different protocols at once; two threads that resolve the same one get the same result.
    func lookUp(_ name: String, resolving: () -> [ProtocolDecl]) -> ProtocolDecl? {
      if let known = lock.withLock({ byName[name] }) { return known }
      let resolved = resolving()
      return lock.withLock {
        for proto in resolved where byName[proto.name] == nil { byName[proto.name] = proto }
        return byName[name]
      }
    }
  }
}
