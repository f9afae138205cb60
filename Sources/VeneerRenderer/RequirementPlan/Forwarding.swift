import VeneerModel

/// How a decorator hands a requirement on to its base: the call, with its effects and the
/// result's type where the call must name it, and the body that only forwards.
struct Forwarding {
  /// The result type as a closure's type or a cast can name it: an implicitly unwrapped
  /// optional (`String!`) as the optional it is (`String?`); nil for no result.
  let nameableResultType: String?
  /// How the result holds `Self`, for a builder forwarded in a copy of the decorator.
  let selfResult: SelfResult?
  /// The call with its effects: `try await base.getPost(id: id)`.
  let forwardCall: String
  /// The whole requirement, forwarding and nothing else.
  let forwardingImplementation: String

  /// - Parameters:
  ///   - arguments: each parameter as the call passes it.
  ///   - target: what the call is made on: `base`, or the base type for a static requirement.
  ///   - namesResultType: whether another requirement differs from it by its result alone.
  init(
    _ requirement: Requirement, parameters: [ForwardedParameter], arguments: [String],
    target: String, effectPrefix: String, effectsSuffix: String, declaration: String,
    namesResultType: Bool, isClassDecorator: Bool, in context: ProtocolContext
  ) {
    // The call without effects: `base.getPost(id: id)`, `base[key]`, `lhs.base == rhs.base`.
    let access: String
    switch requirement.kind {
    case .method where requirement.isOperator:
      // Operators are called as operators: `lhs.base == rhs.base`, `-value.base`.
      let values = parameters.map { $0.argument(singleNameIsLabel: false, labelled: false) }
      access =
        requirement.modifiers.contains("prefix")
        ? "\(requirement.name)\(values.joined())"
        : requirement.modifiers.contains("postfix")
          ? "\(values.joined())\(requirement.name)"
          : values.joined(separator: " \(requirement.name) ")
    case .method, .initializer:
      access = "\(target).\(requirement.name)(\(arguments.joined(separator: ", ")))"
    case .subscript:
      access = "\(target)[\(arguments.joined(separator: ", "))]"
    case .property:
      access = "\(target).\(requirement.name)"
    }
    // `as T` picks the overload, and infers a generic parameter that only the result
    // mentions (`func decode<T>(_ data: Data) -> T`); an opaque or `Self` result cannot be named
    // here, and Swift rejects such overloads in a protocol anyway.
    func mentions(_ type: TypeRef?, _ generic: String) -> Bool {
      type?.contains {
        if case .named(let name, _) = $0.shape { name == generic } else { false }
      } == true
    }
    // Any one parameter the arguments do not name (`func convert<T, U>(_ value: T) -> U`).
    let isInferredFromResultOnly =
      requirement.kind == .method
      && requirement.genericParameters.contains { generic in
        mentions(requirement.returnType, generic.name)
          && !requirement.parameters.contains { mentions($0.type, generic.name) }
      }
    let nameableResultType = requirement.returnType.map { returnType in
      if case .implicitlyUnwrappedOptional(let wrapped) = returnType.shape {
        return RequirementPlan.parenthesized(wrapped.text) + "?"
      }
      return returnType.text
    }
    self.nameableResultType = nameableResultType
    let resultCoercion =
      (namesResultType || isInferredFromResultOnly)
        && requirement.returnType.map {
          !$0.text.containsBytes(of: "some ") && !$0.text.containsBytes(of: "Self")
        }
          ?? true
      ? " as \(nameableResultType ?? "Void")" : ""
    // A builder's result, in a copy of the decorator; `ProtocolPlan` lets only these through.
    selfResult =
      requirement.kind == .method && !requirement.isStatic && !isClassDecorator
      ? SelfResult(requirement.returnType) : nil
    let forwarded = selfResult?.rewrapping(access, base: context.storage.base) ?? access
    let forwardCall = effectPrefix + forwarded + resultCoercion
    self.forwardCall = forwardCall
    // A requirement's result builder is inferred for the decorator's implementation too
    // (swift-parsing's `@ParserBuilder<Input> var body`); a `return` opts out of it.
    let forwardedValue =
      requirement.attributes.contains { $0.name.prefix { $0 != "<" }.hasSuffix("Builder") }
      ? "return \(forwardCall)" : forwardCall
    if requirement.kind == .method || requirement.kind == .initializer {
      forwardingImplementation = "\(declaration) {\n\(forwardedValue)\n}"
    } else {
      forwardingImplementation =
        requirement.isSettable
        ? "\(declaration) {\nget\(effectsSuffix) { \(forwardedValue) }\n"
          // A struct's setter mutates unless it says otherwise; a class's never does.
          + (requirement.hasNonmutatingSetter && !isClassDecorator ? "nonmutating " : "")
          + "set { \(access) = newValue }\n}"
        : effectsSuffix.isEmpty
          ? "\(declaration) {\n\(forwardedValue)\n}"
          : "\(declaration) {\nget\(effectsSuffix) {\n\(forwardedValue)\n}\n}"
    }
  }
}
