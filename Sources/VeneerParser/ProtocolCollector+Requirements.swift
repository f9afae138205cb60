import SwiftSyntax
import VeneerModel

// The requirements of a protocol's body, each a `Requirement` of the model: methods,
// initializers, subscripts and properties, with their parameters and accessors.
extension ProtocolCollector {
  struct RequirementContext {
    var conditions: [String]
    var declaredIn: String
  }

  func method(_ node: FunctionDeclSyntax, _ context: RequirementContext) -> Requirement {
    let isOperator =
      switch node.name.tokenKind {
      case .binaryOperator, .prefixOperator, .postfixOperator: true
      default: false
      }
    let parameters = node.signature.parameterClause.parameters.map {
      functionParameter($0, labelledByDefault: !isOperator)
    }
    let comments = LeadingComments(of: node, in: source)
    let result = node.signature.returnClause.map { SendingResult($0.type) }
    var requirement = Requirement(
      kind: .method, name: node.name.text, parameters: parameters,
      genericParameters: node.genericParameterClause.model,
      whereClause: node.genericWhereClause.model,
      effects: Effects(
        asyncSpecifier: node.signature.effectSpecifiers?.asyncSpecifier,
        throwsClause: node.signature.effectSpecifiers?.throwsClause),
      returnType: result?.type,
      modifiers: node.modifiers.nonAccessModifiers, attributes: node.attributes.model,
      documentation: comments.documentation,
      annotations: annotations(from: comments, on: .callable(parameters)),
      conditions: context.conditions, declaredIn: context.declaredIn,
      location: location(of: node))
    requirement.returnsSending = result?.isSending ?? false
    return requirement
  }

  func initializerRequirement(_ node: InitializerDeclSyntax, _ context: RequirementContext)
    -> Requirement
  {
    let parameters = node.signature.parameterClause.parameters.map { functionParameter($0) }
    let comments = LeadingComments(of: node, in: source)
    return Requirement(
      kind: .initializer, name: "init", parameters: parameters,
      genericParameters: node.genericParameterClause.model,
      whereClause: node.genericWhereClause.model,
      effects: Effects(
        asyncSpecifier: node.signature.effectSpecifiers?.asyncSpecifier,
        throwsClause: node.signature.effectSpecifiers?.throwsClause),
      failability: node.optionalMark.flatMap { Requirement.Failability(rawValue: $0.text) },
      modifiers: node.modifiers.nonAccessModifiers, attributes: node.attributes.model,
      documentation: comments.documentation,
      annotations: annotations(from: comments, on: .callable(parameters)),
      conditions: context.conditions, declaredIn: context.declaredIn,
      location: location(of: node))
  }

  func subscriptRequirement(_ node: SubscriptDeclSyntax, _ context: RequirementContext)
    -> Requirement
  {
    let parameters = node.parameterClause.parameters.map {
      functionParameter($0, labelledByDefault: false)
    }
    let comments = LeadingComments(of: node, in: source)
    let accessors = Accessors(node.accessorBlock)
    var requirement = Requirement(
      kind: .subscript, name: "subscript", parameters: parameters,
      genericParameters: node.genericParameterClause.model,
      whereClause: node.genericWhereClause.model, effects: accessors.getterEffects,
      returnType: node.returnClause.type.typeRef, isSettable: accessors.hasSetter,
      modifiers: node.modifiers.nonAccessModifiers, attributes: node.attributes.model,
      documentation: comments.documentation,
      annotations: annotations(from: comments, on: .callable(parameters)),
      conditions: context.conditions, declaredIn: context.declaredIn,
      location: location(of: node))
    requirement.hasNonmutatingSetter = accessors.hasNonmutatingSetter
    return requirement
  }

  func properties(_ node: VariableDeclSyntax, _ context: RequirementContext)
    -> [Requirement]
  {
    let comments = LeadingComments(of: node, in: source)
    return node.bindings.compactMap { binding in
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        let type = binding.typeAnnotation?.type.typeRef
      else {
        diagnostics.append(
          Diagnostic(
            .warning, "a property requirement needs a name and a type; Veneer ignores this one",
            at: location(of: binding)))
        return nil
      }
      guard node.bindingSpecifier.tokenKind == .keyword(.var), binding.accessorBlock != nil else {
        diagnostics.append(
          Diagnostic(
            .warning,
            "property requirement '\(name)' must be a 'var' with '{ get }' or '{ get set }'; "
              + "Veneer ignores it",
            at: location(of: binding)))
        return nil
      }
      let accessors = Accessors(binding.accessorBlock)
      var requirement = Requirement(
        kind: .property, name: name, effects: accessors.getterEffects, type: type,
        isSettable: accessors.hasSetter, modifiers: node.modifiers.nonAccessModifiers,
        attributes: node.attributes.model, documentation: comments.documentation,
        annotations: annotations(from: comments, on: .property),
        conditions: context.conditions, declaredIn: context.declaredIn,
        location: location(of: node))
      requirement.hasNonmutatingSetter = accessors.hasNonmutatingSetter
      return requirement
    }
  }

  /// - Parameter labelledByDefault: whether a single name is also the argument label, as in
  ///   functions; in subscripts and operators it is not.
  private func functionParameter(_ node: FunctionParameterSyntax, labelledByDefault: Bool = true)
    -> Parameter
  {
    let firstName = node.firstName.tokenKind == .wildcard ? nil : node.firstName.text
    let label = node.secondName != nil || labelledByDefault ? firstName : nil
    return Parameter(
      label: label, name: node.secondName?.text ?? node.firstName.text,
      type: node.type.typeRef, isVariadic: node.ellipsis != nil)
  }
}

/// The accessors of a property or subscript requirement, `{ get async throws set }`.
private struct Accessors {
  var getterEffects = Effects.none
  var hasSetter = false
  var hasNonmutatingSetter = false

  init(_ block: AccessorBlockSyntax?) {
    guard case .accessors(let accessors)? = block?.accessors else { return }
    for accessor in accessors {
      switch accessor.accessorSpecifier.tokenKind {
      case .keyword(.get):
        getterEffects = Effects(
          asyncSpecifier: accessor.effectSpecifiers?.asyncSpecifier,
          throwsClause: accessor.effectSpecifiers?.throwsClause)
      case .keyword(.set):
        hasSetter = true
        hasNonmutatingSetter = accessor.modifier?.name.tokenKind == .keyword(.nonmutating)
      default:
        break
      }
    }
  }
}

extension IfConfigClauseSyntax {
  /// How many earlier clauses of one `#if` a clause's condition may negate. Each clause's
  /// condition negates every earlier one, so a chain's conditions grow with the square of its
  /// length: past this bound the chain is refused, and the work stays linear in it.
  static let maximumEarlierClauses = 64

  /// The condition under which this clause's contents exist, with earlier clauses of the same
  /// `#if` negated: `#elseif B` after `#if A` gives `!A && B`; nil when more than
  /// `maximumEarlierClauses` precede it.
  var flattenedCondition: String? {
    guard let ifConfig = parent?.parent?.as(IfConfigDeclSyntax.self) else {
      return condition?.normalizedText ?? "true"
    }
    var parts: [String] = []
    for (index, clause) in ifConfig.clauses.enumerated() {
      if clause.id == id { break }
      guard index < Self.maximumEarlierClauses else { return nil }
      if let earlier = clause.condition {
        parts.append("!" + earlier.parenthesized(forNegation: true))
      }
    }
    if let condition {
      parts.append(
        parts.isEmpty ? condition.normalizedText : condition.parenthesized(forNegation: false))
    }
    return parts.isEmpty ? "true" : parts.joined(separator: " && ")
  }
}

extension ExprSyntax {
  /// The condition's text, in parentheses unless it binds tighter than `&&` (or, for
  /// negation, than prefix `!`).
  func parenthesized(forNegation: Bool) -> String {
    let isAtomic =
      self.is(DeclReferenceExprSyntax.self) || self.is(FunctionCallExprSyntax.self)
      || self.is(BooleanLiteralExprSyntax.self) || self.is(TupleExprSyntax.self)
      || (!forNegation && self.is(PrefixOperatorExprSyntax.self))
    return isAtomic ? normalizedText : "(\(normalizedText))"
  }
}

extension DeclModifierListSyntax {
  var accessLevel: AccessLevel? {
    lazy.compactMap { modifier in
      modifier.detail == nil ? AccessLevel(rawValue: modifier.name.text) : nil
    }.first
  }

  /// Modifiers such as `static`, `mutating` or `nonisolated(unsafe)`.
  var nonAccessModifiers: [String] {
    compactMap { modifier in
      AccessLevel(rawValue: modifier.name.text) == nil ? modifier.normalizedText : nil
    }
  }
}

extension SyntaxKind {
  /// `struct` for `structDecl`: how the user wrote the declaration.
  var declarationKeyword: String {
    let name = String(describing: self)
    return name.hasSuffix("Decl") ? String(name.dropLast(4)) : name
  }
}

/// A result type apart from its `sending`: `-> sending Message` is a `Message` that decorators
/// hold and hand on, and return `sending` as the requirement does.
struct SendingResult {
  let type: TypeRef
  let isSending: Bool

  init(_ syntax: TypeSyntax) {
    if let attributed = syntax.as(AttributedTypeSyntax.self), attributed.attributes.isEmpty,
      attributed.specifiers.map(\.normalizedText) == ["sending"]
    {
      (type, isSending) = (attributed.baseType.typeRef, true)
    } else {
      (type, isSending) = (syntax.typeRef, false)
    }
  }
}
