import VeneerRenderer

/// The table of built-ins in the README and `Documentation/BuiltIns.md`, made from the
/// descriptors by `bash Scripts/regenerate`, between two comments that mark it.
package enum BuiltInTable {
  /// The files that hold the table.
  package static let paths = ["README.md", "Documentation/BuiltIns.md"]

  static let opening =
    "<!-- The table of built-ins, written by `bash Scripts/regenerate` from their descriptors. -->"
  static let closing = "<!-- The end of the table of built-ins. -->"

  /// The table, one row a built-in in registration order: what it does, the annotation that
  /// asks for it (and `--all`, unless it is opt-in; the event map for analytics), and whether
  /// Objective-C headers get it.
  package static let markdown: String = {
    let objectiveC = Set(ObjCTemplateSource.builtIns.map(\.name))
    var lines = [
      "| decorator | what it does | asked for by | Objective-C |",
      "|---|---|---|---|",
    ]
    for decorator in BuiltInDecorators.all {
      let key =
        decorator.annotations.keys.first { $0.lowercased() == decorator.typedName }
        ?? decorator.typedName
      var askedFor = ["`\(key)`"]
      if !decorator.isOptIn { askedFor.append("`--all`") }
      if decorator.options.contains(where: { if case .eventMap = $0.value { true } else { false } })
      {
        askedFor.append("the event map")
      }
      lines.append(
        "| \(decorator.name) | \(decorator.summary) | "
          + askedFor.joined(separator: ", ") + (decorator.isOptIn ? " only" : "") + " | "
          + (objectiveC.contains(decorator.name) ? "yes" : "no") + " |")
    }
    // Blank lines around it: a table right after an HTML comment is still a table.
    return "\n" + lines.joined(separator: "\n") + "\n\n"
  }()

  /// `text` with the table between its comments made current; nil when it has no such place.
  package static func updating(_ text: String) -> String? {
    guard let start = text.range(of: opening + "\n"),
      let end = text.range(of: closing, range: start.upperBound..<text.endIndex)
    else { return nil }
    return text.replacingCharacters(in: start.upperBound..<end.lowerBound, with: markdown)
  }
}
