extension BuiltInTemplates {
  /// Built-ins whose decorators import libraries an app may not have (swift-distributed-tracing,
  /// swift-metrics): an annotation (`// veneer: tracing`) or a template list asks for them,
  /// `--all` alone does not.
  package static let optInNames: Set<String> = ["tracing", "metrics"]

  /// Every built-in's name as users type it, for help and messages: `analytics, caching, …`.
  package static let typedNames = all.map { $0.name.lowercased() }.joined(separator: ", ")
}
