extension Requirement {
  /// The requirement as it would be declared in a protocol, on one line, without attributes and
  /// modifiers: `func get<T: Codable>(_ path: String) async throws -> T`.
  package var signatureText: String {
    switch kind {
    case .method:
      let separator = isOperator ? " " : ""
      return "func \(name)\(separator)\(genericClauseText)(\(parameterListText))"
        + effectsAndResultText + whereClauseText
    case .initializer:
      return "init\(failability?.rawValue ?? "")\(genericClauseText)(\(parameterListText))"
        + effectsAndResultText + whereClauseText
    case .subscript:
      return "subscript\(genericClauseText)(\(parameterListText)) -> \(returnType?.text ?? "Void")"
        + whereClauseText + " " + accessorsText
    case .property:
      return "var \(name): \(type?.text ?? "Void") \(accessorsText)"
    }
  }

  /// Attributes, modifiers and signature: `@MainActor static func make() -> Self`.
  package var declaration: String {
    (attributes.map(\.description) + modifiers + [signatureText]).joined(separator: " ")
  }

  /// `<T: Codable, each U>`, or nothing without generic parameters.
  package var genericClauseText: String {
    guard !genericParameters.isEmpty else { return "" }
    let parameters = genericParameters.map { parameter in
      (parameter.isPack ? "each " : parameter.isValue ? "let " : "") + parameter.name
        + (parameter.constraint.map { ": \($0.text)" } ?? "")
    }
    return "<\(parameters.joined(separator: ", "))>"
  }

  /// ` where T: Codable`, or nothing.
  package var whereClauseText: String {
    whereClause.isEmpty ? "" : " where " + whereClause.joined(separator: ", ")
  }

  /// `_ id: Int, completion: @escaping (Result<Post, any Error>) -> Void`.
  package var parameterListText: String {
    parameters.map { $0.declarationText(singleNameIsLabel: singleParameterNameIsLabel) }
      .joined(separator: ", ")
  }

  /// Whether a parameter declared with one name (`id: Int`) has that name as its argument
  /// label, as in functions and initializers; in subscripts and operators it has none.
  package var singleParameterNameIsLabel: Bool { kind != .subscript && !isOperator }

  /// ` async throws -> Output`, as it follows the parameter list.
  var effectsAndResultText: String {
    let effects = self.effects.text
    var text = effects.isEmpty ? "" : " " + effects
    if kind == .method, let returnType { text += " -> \(returnType.text)" }
    return text
  }

  /// `{ get }`, `{ get async throws }` or `{ get set }`.
  package var accessorsText: String {
    let getter = (["get"] + (effects.text.isEmpty ? [] : [effects.text])).joined(separator: " ")
    return isSettable
      ? "{ \(getter) \(hasNonmutatingSetter ? "nonmutating " : "")set }" : "{ \(getter) }"
  }
}

extension Parameter {
  /// How the parameter is declared, where `singleNameIsLabel` tells whether the requirement's
  /// kind makes a lone name an argument label (see `Requirement.singleParameterNameIsLabel`).
  package func declarationText(singleNameIsLabel: Bool) -> String {
    let names: String
    switch label {
    case nil where !singleNameIsLabel || name == "_": names = name
    case nil: names = "_ \(name)"
    case let label? where label == name && singleNameIsLabel: names = name
    case let label?: names = "\(label) \(name)"
    }
    return "\(names): \(type.text)\(isVariadic ? "..." : "")"
  }
}
