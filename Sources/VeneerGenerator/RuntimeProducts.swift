import VeneerModel
import VeneerRenderer

/// The runtime products a target must depend on for the decorators it gets: a target without
/// `VeneerTracing` failed at link time with mangled symbols, where the plugin knows the
/// target's dependencies and can say which product to add.
enum RuntimeProducts {
  /// An error for each of Veneer's products that a selected template imports and `target`
  /// does not depend on, at the first protocol that gets the template.
  static func missing(in work: [RenderWork], target: Configuration.Target) -> [Diagnostic] {
    var reported: Set<String> = []
    var diagnostics: [Diagnostic] = []
    for item in work {
      for template in item.templates {
        for module in template.imports.map(\.module)
        where BuiltInDecorators.runtimeModules.contains(module) && !target.modules.contains(module)
          && reported.insert(module).inserted
        {
          diagnostics.append(
            Diagnostic(
              .error,
              "\(item.proto.qualifiedName) gets \(template.source.name) decorators, which "
                + "import \(module), and \(target.name) does not depend on it: add "
                + ".product(name: \"\(module)\", package: \"veneer\") to its dependencies",
              at: item.proto.location))
        }
      }
    }
    return diagnostics
  }
}
