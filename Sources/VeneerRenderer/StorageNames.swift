import VeneerModel

/// The names of a decorator's own stored properties: what it wraps (`base`) and what it uses
/// (`logger`, `tracker`, `cache`, …).
///
/// A protocol may have a requirement of the same name, as `var logger: Logger { get }`: the
/// decorator must implement that requirement, so its own storage takes a leading underscore
/// (`_logger`, then `__logger`), and the protocol's API is never renamed.
package struct StorageNames: Sendable, Equatable {
  package var base = "base"
  package var logger = "logger"
  package var level = "level"
  package var errorLevel = "errorLevel"
  package var tracker = "tracker"
  package var cache = "cache"
  package var hooks = "hooks"
  package var tracer = "tracer"
  package var spanKind = "spanKind"
  package var metrics = "metrics"

  private static var members: [WritableKeyPath<StorageNames, String>] {
    [
      \.base, \.logger, \.level, \.errorLevel, \.tracker, \.cache, \.hooks, \.tracer, \.spanKind,
      \.metrics,
    ]
  }

  /// Names that no requirement without parameters takes: a property, or a method called
  /// `logger()`, would be a redeclaration.
  init(avoiding requirements: [Requirement]) {
    let taken = Set(
      requirements.lazy.filter { $0.parameters.isEmpty && $0.kind != .subscript }
        .map(\.bareName))
    guard !taken.isEmpty else { return }
    for member in Self.members {
      while taken.contains(self[keyPath: member]) {
        self[keyPath: member] = "_" + self[keyPath: member]
      }
    }
  }

  /// Every name, as declared.
  var names: Set<String> { Set(Self.members.map { self[keyPath: $0] }) }

  /// The same names as the body of a requirement reaches them: `self.logger` where one of its
  /// parameters is called `logger`.
  func reached(from parameters: [Parameter]) -> StorageNames {
    guard !parameters.isEmpty else { return self }
    let names = parameters.map(\.name.trimmingBackticks)
    var reached = self
    for member in Self.members where names.contains(self[keyPath: member]) {
      reached[keyPath: member] = "self." + self[keyPath: member]
    }
    return reached
  }
}
