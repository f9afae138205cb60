import VeneerModel

/// The annotation keys Veneer understands, and the checks that catch a misspelt one.
///
/// The parser knows only the keys every decorator reads (`common`); each built-in decorator
/// declares its own, and a user template its name and `{# arguments: #}`.
package struct AnnotationKeys: Sendable {
  package var names: Set<String>
  /// The labelled arguments of the keys that declare them, and what each must be: built-ins'
  /// (`tracing(span:attributes:)`) and user templates' (`{# arguments: attempts: number #}` in
  /// `Retry.stencil`), checked alike. A key declared with none takes none.
  package var declaredArguments: [String: [String: AnnotationArgumentKind]] = [:]

  package init(_ names: Set<String>) {
    self.names = names
  }

  /// The keys every decorator reads, whichever templates are in use, each with what it says.
  package static let commonUses: [String: AnnotationUse] = [
    "public": AnnotationUse(
      "public(name, …, result)",
      onProtocol: "these parameters of any requirement (by name or argument label) may be shown",
      onRequirement:
        "these parameters, and the result, may be shown; every other value is private, "
        + "whatever it is called"),
    "reveal": AnnotationUse(
      "reveal(name, …, result)",
      onProtocol: "show these parameters of any requirement by value, although their names look "
        + "secret (an opaque `authorizationID`); a warning says so at each",
      onRequirement:
        "show these parameters (and the result) by value, although their names look secret; "
        + "`redact` still wins"),
    "redact": AnnotationUse(
      "redact(name, …)", onProtocol: "never write parameters of these names",
      onRequirement:
        "never write these parameters (by name or label); `redact(result)`: nor the result"),
    "log": AnnotationUse(
      "log(full)", onProtocol: "write every requirement's values whole, errors included",
      onRequirement: "the same, for this requirement"),
    "invalidates": AnnotationUse(
      "invalidates(requirement, …)", onProtocol: nil,
      onRequirement: "a call clears the named requirements' cached results"),
    "skip": AnnotationUse(
      "skip, skip(template, …)", onProtocol: "do not decorate it",
      onRequirement: "forward it untouched; `skip(logging)` limits that to those templates"),
  ]

  package static let common: AnnotationKeys = {
    var keys = AnnotationKeys(takesNames)
    for key in takesNames { keys.declaredArguments[key] = [:] }
    return keys
  }()

  /// Adds `key`, whose labelled arguments are `arguments`.
  package mutating func declare(_ key: String, arguments: [String: AnnotationArgumentKind]) {
    names.insert(key)
    declaredArguments[key] = arguments
  }

  /// What an annotation is written on.
  package enum Target {
    case `protocol`
    case property
    /// A method, initializer or subscript, with its parameters.
    case callable([Parameter])
  }

  /// The common keys, whose arguments are names without labels.
  private static let takesNames = Set(commonUses.keys)

  /// What `log(…)` takes: how much of a value may leave the process.
  package static let logDisclosures: Set<String> = ["full"]

  /// What is wrong with `annotation` on `target`, each with its severity. An unknown key is a
  /// warning, since it may select a template this run does not use; a known key with a
  /// misspelt label, a value of the wrong kind or a name that names nothing is an error, as the
  /// same mistake in `veneer.yml` is.
  package func problems(for annotation: Annotation, on target: Target) -> [(
    Diagnostic.Severity, String
  )] {
    let key = annotation.key
    guard names.contains(key) else {
      let hint = Spelling.suggestion(for: key, among: names).map { "; did you mean '\($0)'?" }
      return [
        (
          .warning,
          "unknown veneer annotation '\(key)'"
            + (hint ?? " (known: \(names.sorted().joined(separator: ", ")))")
        )
      ]
    }
    // A user template's key that declares no arguments: they are the template's to read.
    guard let labels = declaredArguments[key] else { return [] }
    let parameters: [Parameter]? =
      if case .callable(let parameters) = target { parameters } else { nil }
    var problems: [(Diagnostic.Severity, String)] = []
    var seenLabels: Set<String> = []
    for argument in annotation.arguments {
      if let label = argument.label, !seenLabels.insert(label).inserted {
        problems.append((.error, "'\(key)(\(label):)' is given twice"))
        continue
      }
      guard let label = argument.label else {
        if !Self.takesNames.contains(key) {
          problems.append((.error, "'\(key)' takes no unlabelled arguments"))
        } else if argument.value.texts.isEmpty {
          problems.append((.error, "'\(key)' takes names, not \(argument.value)"))
        }
        continue
      }
      guard let kind = labels[label] else {
        let known = labels.keys.sorted()
        let hint = Spelling.suggestion(for: label, among: known).map { "; did you mean '\($0)'?" }
        problems.append(
          (
            .error,
            "'\(key)' has no argument '\(label)'"
              + (hint
                ?? (known.isEmpty
                  ? "; it takes none" : " (known: \(known.joined(separator: ", ")))"))
          ))
        continue
      }
      if let problem = Self.problem(with: argument.value, kind) {
        problems.append((.error, "'\(key)(\(label):)' \(problem)"))
      } else if kind == .text, argument.value.text?.isEmpty == true {
        problems.append((.error, "'\(key)(\(label):)' must not be empty"))
      } else if kind == .parameters {
        if case .protocol = target {
          problems.append(
            (
              .error,
              "'\(key)(\(label):)' names parameters, so it belongs on a requirement, not on "
                + "the protocol"
            ))
        } else {
          problems += unknownParameters(argument.value.texts, in: parameters ?? [], key: key)
          problems += sharedNames(
            argument.value.texts, in: parameters ?? [], said: "'\(key)(\(label):)'",
            outcome: { "only the first, '\($0[0].name)', is taken" })
        }
      }
    }
    if key == "log" {
      let names = annotation.positionalValues.flatMap(\.texts)
      if names.isEmpty {
        problems.append((.error, "'log' takes 'full': log(full)"))
      }
      for name in names where !Self.logDisclosures.contains(name) {
        problems.append((.error, "'log' takes 'full', not '\(name)'"))
      }
    }
    if Self.takesNames.contains(key), key != "skip", key != "log", annotation.arguments.isEmpty {
      problems.append((.error, "'\(key)' takes the names it applies to: \(key)(name, …)"))
    }
    if key == "skip" {
      for name in annotation.positionalValues.flatMap(\.texts)
      where !names.contains(name.lowercased()) {
        let hint = Spelling.suggestion(for: name.lowercased(), among: names).map {
          "; did you mean '\($0)'?"
        }
        // A warning, as an unknown key is: it may name a template this run does not use.
        problems.append(
          (.warning, "'skip' names '\(name)', which is no template in use" + (hint ?? "")))
      }
    }
    if key == "redact" || key == "public" || key == "reveal", let parameters {
      problems += unknownParameters(
        annotation.positionalValues.flatMap(\.texts).filter { $0 != "result" }, in: parameters,
        key: key)
      if key != "redact" {
        let shown = key == "reveal" ? "shown by value" : "shown"
        problems += sharedNames(
          annotation.positionalValues.flatMap(\.texts), in: parameters, said: "'\(key)'",
          outcome: { $0.count == 2 ? "both are \(shown)" : "all \($0.count) are \(shown)" })
      }
    }
    return problems
  }

  /// A warning at each name that two or more parameters answer to, by name or label (a label
  /// given twice, `move(to start: Int, to end: Int)`, or an Objective-C selector piece): the
  /// user may have meant one of them. `redact` of such a name hides each, which is never a leak,
  /// so it is not asked.
  private func sharedNames(
    _ names: [String], in parameters: [Parameter], said: String,
    outcome: ([Parameter]) -> String
  ) -> [(Diagnostic.Severity, String)] {
    func answering(_ name: String) -> [Parameter] {
      parameters.filter { $0.answers(to: name) }
    }
    return names.compactMap { name in
      let matches = answering(name)
      guard matches.count > 1 else { return nil }
      let list = matches.map { "'\($0.name)'" }.joined(separator: ", ")
      let ownNames = matches.map(\.name).filter { answering($0).count == 1 }.map { "'\($0)'" }
      let either = ownNames.dropLast().joined(separator: ", ") + " or " + (ownNames.last ?? "")
      let advice =
        ownNames.isEmpty
        ? "rename a parameter to tell them apart"
        : ownNames.count < matches.count
          ? "only \(ownNames.joined(separator: ", ")) can be named alone"
          : "to mean one, name it: \(either)"
      return (
        .warning,
        "\(said) names '\(name)', which \(matches.count) parameters answer to (\(list)): "
          + "\(outcome(matches)); \(advice)"
      )
    }
  }

  private func unknownParameters(_ names: [String], in parameters: [Parameter], key: String)
    -> [(Diagnostic.Severity, String)]
  {
    let known = Set(parameters.flatMap { [$0.name] + ($0.label.map { [$0] } ?? []) })
    return names.filter { !known.contains($0) }.map { name in
      let hint = Spelling.suggestion(for: name, among: known.union(["result"])).map {
        "; did you mean '\($0)'?"
      }
      return (.error, "'\(key)' names '\(name)', which is not a parameter here" + (hint ?? ""))
    }
  }

  /// What is wrong with `value` as an argument of `kind`, said after its label: "must be a
  /// number, not …".
  package static func problem(
    with value: AnnotationValue, _ kind: AnnotationArgumentKind
  ) -> String? {
    switch kind {
    case .number:
      guard case .number = value else { return "must be a number, not \(value)" }
      return nil
    case .string:
      guard case .string = value else { return "must be a string, not \(value)" }
      return nil
    case .bool:
      guard case .boolean = value else { return "must be true or false, not \(value)" }
      return nil
    case .text:
      return value.text == nil ? "must be a string or a name, not \(value)" : nil
    case .names, .parameters:
      if case .list(let items) = value, items.allSatisfy({ $0.text != nil }) { return nil }
      return value.text == nil ? "must be a name or a list of names, not \(value)" : nil
    case .lifetime:
      guard case .number(let seconds) = value else {
        return "must be a number of seconds, not \(value)"
      }
      return Lifetime.problem(with: seconds)
    case .count, .countOrZero:
      let least = kind == .count ? 1.0 : 0.0
      guard case .number(let count) = value, count == count.rounded(), count >= least,
        count <= Double(AnnotationArgumentKind.largestCount)
      else {
        return "must be a whole number from \(Int(least)) to 1,000,000,000, not \(value)"
      }
      return nil
    case .fraction:
      guard case .number(let share) = value else {
        return "must be a fraction, more than 0 and at most 1, not \(value)"
      }
      guard share > 0, share <= 1 else {
        // resilience4j writes a failure rate as a percentage: say which one this is.
        let percentage =
          share > 1 && share <= 100 ? "; did you mean \(AnnotationValue.number(share / 100))?" : ""
        return "must be a fraction, more than 0 and at most 1 (0.5 for half), not \(value)"
          + percentage
      }
      return nil
    }
  }
}
