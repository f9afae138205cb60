import SwiftSyntax
import VeneerModel

/// Walks one file's syntax tree and builds the model of every protocol in it.
final class ProtocolCollector: SyntaxVisitor {
  /// A type or extension that encloses the declarations being visited.
  private struct Scope {
    var name: String
    /// The access a member gets when it states none.
    var defaultMemberAccess: AccessLevel
    /// The highest access a member can have.
    var accessCap: AccessLevel
  }

  private let file: String
  /// The bytes parsed, which its comments are read from.
  let source: [UInt8]
  private let lines: SourceLines
  private let annotationKeys: AnnotationKeys
  private(set) var protocols: [ProtocolDecl] = []
  private(set) var imports: [Import] = []
  private(set) var aliases: [ProtocolAlias] = []
  private(set) var resultEnums: [ResultLikeEnum] = []
  var diagnostics: [Diagnostic] = []
  private var scopes: [Scope] = []
  /// The `#if` clauses the visit is inside, outermost first: their conditions are spelt out
  /// only for a declaration Veneer keeps, since each spells every earlier clause of its chain.
  private var clauses: [IfConfigClauseSyntax] = []

  init(file: String, source: [UInt8], lines: SourceLines, annotationKeys: AnnotationKeys) {
    self.file = file
    self.source = source
    self.lines = lines
    self.annotationKeys = annotationKeys
    super.init(viewMode: .sourceAccurate)
  }

  // MARK: Scopes

  override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
    clauses.append(node)
    return .visitChildren
  }

  override func visitPost(_ node: IfConfigClauseSyntax) {
    clauses.removeLast()
  }

  /// The conditions of `clauses`, or nil, with an error at the clause, when one is too far down
  /// its chain to be spelt out (`IfConfigClauseSyntax.maximumEarlierClauses`).
  private func conditions(of clauses: [IfConfigClauseSyntax]) -> [String]? {
    var conditions: [String] = []
    for clause in clauses {
      guard let condition = clause.flattenedCondition else {
        diagnostics.append(
          Diagnostic(
            .error,
            "this #elseif or #else follows more than \(IfConfigClauseSyntax.maximumEarlierClauses) "
              + "clauses of its #if: a declaration inside it would carry the negation of each of "
              + "them, in every decorator; split the chain into #if blocks of their own",
            at: location(of: clause)))
        return nil
      }
      conditions.append(condition)
    }
    return conditions
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(named: node.name.text, modifiers: node.modifiers)
  }
  override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(named: node.name.text, modifiers: node.modifiers)
  }
  override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    if scopes.isEmpty, let resultEnum = resultLikeEnum(node) { resultEnums.append(resultEnum) }
    return enterType(named: node.name.text, modifiers: node.modifiers)
  }

  /// A top-level `enum Name<T>` of two cases, one carrying a `T` and one an error: an app's own
  /// result type. `DeclarationScanner` keeps every generic top-level enum for this.
  private func resultLikeEnum(_ node: EnumDeclSyntax) -> ResultLikeEnum? {
    guard let generics = node.genericParameterClause?.parameters, generics.count == 1 else {
      return nil
    }
    let value = generics.first!.name.text
    let cases = node.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
      .flatMap(\.elements)
    guard cases.count == 2 else { return nil }
    var success: String?
    var failure: String?
    for element in cases {
      guard let associated = element.parameterClause?.parameters, associated.count == 1 else {
        return nil
      }
      let type = associated.first!.type.trimmedDescription
      if type == value {
        success = element.name.text
      } else if ["Error", "any Error", "Swift.Error", "any Swift.Error"].contains(type) {
        failure = element.name.text
      }
    }
    guard let success, let failure else { return nil }
    return ResultLikeEnum(
      name: node.name.text, successCase: success, failureCase: failure, file: file)
  }
  override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(named: node.name.text, modifiers: node.modifiers)
  }
  override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    // An extension's access modifier is the default of its members, not a cap.
    let access = node.modifiers.accessLevel
    scopes.append(
      Scope(
        name: node.extendedType.normalizedText,
        defaultMemberAccess: access ?? .internal,
        accessCap: access.map { max($0, .internal) } ?? .open))
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

  private func enterType(named name: String, modifiers: DeclModifierListSyntax)
    -> SyntaxVisitorContinueKind
  {
    let access = min(modifiers.accessLevel ?? defaultAccess, accessCap)
    scopes.append(
      Scope(name: name, defaultMemberAccess: min(access, .internal), accessCap: access))
    return .visitChildren
  }

  private var defaultAccess: AccessLevel { scopes.last?.defaultMemberAccess ?? .internal }
  private var accessCap: AccessLevel { scopes.last?.accessCap ?? .open }

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    // `@testable` and `@_spi` imports only work in their own target; the plain form is what
    // generated code elsewhere can use.
    let kind = node.importKindSpecifier.map { " \($0.text)" } ?? ""
    guard let conditions = conditions(of: clauses) else { return .skipChildren }
    imports.append(
      Import(text: "import\(kind) \(node.path.normalizedText)", conditions: conditions))
    return .skipChildren
  }

  /// A top-level `typealias` of names and their compositions, the only kind a protocol can
  /// inherit through (and the only kind `DeclarationScanner` keeps).
  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    guard scopes.isEmpty, node.genericParameterClause == nil else { return .skipChildren }
    let value = node.initializer.value.typeRef
    let parts: [TypeRef] =
      if case .composition(let types) = value.shape { types } else { [value] }
    func isPlainName(_ type: TypeRef) -> Bool {
      switch type.shape {
      case .named(_, let arguments): arguments.isEmpty
      case .member(let base, _, let arguments): arguments.isEmpty && isPlainName(base)
      default: false
      }
    }
    if parts.allSatisfy(isPlainName) {
      aliases.append(
        ProtocolAlias(name: node.name.text, components: value.componentNames, file: file))
    }
    return .skipChildren
  }

  // Protocols cannot be declared inside these, so their contents need no visit.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ExpressionStmtSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  // MARK: Protocols

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    // A protocol with a syntax error would be modelled from guesses; its error is reported
    // with the file's other parse diagnostics instead.
    guard !node.hasError, let conditions = conditions(of: clauses) else { return .skipChildren }
    let comments = LeadingComments(of: node, in: source)
    let enclosingTypes = scopes.map(\.name)
    let qualifiedName = (enclosingTypes + [node.name.text]).joined(separator: ".")
    var body = Body()
    collectMembers(of: node.memberBlock.members, under: [], declaredIn: qualifiedName, into: &body)
    guard !body.hasNamelessFunction, !body.hasUnreadableClause else { return .skipChildren }
    var proto =
      ProtocolDecl(
        name: node.name.text,
        enclosingTypes: enclosingTypes,
        accessLevel: min(node.modifiers.accessLevel ?? defaultAccess, accessCap),
        documentation: comments.documentation,
        attributes: node.attributes.model,
        inheritedTypes: node.inheritanceClause.model,
        primaryAssociatedTypes: node.primaryAssociatedTypeClause?.primaryAssociatedTypes.map(
          \.name.text) ?? [],
        associatedTypes: body.associatedTypes, typeAliases: body.typeAliases,
        whereClause: node.genericWhereClause.model,
        conditions: conditions,
        annotations: annotations(from: comments, on: .protocol),
        location: location(of: node),
        requirements: body.requirements)
    proto.isDeclaredNonisolated = node.modifiers.contains {
      $0.name.tokenKind == .keyword(.nonisolated)
    }
    protocols.append(proto)
    return .skipChildren
  }

  private struct Body {
    var requirements: [Requirement] = []
    var associatedTypes: [AssociatedType] = []
    var typeAliases: [String] = []
    /// SwiftParser reads `func <T>(…)` as an operator named `<` minus the `<` it leaves for the
    /// generic clause, an empty name, and reports nothing; the compiler rejects it. Such a
    /// protocol is reported and skipped like one with a syntax error.
    var hasNamelessFunction = false
    /// A clause too far down its `#if` chain to be spelt out: the protocol is reported and
    /// skipped.
    var hasUnreadableClause = false
  }

  private func collectMembers(
    of members: MemberBlockItemListSyntax, under conditions: [String], declaredIn: String,
    into body: inout Body
  ) {
    for member in members {
      let decl = member.decl
      let context = RequirementContext(conditions: conditions, declaredIn: declaredIn)
      if let function = decl.as(FunctionDeclSyntax.self), function.name.text.isEmpty {
        diagnostics.append(
          Diagnostic(.error, "expected a name after 'func'", at: location(of: function.name)))
        body.hasNamelessFunction = true
      } else if let function = decl.as(FunctionDeclSyntax.self) {
        body.requirements.append(method(function, context))
      } else if let variable = decl.as(VariableDeclSyntax.self) {
        body.requirements += properties(variable, context)
      } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
        body.requirements.append(subscriptRequirement(subscriptDecl, context))
      } else if let initializer = decl.as(InitializerDeclSyntax.self) {
        body.requirements.append(initializerRequirement(initializer, context))
      } else if let associatedType = decl.as(AssociatedTypeDeclSyntax.self) {
        body.associatedTypes.append(
          AssociatedType(
            name: associatedType.name.text,
            inheritedTypes: associatedType.inheritanceClause.model,
            defaultType: associatedType.initializer?.value.typeRef,
            whereClause: associatedType.genericWhereClause.model,
            conditions: conditions,
            location: location(of: associatedType)))
      } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
        for clause in ifConfig.clauses {
          guard case .decls(let members)? = clause.elements else { continue }
          guard let condition = self.conditions(of: [clause])?.first else {
            body.hasUnreadableClause = true
            break
          }
          collectMembers(
            of: members, under: conditions + [condition], declaredIn: declaredIn, into: &body)
        }
      } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
        // A type alias needs no witness, but a decorator declares it again (`Duration`
        // would be Swift's in a conforming type); a generic or conditional one is left alone.
        if alias.genericParameterClause == nil, conditions.isEmpty {
          body.typeAliases.append(alias.name.text)
        }
      } else if decl.is(MacroExpansionDeclSyntax.self) {
        // `#warning` or `#error` declares nothing.
        continue
      } else {
        diagnostics.append(
          Diagnostic(
            .warning,
            "a protocol cannot require '\(decl.kind.declarationKeyword)'; Veneer ignores it",
            at: location(of: decl)))
      }
    }
  }

  // MARK: Annotations

  func annotations(from comments: LeadingComments, on target: AnnotationKeys.Target)
    -> [Annotation]
  {
    for directive in comments.detachedDirectives {
      diagnostics.append(
        Diagnostic(
          .warning,
          "veneer annotation is separated from the declaration below it by a blank line, "
            + "so it applies to nothing",
          at: location(of: directive.position)))
    }
    var annotations: [Annotation] = []
    for directive in comments.directives {
      var parser = AnnotationParser(directive.text) { offset in
        self.location(of: directive.position.advanced(by: offset))
      }
      do {
        annotations += try parser.parse()
      } catch {
        diagnostics.append(
          Diagnostic(
            .error, "malformed veneer annotation: \(error.message)",
            at: location(of: directive.position.advanced(by: error.offset))))
      }
    }
    for annotation in annotations {
      for (severity, message) in annotationKeys.problems(for: annotation, on: target) {
        diagnostics.append(Diagnostic(severity, message, at: annotation.location))
      }
    }
    return annotations
  }

  // MARK: Locations

  func location(of node: some SyntaxProtocol) -> VeneerModel.SourceLocation {
    location(of: node.positionAfterSkippingLeadingTrivia)
  }

  func location(of position: AbsolutePosition) -> VeneerModel.SourceLocation {
    let location = lines.location(of: position)
    return VeneerModel.SourceLocation(file: file, line: location.line, column: location.column)
  }
}
