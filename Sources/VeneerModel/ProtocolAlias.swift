/// A top-level `typealias` that stands for protocols, `typealias Storage = Reader & Writer`,
/// which protocols may inherit as if they named the protocols themselves.
package struct ProtocolAlias: Codable, Sendable, Hashable {
  package var name: String
  /// The names it stands for, in order: `["Reader", "Writer"]`.
  package var components: [String]
  /// The file that declares it: a protocol's decorators change when it does.
  package var file: String

  package init(name: String, components: [String], file: String) {
    self.name = name
    self.components = components
    self.file = file
  }
}
