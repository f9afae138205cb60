import VeneerModel
import VeneerRenderer

/// Names of the run that clash with those generated code uses: decorator names that protocols
/// already have (the Logging decorator of `System` would be `LoggingSystem`, which may be a
/// protocol of the module too), which the renderer avoids (`ReservedTypeNames`) as it does a
/// library's type's; and libraries' module names that protocols have (FlyingSocks' `Logging`),
/// under which decorators name the libraries' declarations unqualified.
enum DecoratorNameClashes {
  /// `configuration`, with the decorator names of `work` that the top-level protocols of
  /// `protocols` have taken, and the library modules they shadow.
  static func avoiding(
    _ configuration: Configuration, work: [RenderWork], protocols: [ProtocolDecl]
  ) -> Configuration {
    let protocolNames = Set(
      protocols.lazy.filter(\.enclosingTypes.isEmpty).map(\.name.trimmingBackticks))
    var taken: Set<String> = []
    for item in work {
      let suffix = ProtocolPlan.decoratorSuffix(of: item.proto)
      for template in item.templates {
        let name = configuration.render.patternName(
          template: template.source.name, protocolSuffix: suffix)
        if protocolNames.contains(name) { taken.insert(name) }
      }
    }
    let shadowed = BuiltInDecorators.libraryModules.intersection(protocolNames)
    guard !taken.isEmpty || !shadowed.isEmpty else { return configuration }
    var avoiding = configuration
    avoiding.render.takenTypeNames = taken
    avoiding.render.shadowedModules = shadowed
    return avoiding
  }
}
