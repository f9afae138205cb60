import SwiftSyntax
import VeneerModel

extension SyntaxProtocol {
  /// The node's source text with comments dropped and each run of trivia between two tokens
  /// folded to one space, so that a type or condition fits on one line of generated code. A
  /// multi-line string literal (an attribute's `message: """…"""`), which folded would not
  /// parse, is written as the one-line literal of its value.
  var normalizedText: String {
    var result = ""
    var isFirst = true
    var previousHasTrailingTrivia = false
    /// The end of a multi-line string literal written whole, whose tokens are passed over.
    var literalEnd: AbsolutePosition?
    // Trivia's lengths, not its pieces: the parser makes no empty piece, and listing the
    // pieces allocates an array for each token.
    for token in tokens(viewMode: .sourceAccurate) {
      if let end = literalEnd {
        if token.position < end { continue }
        literalEnd = nil
      }
      if !isFirst, previousHasTrailingTrivia || token.leadingTriviaLength.utf8Length > 0 {
        result += " "
      }
      isFirst = false
      if token.startsALiteral, let literal = token.parent,
        let text = token.multilineLiteral?.oneLineText,
        literal.positionAfterSkippingLeadingTrivia == token.positionAfterSkippingLeadingTrivia
      {
        result += text
        literalEnd = literal.endPositionBeforeTrailingTrivia
        previousHasTrailingTrivia = literal.trailingTrivia.sourceLength.utf8Length > 0
        continue
      }
      result += token.text
      previousHasTrailingTrivia = token.trailingTriviaLength.utf8Length > 0
    }
    return result
  }
}

extension TokenSyntax {
  /// Whether it may open a string literal: a quote of three, or a raw string's `#`s.
  fileprivate var startsALiteral: Bool {
    switch tokenKind {
    case .multilineStringQuote, .rawStringPoundDelimiter: true
    default: false
    }
  }

  /// The multi-line string literal it belongs to: an expression's, or an attribute argument's
  /// (`@available(…, message: """…""")`), as an expression.
  fileprivate var multilineLiteral: StringLiteralExprSyntax? {
    if let literal = parent?.as(StringLiteralExprSyntax.self),
      literal.openingQuote.tokenKind == .multilineStringQuote
    {
      return literal
    }
    if let literal = parent?.as(SimpleStringLiteralExprSyntax.self),
      literal.openingQuote.tokenKind == .multilineStringQuote
    {
      return StringLiteralExprSyntax(
        leadingTrivia: literal.leadingTrivia, openingQuote: literal.openingQuote,
        segments: StringLiteralSegmentListSyntax(literal.segments.map { .stringSegment($0) }),
        closingQuote: literal.closingQuote, trailingTrivia: literal.trailingTrivia)
    }
    return nil
  }
}

extension StringLiteralExprSyntax {
  /// The literal on one line: the literal of its value, or, when it interpolates, its text.
  fileprivate var oneLineText: String {
    representedLiteralValue?.swiftLiteral ?? trimmedDescription
  }
}

extension TypeSyntax {
  /// The type's text, and its structure to `maximumStructuredDepth` levels: each level keeps
  /// its own text, so a structure as deep as the type (`Array<Array<…>>`, `Int???…`, `A.B.B…`
  /// thousands of levels deep) would take time and memory quadratic in its length. Deeper
  /// parts keep their exact text, which is all that forwarding them needs.
  var typeRef: TypeRef { structuredTypeRef(depth: 0) }

  /// Far deeper than real code nests types.
  static var maximumStructuredDepth: Int { 16 }

  fileprivate func structuredTypeRef(depth: Int) -> TypeRef {
    TypeRef(
      text: normalizedText,
      shape: depth < Self.maximumStructuredDepth ? shape(depth: depth + 1) : .other)
  }

  private func shape(depth: Int) -> TypeShape {
    if let type = self.as(IdentifierTypeSyntax.self) {
      return .named(
        name: type.name.text, genericArguments: type.genericArgumentClause.typeRefs(depth: depth))
    }
    if let type = self.as(MemberTypeSyntax.self) {
      return .member(
        base: type.baseType.structuredTypeRef(depth: depth), name: type.name.text,
        genericArguments: type.genericArgumentClause.typeRefs(depth: depth))
    }
    if let type = self.as(OptionalTypeSyntax.self) {
      return .optional(wrapped: type.wrappedType.structuredTypeRef(depth: depth))
    }
    if let type = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return .implicitlyUnwrappedOptional(wrapped: type.wrappedType.structuredTypeRef(depth: depth))
    }
    if let type = self.as(ArrayTypeSyntax.self) {
      return .array(element: type.element.structuredTypeRef(depth: depth))
    }
    if let type = self.as(DictionaryTypeSyntax.self) {
      return .dictionary(
        key: type.key.structuredTypeRef(depth: depth),
        value: type.value.structuredTypeRef(depth: depth))
    }
    if let type = self.as(TupleTypeSyntax.self) {
      let elements = type.elements.map { $0.tupleElement(depth: depth) }
      // `(T)` is T in parentheses, not a tuple.
      if elements.count == 1, elements[0].label == nil, elements[0].name == nil,
        !elements[0].isVariadic, !elements[0].isInout
      {
        return elements[0].type.shape
      }
      return .tuple(elements: elements)
    }
    if let type = self.as(FunctionTypeSyntax.self) {
      return .function(
        parameters: type.parameters.map { $0.tupleElement(depth: depth) },
        effects: Effects(
          asyncSpecifier: type.effectSpecifiers?.asyncSpecifier,
          throwsClause: type.effectSpecifiers?.throwsClause),
        returnType: type.returnClause.type.structuredTypeRef(depth: depth))
    }
    if let type = self.as(AttributedTypeSyntax.self) {
      var specifiers = type.specifiers.map(\.normalizedText)
      #if canImport(SwiftSyntax601)
        specifiers += type.lateSpecifiers.map(\.normalizedText)
      #endif
      return .attributed(
        attributes: type.attributes.model, specifiers: specifiers,
        base: type.baseType.structuredTypeRef(depth: depth))
    }
    if let type = self.as(SomeOrAnyTypeSyntax.self) {
      let constraint = type.constraint.structuredTypeRef(depth: depth)
      return type.someOrAnySpecifier.tokenKind == .keyword(.some)
        ? .opaque(constraint: constraint) : .existential(constraint: constraint)
    }
    if let type = self.as(MetatypeTypeSyntax.self) {
      return .metatype(
        base: type.baseType.structuredTypeRef(depth: depth),
        isProtocolMetatype: type.metatypeSpecifier.tokenKind == .keyword(.Protocol))
    }
    if let type = self.as(CompositionTypeSyntax.self) {
      return .composition(types: type.elements.map { $0.type.structuredTypeRef(depth: depth) })
    }
    if let type = self.as(PackExpansionTypeSyntax.self) {
      return .packExpansion(pattern: type.repetitionPattern.structuredTypeRef(depth: depth))
    }
    if let type = self.as(PackElementTypeSyntax.self) {
      return .packElement(pack: type.pack.structuredTypeRef(depth: depth))
    }
    return .other
  }
}

extension GenericArgumentClauseSyntax? {
  fileprivate func typeRefs(depth: Int) -> [TypeRef] {
    guard let self else { return [] }
    return self.arguments.map { argument in
      #if canImport(SwiftSyntax601)
        switch argument.argument {
        case .type(let type): type.structuredTypeRef(depth: depth)
        case .expr(let expression): TypeRef(text: expression.normalizedText, shape: .other)
        }
      #else
        argument.argument.structuredTypeRef(depth: depth)
      #endif
    }
  }
}

extension TupleTypeElementSyntax {
  fileprivate func tupleElement(depth: Int) -> TupleElement {
    let type = self.type.structuredTypeRef(depth: depth)
    let firstName = firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
    let secondName = secondName.map(\.text)
    return TupleElement(
      label: firstName, name: secondName, type: type,
      isInout: inoutKeyword != nil || type.specifiers.contains("inout"),
      isVariadic: ellipsis != nil)
  }
}

extension Effects {
  init(asyncSpecifier: TokenSyntax?, throwsClause: ThrowsClauseSyntax?) {
    let thrownType = throwsClause?.type?.typeRef
    // `throws(Never)` is Swift's spelling of not throwing (SE-0413): a function that does not
    // throw satisfies the requirement, and is called without `try`.
    if let thrownType, ["Never", "Swift.Never"].contains(thrownType.text) {
      self.init(isAsync: asyncSpecifier != nil, throwing: nil, thrownType: nil)
      return
    }
    let throwing: Throwing? =
      switch throwsClause?.throwsSpecifier.tokenKind {
      case .keyword(.throws)?: .throws
      case .keyword(.rethrows)?: .rethrows
      default: nil
      }
    self.init(isAsync: asyncSpecifier != nil, throwing: throwing, thrownType: thrownType)
  }
}

extension AttributeListSyntax {
  var model: [Attribute] {
    compactMap { element in
      guard case .attribute(let attribute) = element else { return nil }
      return Attribute(
        name: attribute.attributeName.normalizedText,
        arguments: attribute.arguments?.normalizedText)
    }
  }
}

extension GenericWhereClauseSyntax? {
  var model: [String] { self?.requirements.map(\.requirement.normalizedText) ?? [] }
}

extension InheritanceClauseSyntax? {
  var model: [TypeRef] { self?.inheritedTypes.map(\.type.typeRef) ?? [] }
}

extension GenericParameterClauseSyntax? {
  var model: [GenericParameter] {
    self?.parameters.map { parameter in
      // swift-syntax 601 renamed `eachKeyword` to `specifier`, and deprecated the old name.
      #if canImport(SwiftSyntax601)
        let isPack = parameter.specifier?.tokenKind == .keyword(.each)
        let isValue = parameter.specifier?.tokenKind == .keyword(.let)
      #else
        let isPack = parameter.eachKeyword != nil
        let isValue = false
      #endif
      return GenericParameter(
        name: parameter.name.text, constraint: parameter.inheritedType?.typeRef, isPack: isPack,
        isValue: isValue)
    } ?? []
  }
}
