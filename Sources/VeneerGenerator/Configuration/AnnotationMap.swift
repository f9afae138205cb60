import VeneerModel
import VeneerParser

/// `annotations:` of `veneer.yml` applied to the parsed protocols: each entry's text read as the
/// text of a `// veneer:` comment above what its key names, checked as the sources' annotations
/// are, and put before theirs so that it wins. A key that names nothing is an error at its line,
/// never an annotation dropped in silence. A key names a Swift protocol or requirement, or an
/// Objective-C `@protocol` or method by selector as the event map does; each language's with
/// its keys.
enum AnnotationMap {
  static func apply(
    _ entries: [AnnotationMapEntry], to protocols: inout [ProtocolDecl], keys: AnnotationKeys,
    objectiveC: inout [ObjCProtocol], objectiveCKeys: AnnotationKeys
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for entry in entries {
      let key = entry.target.value
      let location = entry.target.location ?? Self.start
      if let index = protocols.firstIndex(where: { $0.qualifiedName == key }) {
        let (annotations, problems) = read(entry, on: .protocol, keys: keys)
        diagnostics += problems
        protocols[index].annotations.insert(contentsOf: annotations, at: 0)
        continue
      }
      if let index = objectiveC.firstIndex(where: { $0.name == key }) {
        let (annotations, problems) = read(entry, on: .protocol, keys: objectiveCKeys)
        diagnostics += problems
        objectiveC[index].annotations.insert(contentsOf: annotations, at: 0)
        continue
      }
      guard let (protocolName, requirementName) = EventMap.split(key),
        let index = protocols.firstIndex(where: { $0.qualifiedName == protocolName })
      else {
        let protocolName = EventMap.split(key)?.0 ?? key
        if let index = objectiveC.firstIndex(where: { $0.name == protocolName }) {
          diagnostics += apply(
            entry, selector: String(key.dropFirst(protocolName.count + 1)), at: location,
            to: &objectiveC[index], keys: objectiveCKeys)
          continue
        }
        let hint = Spelling.suggestion(
          for: protocolName, among: protocols.map(\.qualifiedName) + objectiveC.map(\.name))
        diagnostics.append(
          Diagnostic(
            .error,
            "'annotations' names protocol '\(protocolName)', which is not declared in the "
              + "sources" + (hint.map { "; did you mean '\($0)'?" } ?? ""), at: location))
        continue
      }
      let matches = EventMap.requirements(named: requirementName, in: protocols[index])
      guard !matches.isEmpty else {
        // By name or by selector, as the key was written.
        let names = protocols[index].allRequirements.flatMap { [$0.bareName, $0.selector] }
        let hint = Spelling.suggestion(for: requirementName, among: names)
        diagnostics.append(
          Diagnostic(
            .error,
            "'annotations' names '\(requirementName)', which is not a requirement of "
              + "\(protocolName)" + (hint.map { "; did you mean '\($0)'?" } ?? ""), at: location))
        continue
      }
      var annotations: [Annotation] = []
      var problems: [Diagnostic] = []
      // Overloads named by their bare name are each checked: `public(id)` must name a
      // parameter of every one.
      for requirement in matches {
        let target: AnnotationKeys.Target =
          requirement.kind == .property ? .property : .callable(requirement.parameters)
        (annotations, problems) = read(entry, on: target, keys: keys, adding: problems)
      }
      diagnostics += problems
      for annotation in annotations.reversed() {
        EventMap.annotate(&protocols, with: annotation, declaredAt: Set(matches.map(\.location)))
      }
    }
    return diagnostics
  }

  /// An entry applied to the Objective-C method of `proto` that `selector` names.
  private static func apply(
    _ entry: AnnotationMapEntry, selector: String, at location: SourceLocation,
    to proto: inout ObjCProtocol, keys: AnnotationKeys
  ) -> [Diagnostic] {
    switch proto.method(named: selector, by: "'annotations'") {
    case .failure(let problem):
      return [Diagnostic(.error, problem.message, at: location)]
    case .success(let index):
      let method = proto.methods[index]
      let target = AnnotationKeys.Target.callable(
        method.parameters.map {
          Parameter(
            label: $0.selectorPiece, name: $0.name,
            type: TypeRef(
              text: $0.type.text, shape: .named(name: $0.type.text, genericArguments: [])))
        })
      let (annotations, problems) = read(entry, on: target, keys: keys)
      proto.methods[index].annotations.insert(contentsOf: annotations, at: 0)
      return problems
    }
  }

  /// Where a key without a position is reported: the file's start.
  private static let start = SourceLocation(file: "veneer.yml", line: 1, column: 1)

  /// The annotations an entry's text holds, located in `veneer.yml`, and what is wrong with them
  /// on `target`, after `earlier` problems (each said once).
  private static func read(
    _ entry: AnnotationMapEntry, on target: AnnotationKeys.Target, keys: AnnotationKeys,
    adding earlier: [Diagnostic] = []
  ) -> (annotations: [Annotation], diagnostics: [Diagnostic]) {
    let start = entry.text.location ?? Self.start
    let (annotations, problems) = DirectiveAnnotations.read(
      entry.text.value, on: target, keys: keys
    ) { offset in
      SourceLocation(file: start.file, line: start.line, column: start.column + offset)
    }
    return (annotations, earlier + problems.filter { !earlier.contains($0) })
  }
}
