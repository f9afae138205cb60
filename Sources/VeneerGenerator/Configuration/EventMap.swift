import VeneerModel

/// Checks the analytics event map against the parsed protocols of both languages and turns its
/// entries into annotations, located in `veneer.yml`, that the analytics decorator then
/// follows. A key names a Swift requirement by name or selector, an Objective-C method by
/// selector (`ObjCProtocol.method(named:)`).
enum EventMap {
  static func apply(
    _ entries: [EventMapEntry], to protocols: inout [ProtocolDecl],
    objectiveC: inout [ObjCProtocol]
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for entry in entries {
      let key = entry.requirement
      let location = key.location ?? SourceLocation(file: "veneer.yml", line: 1, column: 1)
      guard let (protocolName, requirementName) = split(key.value) else {
        diagnostics.append(
          Diagnostic(
            .error, "event map key '\(key.value)' must be 'Protocol.method'",
            at: location))
        continue
      }
      guard let protoIndex = protocols.firstIndex(where: { $0.qualifiedName == protocolName })
      else {
        if let index = objectiveC.firstIndex(where: { $0.name == protocolName }) {
          diagnostics += apply(
            entry, selector: requirementName, at: location, to: &objectiveC[index])
          continue
        }
        let hint = Spelling.suggestion(
          for: protocolName, among: protocols.map(\.qualifiedName) + objectiveC.map(\.name))
        diagnostics.append(
          Diagnostic(
            .error,
            "event map names protocol '\(protocolName)', which is not declared in the sources"
              + (hint.map { "; did you mean '\($0)'?" } ?? ""), at: location))
        continue
      }
      let proto = protocols[protoIndex]
      let matches = requirements(named: requirementName, in: proto)
      guard !matches.isEmpty else {
        let methods = proto.allRequirements.filter { $0.kind == .method }
        let hint = Spelling.suggestion(for: requirementName, among: methods.map(\.bareName))
        let listed = methods.prefix(8).map(\.selector).joined(separator: ", ")
        diagnostics.append(
          Diagnostic(
            .error,
            "event map names '\(requirementName)', which is not a requirement of "
              + "\(protocolName)"
              + (hint.map { "; did you mean '\($0)'?" }
                ?? (methods.isEmpty
                  ? "; it has no methods to track"
                  : "; its methods: \(listed)\(methods.count > 8 ? ", …" : "")")),
            at: location))
        continue
      }
      if let nonMethod = matches.first(where: { $0.kind != .method }) {
        diagnostics.append(
          Diagnostic(
            .error,
            "event map names \(protocolName).\(nonMethod.selector), which is a "
              + "\(nonMethod.kind.rawValue); only method calls are tracked", at: location))
        continue
      }
      let problems = matches.flatMap { requirement in
        unknownProperties(
          of: entry, at: location, in: "\(protocolName).\(requirement.selector)",
          names: requirement.parameters.map(\.name).filter { $0 != "_" },
          labels: requirement.parameters.compactMap(\.label))
      }
      guard problems.isEmpty else {
        diagnostics += problems
        continue
      }
      let annotation = self.annotation(for: entry, at: location)
      if !proto.annotations.contains(where: { $0.key == "analytics" }) {
        protocols[protoIndex].annotations.append(Annotation(key: "analytics", location: location))
      }
      annotate(&protocols, with: annotation, declaredAt: Set(matches.map(\.location)))
    }
    return diagnostics
  }

  /// An entry applied to the Objective-C method of `proto` that `selector` names.
  private static func apply(
    _ entry: EventMapEntry, selector: String, at location: SourceLocation,
    to proto: inout ObjCProtocol
  ) -> [Diagnostic] {
    let index: Int
    switch proto.method(named: selector, by: "event map") {
    case .success(let found): index = found
    case .failure(let problem): return [Diagnostic(.error, problem.message, at: location)]
    }
    let method = proto.methods[index]
    let problems = unknownProperties(
      of: entry, at: location, in: "\(proto.name).\(method.selector)",
      names: method.parameters.map(\.name))
    guard problems.isEmpty else { return problems }
    // The map's annotation first, so that it wins over the header's.
    proto.methods[index].annotations.insert(annotation(for: entry, at: location), at: 0)
    if !proto.annotations.contains(where: { $0.key == "analytics" }) {
      proto.annotations.append(Annotation(key: "analytics", location: location))
    }
    return []
  }

  /// An error at each property of `entry` that names none of a call's parameters (`names`,
  /// or its argument `labels`), with the closest name: one rule for both languages.
  private static func unknownProperties(
    of entry: EventMapEntry, at location: SourceLocation, in call: String, names: [String],
    labels: [String] = []
  ) -> [Diagnostic] {
    entry.properties.compactMap { property in
      guard !names.contains(property.value), !labels.contains(property.value) else { return nil }
      let hint = Spelling.suggestion(for: property.value, among: names)
      return Diagnostic(
        .error,
        "analytics property '\(property.value)' is not a parameter of \(call)"
          + (hint.map { "; did you mean '\($0)'?" } ?? ""), at: property.location ?? location)
    }
  }

  /// `("Outer.Nested", "load(completion:)")` for `Outer.Nested.load(completion:)`.
  static func split(_ key: String) -> (String, String)? {
    let name = key.prefix { $0 != "(" }
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let requirement = key[key.index(after: dot)...]
    guard !requirement.isEmpty else { return nil }
    return (String(key[..<dot]), String(requirement))
  }

  /// The requirements of `proto` a key's name names: by selector, or every overload by name.
  static func requirements(named name: String, in proto: ProtocolDecl) -> [Requirement] {
    proto.allRequirements.filter { $0.selector == name || $0.bareName == name }
  }

  /// Every protocol with `annotation` first on each requirement declared at one of
  /// `declarations`: inheriting protocols forward the same requirement, and their decorators
  /// follow the same annotations; copies keep the location of the declaration they came from.
  static func annotate(
    _ protocols: inout [ProtocolDecl], with annotation: Annotation,
    declaredAt declarations: Set<SourceLocation>
  ) {
    for index in protocols.indices {
      protocols[index].requirements = protocols[index].requirements.map {
        annotated($0, with: annotation, if: declarations)
      }
      protocols[index].inheritedRequirements = protocols[index].inheritedRequirements.map {
        annotated($0, with: annotation, if: declarations)
      }
    }
  }

  /// The annotation an entry stands for: `analytics(event:failure:properties:)`, or
  /// `skip(analytics)` for an entry that is not tracked.
  static func annotation(for entry: EventMapEntry, at location: SourceLocation)
    -> Annotation
  {
    guard entry.isTracked else {
      return Annotation(
        key: "skip", arguments: [AnnotationArgument(value: .name("analytics"))],
        location: location)
    }
    var arguments: [AnnotationArgument] = []
    if let success = entry.success {
      arguments.append(AnnotationArgument(label: "event", value: .string(success)))
    }
    if let failure = entry.failure {
      arguments.append(AnnotationArgument(label: "failure", value: .string(failure)))
    }
    if entry.isShared {
      arguments.append(AnnotationArgument(label: "shared", value: .boolean(true)))
    }
    if !entry.properties.isEmpty {
      arguments.append(
        AnnotationArgument(
          label: "properties", value: .list(entry.properties.map { .name($0.value) })))
    }
    return Annotation(key: "analytics", arguments: arguments, location: location)
  }

  /// The requirement with the map's annotation first, so that it wins over the sources'.
  private static func annotated(
    _ requirement: Requirement, with annotation: Annotation, if declarations: Set<SourceLocation>
  ) -> Requirement {
    guard declarations.contains(requirement.location) else { return requirement }
    var requirement = requirement
    requirement.annotations.insert(annotation, at: 0)
    return requirement
  }
}
