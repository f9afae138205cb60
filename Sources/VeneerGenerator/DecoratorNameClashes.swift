import VeneerModel
import VeneerRenderer

/// Decorator names that protocols of the run already have: the Logging decorator of `System`
/// would be `LoggingSystem`, which may be a protocol of the module too. The renderer names such
/// a decorator otherwise (`ReservedTypeNames`), as it does one named as a library's type.
enum DecoratorNameClashes {
  /// `configuration`, with the decorator names of `work` that the top-level protocols of
  /// `protocols` have taken.
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
    guard !taken.isEmpty else { return configuration }
    var avoiding = configuration
    avoiding.render.takenTypeNames = taken
    return avoiding
  }
}
