import VeneerModel

/// The names of a decorator's own stored properties: what it wraps (`base`) and what each
/// built-in decorator declares it uses (`logger`, `tracker`, `cache`, …).
///
/// A protocol may have a requirement of the same name, as `var logger: Logger { get }`: the
/// decorator must implement that requirement, so its own storage takes a leading underscore
/// (`_logger`, then `__logger`), and the protocol's API is never renamed.
package struct StorageNames: Sendable, Equatable {
  /// Each name as the decorator spells it (`_logger`), in the order of `declared`: templates
  /// read one by its position, with no hashing.
  private var spelt: [String]

  /// What the decorator wraps: `base`.
  package var base: String { spelt[0] }

  /// The property a built-in declares as `declared`: `self["cache"]` is `cache`, or `_cache`.
  package subscript(declared: String) -> String { spelt[Self.positions[declared]!] }

  /// The name declared at `position` of `declared`, as spelt.
  func spelling(at position: Int) -> String { spelt[position] }

  /// Every name a decorator may store, as declared: `base`, then each built-in's, once each;
  /// a name two built-ins declare is each one's own property, spelt alike.
  static let declared: [String] = {
    var seen: Set<String> = []
    return (["base"] + BuiltInDecorators.all.flatMap { $0.storage.map(\.name) }).filter {
      seen.insert($0).inserted
    }
  }()
  private static let positions = Dictionary(
    uniqueKeysWithValues: declared.enumerated().map { ($1, $0) })

  /// Names that no requirement without parameters takes: a property, or a method called
  /// `logger()`, would be a redeclaration.
  init(avoiding requirements: [Requirement]) {
    spelt = Self.declared
    let taken = Set(
      requirements.lazy.filter { $0.parameters.isEmpty && $0.kind != .subscript }
        .map(\.bareName))
    guard !taken.isEmpty else { return }
    for position in spelt.indices {
      while taken.contains(spelt[position]) {
        spelt[position] = "_" + spelt[position]
      }
    }
  }

  /// Every name, as spelt.
  var names: Set<String> { Set(spelt) }

  /// The same names as the body of a requirement reaches them: `self.logger` where one of its
  /// parameters is called `logger`.
  func reached(from parameters: [Parameter]) -> StorageNames {
    guard !parameters.isEmpty else { return self }
    let names = parameters.map(\.name.trimmingBackticks)
    var reached = self
    for position in spelt.indices where names.contains(spelt[position]) {
      reached.spelt[position] = "self." + spelt[position]
    }
    return reached
  }
}
