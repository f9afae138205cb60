import VeneerModel
import VeneerParser
import VeneerSupport

/// Stage 3, the end of parse: the models of every input joined into the protocols to decorate,
/// with their inherited requirements, and the annotations and event map of `veneer.yml`
/// applied to them, Swift's and Objective-C's alike.
struct ResolvedCatalog {
  /// The protocols of the sources; those of reference sources only lent them requirements.
  var protocols: [ProtocolDecl]
  /// The protocols of the headers.
  var objectiveC: [ObjCProtocol]
  /// For each protocol, the files of the protocols it inherits from.
  var ancestorFiles: [[String]]
  /// The annotated protocols of reference sources: annotations Veneer honours only in the
  /// target that declares them.
  var annotatedReferences: [ProtocolDecl] = []
  var diagnostics: [Diagnostic]

  /// - Parameter keys: the annotation keys the sources were parsed with, which
  ///   `annotations:` in `veneer.yml` is checked against too.
  init(
    _ parsed: ParsedSources, references: Set<String>, _ configuration: Configuration,
    keys: AnnotationKeys, headers: ParsedHeaders, times: StageTimes?
  ) {
    let (catalog, ancestorFiles) = ProtocolParser.catalogWithAncestorFiles(
      parsed.parsed.map(\.parsed), times: times)
    // What reference sources say about themselves is their own modules' business.
    var diagnostics = catalog.diagnostics.filter { !references.contains($0.file) }
    var protocols = catalog.protocols
    self.ancestorFiles = ancestorFiles
    if !references.isEmpty {
      let kept = protocols.indices.filter { !references.contains(protocols[$0].location.file) }
      annotatedReferences = protocols.filter {
        !$0.annotations.isEmpty && references.contains($0.location.file)
      }
      protocols = kept.map { protocols[$0] }
      self.ancestorFiles = kept.map { ancestorFiles[$0] }
    }
    var objectiveC = headers.protocols
    diagnostics += headers.diagnostics
    diagnostics += AnnotationMap.apply(
      configuration.annotationMap, to: &protocols, keys: keys, objectiveC: &objectiveC,
      objectiveCKeys: headers.keys)
    diagnostics += EventMap.apply(configuration.eventMap, to: &protocols, objectiveC: &objectiveC)
    self.objectiveC = objectiveC
    if let actor = configuration.defaultIsolation {
      for index in protocols.indices
      where protocols[index].globalActor == nil && !protocols[index].isActorBound
        && !protocols[index].isDeclaredNonisolated
      {
        protocols[index].attributes.append(Attribute(name: actor))
      }
    }
    self.protocols = protocols
    self.diagnostics = diagnostics
  }
}
