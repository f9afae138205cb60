import VeneerModel

/// What a requirement's annotations, and its protocol's, ask of every decorator; the
/// requirement's win over the protocol's.
struct RequirementAnnotations {
  /// The cache identity of each requirement `invalidates(…)` names, as a string literal.
  let invalidatedSelectors: [String]
  /// Templates it opted out of with `skip(…)`; all of them for a bare `skip`.
  let skippedTemplates: Set<String>
  /// Each annotation's labelled arguments as Swift, by key, for templates.
  let annotationArguments: [String: [String: String]]

  init(
    _ requirement: Requirement, in context: ProtocolContext, diagnostics: inout [Diagnostic]
  ) {
    let annotations = requirement.annotations
    let protocolAnnotations = context.proto.annotations
    invalidatedSelectors = annotations.filter { $0.key == "invalidates" }
      .flatMap { $0.positionalValues.flatMap(\.texts) }
      .flatMap { name -> [String] in
        let matches = context.proto.allRequirements.filter {
          $0.name == name || $0.selector == name || $0.bareName == name
        }
        if matches.isEmpty {
          let location =
            annotations.first { $0.key == "invalidates" }?.location ?? requirement.location
          let hint = Spelling.suggestion(
            for: name, among: context.proto.allRequirements.map(\.bareName))
          // An error, as a misspelt event map entry is: the invalidation would be lost.
          diagnostics.append(
            Diagnostic(
              .error,
              "'invalidates' names '\(name)', which is not a requirement of "
                + "\(context.proto.qualifiedName)" + (hint.map { "; did you mean '\($0)'?" } ?? ""),
              at: location))
        }
        return matches.map {
          RequirementPlan.cacheIdentity(of: $0, in: context.proto).swiftLiteral
        }
      }
    var skippedTemplates = Set(
      annotations.filter { $0.key == "skip" }.flatMap { annotation in
        annotation.arguments.isEmpty
          ? ["*"] : annotation.positionalValues.flatMap(\.texts).map { $0.lowercased() }
      })
    if context.options.leavesUntracked(annotations) { skippedTemplates.insert("analytics") }
    if let unmovable = RequirementPlan.valueThatCannotBeCopied(in: requirement) {
      skippedTemplates.insert("*")
      diagnostics.append(
        Diagnostic(
          .note,
          "every decorator forwards \(requirement.selector) as it is: \(unmovable), which a "
            + "decorator can neither log, keep nor hand to advice", at: requirement.location))
    }
    self.skippedTemplates = skippedTemplates
    var annotationArguments: [String: [String: String]] = [:]
    // Lowest precedence first, so that what wins is written last.
    for annotation in protocolAnnotations.reversed() + annotations.reversed() {
      var arguments = ["key": annotation.key]
      for argument in annotation.arguments {
        guard let label = argument.label else { continue }
        arguments[label] = argument.value.swiftLiteral
      }
      annotationArguments[annotation.key] = arguments
    }
    self.annotationArguments = annotationArguments
  }
}
