import VeneerModel
import VeneerParser

/// `annotations:` of `veneer.yml` applied to the parsed protocols: each entry's text read as the
/// text of a `// veneer:` comment above what its key names, checked as the sources' annotations
/// are, and put before theirs so that it wins. A key that names nothing is an error at its line,
/// never an annotation dropped in silence.
enum AnnotationMap {
  /// Entries naming one of `objectiveCProtocols` are left to the Objective-C run.
  static func apply(
    _ entries: [AnnotationMapEntry], to protocols: inout [ProtocolDecl], keys: AnnotationKeys,
    objectiveCProtocols: Set<String> = []
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
      if objectiveCProtocols.contains(key) { continue }
      guard let (protocolName, requirementName) = EventMap.split(key),
        let index = protocols.firstIndex(where: { $0.qualifiedName == protocolName })
      else {
        let protocolName = EventMap.split(key)?.0 ?? key
        if objectiveCProtocols.contains(protocolName) { continue }
        let hint = Spelling.suggestion(for: protocolName, among: protocols.map(\.qualifiedName))
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

  /// The same for Objective-C protocols: a key names a `@protocol`, or one of its methods by
  /// selector as the event map does.
  static func apply(
    _ entries: [AnnotationMapEntry], to protocols: inout [ObjCProtocol], keys: AnnotationKeys
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for entry in entries {
      let key = entry.target.value
      let location = entry.target.location ?? Self.start
      if let index = protocols.firstIndex(where: { $0.name == key }) {
        let (annotations, problems) = read(entry, on: .protocol, keys: keys)
        diagnostics += problems
        protocols[index].annotations.insert(contentsOf: annotations, at: 0)
        continue
      }
      // Swift's run reports keys that name neither language's protocols.
      guard let dot = key.firstIndex(of: "."),
        let index = protocols.firstIndex(where: { $0.name == key[..<dot] })
      else { continue }
      let selector = String(key[key.index(after: dot)...])
      switch ObjCEventMap.method(selector, in: protocols[index], named: "'annotations'") {
      case .failure(let problem):
        diagnostics.append(Diagnostic(.error, problem.message, at: location))
      case .success(let methodIndex):
        let method = protocols[index].methods[methodIndex]
        let target = AnnotationKeys.Target.callable(
          method.parameters.map {
            Parameter(
              label: $0.selectorPiece, name: $0.name,
              type: TypeRef(
                text: $0.type.text, shape: .named(name: $0.type.text, genericArguments: [])))
          })
        let (annotations, problems) = read(entry, on: target, keys: keys)
        diagnostics += problems
        protocols[index].methods[methodIndex].annotations.insert(contentsOf: annotations, at: 0)
      }
    }
    return diagnostics
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
