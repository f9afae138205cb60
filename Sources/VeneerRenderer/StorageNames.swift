import VeneerModel

/// The names of a decorator's own stored properties: what it wraps (`base`) and what each
/// built-in decorator declares it uses (`logger`, `tracker`, `cache`, …).
///
/// A protocol may have a requirement of the same name, as `var logger: Logger { get }`: the
/// decorator must implement that requirement, so its own storage takes a leading underscore
/// (`_logger`, then `__logger`), and the protocol's API is never renamed.
package struct StorageNames: Sendable, Equatable {
  /// Each name as declared (`base`, `logger`) and as the decorator spells it (`_logger`).
  private var spelt: [String: String]

  /// What the decorator wraps: `base`.
  package var base: String { spelt["base"]! }

  /// The property a built-in declares as `declared`: `self["cache"]` is `cache`, or `_cache`.
  package subscript(declared: String) -> String { spelt[declared]! }

  /// Every name a decorator may store, as declared: `base`, then each built-in's.
  static let declared = ["base"] + BuiltInDecorators.all.flatMap { $0.storage.map(\.name) }

  /// Names that no requirement without parameters takes: a property, or a method called
  /// `logger()`, would be a redeclaration.
  init(avoiding requirements: [Requirement]) {
    spelt = Dictionary(uniqueKeysWithValues: Self.declared.map { ($0, $0) })
    let taken = Set(
      requirements.lazy.filter { $0.parameters.isEmpty && $0.kind != .subscript }
        .map(\.bareName))
    guard !taken.isEmpty else { return }
    for name in Self.declared {
      while taken.contains(spelt[name]!) {
        spelt[name] = "_" + spelt[name]!
      }
    }
  }

  /// Every name, as spelt.
  var names: Set<String> { Set(spelt.values) }

  /// The same names as the body of a requirement reaches them: `self.logger` where one of its
  /// parameters is called `logger`.
  func reached(from parameters: [Parameter]) -> StorageNames {
    guard !parameters.isEmpty else { return self }
    let names = parameters.map(\.name.trimmingBackticks)
    var reached = self
    for (declared, name) in spelt where names.contains(name) {
      reached.spelt[declared] = "self." + name
    }
    return reached
  }
}
