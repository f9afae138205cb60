import VeneerModel

extension ObjCProtocol {
  /// What is wrong with a key of `veneer.yml` that names no one method.
  struct MethodKeyProblem: Error {
    var message: String
  }

  /// The index of the method that `selector` names: the whole selector, its last colon
  /// optional (YAML reads a key's last colon as the key's end: `load:completion:` unquoted is
  /// `load:completion`), or its first piece when only one selector starts so. `role` names
  /// what names it in messages (`event map`).
  func method(named selector: String, by role: String) -> Result<Int, MethodKeyProblem> {
    let exact = methods.indices.filter {
      methods[$0].selector == selector || methods[$0].selector == selector + ":"
    }
    let matches =
      !exact.isEmpty || selector.contains(":")
      ? exact
      : methods.indices.filter { methods[$0].firstSelectorPiece == selector }
    if matches.count == 1, let found = matches.first { return .success(found) }
    let hint = Spelling.suggestion(for: selector, among: methods.map(\.selector))
    return .failure(
      MethodKeyProblem(
        message: matches.isEmpty
          ? "\(role) names '\(selector)', which is not a method of @protocol \(name)"
            + (hint.map { "; did you mean '\($0)'?" } ?? "")
          : "\(role) names '\(selector)', which starts the selectors "
            + matches.map { "'\(methods[$0].selector)'" }.joined(separator: " and ")
            + " of \(name); write the whole selector"))
  }
}
