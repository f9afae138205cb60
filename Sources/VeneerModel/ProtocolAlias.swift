/// A top-level `typealias` that stands for protocols, `typealias Storage = Reader & Writer`,
/// which protocols may inherit as if they named the protocols themselves.
public struct ProtocolAlias: Codable, Sendable, Hashable {
  public var name: String
  /// The names it stands for, in order: `["Reader", "Writer"]`.
  public var components: [String]
  /// The file that declares it: a protocol's decorators change when it does.
  public var file: String

  public init(name: String, components: [String], file: String) {
    self.name = name
    self.components = components
    self.file = file
  }
}
