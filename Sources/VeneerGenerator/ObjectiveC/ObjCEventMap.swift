import VeneerModel

/// The analytics event map applied to Objective-C protocols: `LoaderService.loadWithCompletion:`
/// names a method by its selector, its last colon optional (YAML takes it for the key's end), or
/// by the selector's first piece when only one selector starts so. Checked as Swift's entries are, each mistake located in `veneer.yml`.
enum ObjCEventMap {
  /// What is wrong with a key of `veneer.yml` that names no one method.
  struct KeyProblem: Error {
    var message: String
  }

  /// The index of the method of `proto` that `selector` names: the whole selector, its last
  /// colon optional (YAML reads a key's last colon as the key's end: `load:completion:` unquoted
  /// is `load:completion`), or its first piece when only one selector starts so. `role` names
  /// what names it in messages (`event map`).
  static func method(_ selector: String, in proto: ObjCProtocol, named role: String)
    -> Result<Int, KeyProblem>
  {
    let methods = proto.methods
    let exact = methods.indices.filter {
      methods[$0].selector == selector || methods[$0].selector == selector + ":"
    }
    let matches =
      !exact.isEmpty || selector.contains(":")
      ? exact
      : methods.indices.filter { methods[$0].selector.prefix { $0 != ":" } == selector }
    if matches.count == 1, let found = matches.first { return .success(found) }
    let hint = Spelling.suggestion(for: selector, among: methods.map(\.selector))
    return .failure(
      KeyProblem(
        message: matches.isEmpty
          ? "\(role) names '\(selector)', which is not a method of @protocol \(proto.name)"
            + (hint.map { "; did you mean '\($0)'?" } ?? "")
          : "\(role) names '\(selector)', which starts the selectors "
            + matches.map { "'\(methods[$0].selector)'" }.joined(separator: " and ")
            + " of \(proto.name); write the whole selector"))
  }

  static func apply(_ entries: [EventMapEntry], to protocols: inout [ObjCProtocol])
    -> [Diagnostic]
  {
    var diagnostics: [Diagnostic] = []
    for entry in entries {
      let key = entry.requirement.value
      let location =
        entry.requirement.location ?? SourceLocation(file: "veneer.yml", line: 1, column: 1)
      guard let dot = key.firstIndex(of: "."),
        let index = protocols.firstIndex(where: { $0.name == key[..<dot] })
      else { continue }
      let protocolName = protocols[index].name
      let selector = String(key[key.index(after: dot)...])
      let methods = protocols[index].methods
      let methodIndex: Int
      switch Self.method(selector, in: protocols[index], named: "event map") {
      case .success(let found): methodIndex = found
      case .failure(let problem):
        diagnostics.append(Diagnostic(.error, problem.message, at: location))
        continue
      }
      let method = methods[methodIndex]
      var entryFailed = false
      for property in entry.properties
      where !method.parameters.contains(where: { $0.name == property.value }) {
        let hint = Spelling.suggestion(
          for: property.value, among: method.parameters.map(\.name))
        diagnostics.append(
          Diagnostic(
            .error,
            "analytics property '\(property.value)' is not a parameter of "
              + "\(protocolName).\(method.selector)"
              + (hint.map { "; did you mean '\($0)'?" } ?? ""), at: property.location ?? location))
        entryFailed = true
      }
      guard !entryFailed else { continue }
      // The map's annotation first, so that it wins over the header's.
      protocols[index].methods[methodIndex].annotations.insert(
        EventMap.annotation(for: entry, at: location), at: 0)
      if !protocols[index].annotations.contains(where: { $0.key == "analytics" }) {
        protocols[index].annotations.append(Annotation(key: "analytics", location: location))
      }
    }
    return diagnostics
  }
}
