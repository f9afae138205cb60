import VeneerModel

extension RequirementPlan {
  /// How a decorator declares a requirement: the attributes it keeps, its access and modifiers,
  /// unnamed parameters given names so they can be forwarded, and `Self.ID` written `ID`.
  static func declaration(
    of requirement: Requirement, parameters: [ForwardedParameter], singleNameIsLabel: Bool,
    effectsSuffix: String, access: String, isClassDecorator: Bool, in context: ProtocolContext
  ) -> String {
    let attributes = Availability(options: context.options).attributes(
      requirement.attributes.filter {
        !attributesOfTheBase.contains($0.name)
          && !$0.name.prefix { $0 != "<" }.hasSuffix("Builder")
      }
    ).map(\.description)
    let isolation =
      context.memberIsolation.flatMap {
        DecoratorIsolation.isolatesItself(requirement) ? nil : $0
      }
    let modifiers = requirement.modifiers.filter { modifier in
      !(modifier == "optional" || (isClassDecorator && modifier == "mutating"))
    }
    let prefix = ([isolation ?? ""] + attributes + [access] + modifiers).filter { !$0.isEmpty }
      .joined(separator: " ")
    let parameterList = parameters.map {
      $0.declaration(singleNameIsLabel: singleNameIsLabel)
    }.joined(separator: ", ")
    let signature: String
    switch requirement.kind {
    case .method, .initializer:
      let sending = requirement.returnsSending ? "sending " : ""
      let result = requirement.returnType.map { " -> \(sending)\($0.text)" } ?? ""
      // `func == (lhs: Self, …)`, spaced as swift-format spaces operators.
      let space = requirement.isOperator && requirement.genericClauseText.isEmpty ? " " : ""
      signature =
        "func \(requirement.name)\(requirement.genericClauseText)\(space)(\(parameterList))"
        + effectsSuffix + result + requirement.whereClauseText
    case .subscript:
      signature =
        "subscript\(requirement.genericClauseText)(\(parameterList)) -> "
        + "\(requirement.returnType?.text ?? "Void")\(requirement.whereClauseText)"
    case .property:
      signature = "var \(requirement.name): \(requirement.type?.text ?? "Void")"
    }
    // `Self.ID` is the associated type `ID`, which a decorator declares as a type alias: named
    // plainly, since a class's `Self` is dynamic and has no member types.
    let plainSignature =
      signature.containsBytes(of: "Self.") && !context.proto.allAssociatedTypes.isEmpty
      ? signature.replacingOccurrences(
        of: #"(?<![A-Za-z0-9_.])Self\.(?=("#
          + context.proto.allAssociatedTypes.map(\.name).joined(separator: "|")
          + #")(?![A-Za-z0-9_]))"#,
        with: "", options: .regularExpression)
      : signature
    return prefix.isEmpty ? plainSignature : "\(prefix) \(plainSignature)"
  }
}
