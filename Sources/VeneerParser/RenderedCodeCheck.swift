import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// What a template rendered for one protocol, read back by the parser before anything is
/// written: it must parse, and declare only what Veneer planned — the decorator type and
/// extensions of the protocol, each possibly inside `#if` — never a function, a variable or a
/// statement at the top level, where text that reached a template could run as code.
package enum RenderedCodeCheck {
  /// A problem, at its UTF-8 offset in `code`.
  package struct Problem: Error, Equatable, Sendable {
    package var offset: Int
    package var message: String
  }

  /// The first problem of `code`, rendered to declare the type `typeName` and extensions of
  /// `protocolName`; nil when it has none.
  package static func problem(in code: String, typeName: String, protocolName: String)
    -> Problem?
  {
    guard case .failure(let problem) = parsed(code, typeName: typeName, protocolName: protocolName)
    else { return nil }
    return problem
  }

  /// `code` as it was read to check it, or its first problem: a caller that needs the syntax
  /// (a macro handing the compiler its expansion) reads the text once.
  package static func parsed(_ code: String, typeName: String, protocolName: String)
    -> Result<SourceFileSyntax, Problem>
  {
    // Bounded before SwiftParser reads it, as sources are: a template's loop can write anything.
    if let tooDeep = NestingGuard.firstProblem(in: Array(code.utf8), limits: .rendered) {
      return .failure(
        Problem(offset: tooDeep.offset, message: "the code it rendered has \(tooDeep.message)"))
    }
    var code = code
    let tree = code.withUTF8 {
      Parser.parse(source: $0, maximumNestingLevel: NestingGuard.Limits.rendered.nesting)
    }
    if tree.hasError,
      let diagnostic = ParseDiagnosticsGenerator.diagnostics(for: tree).first
    {
      return .failure(
        Problem(
          offset: diagnostic.position.utf8Offset,
          message: "the code it rendered does not parse: \(diagnostic.message)"))
    }
    if let problem = problem(
      in: tree.statements, typeName: withoutBackticks(typeName),
      protocolName: withoutBackticks(protocolName))
    {
      return .failure(problem)
    }
    return .success(tree)
  }

  private static func problem(
    in items: CodeBlockItemListSyntax, typeName: String, protocolName: String
  ) -> Problem? {
    for item in items {
      let offset = item.positionAfterSkippingLeadingTrivia.utf8Offset
      guard case .decl(let declaration) = item.item else {
        return Problem(
          offset: offset, message: "it rendered a statement at the top level, which would run")
      }
      if let conditional = declaration.as(IfConfigDeclSyntax.self) {
        for clause in conditional.clauses {
          guard let elements = clause.elements else { continue }
          guard case .statements(let statements) = elements else {
            return Problem(offset: offset, message: "it rendered an unexpected '#if' block")
          }
          if let problem = problem(in: statements, typeName: typeName, protocolName: protocolName) {
            return problem
          }
        }
        continue
      }
      let declared: String?
      if let type = declaration.asProtocol(NamedDeclSyntax.self),
        declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self)
          || declaration.is(ActorDeclSyntax.self) || declaration.is(EnumDeclSyntax.self)
      {
        declared = type.name.text
        if withoutBackticks(type.name.text) == typeName { continue }
      } else if let extended = declaration.as(ExtensionDeclSyntax.self) {
        declared = "extension \(extended.extendedType.trimmedDescription)"
        if withoutBackticks(extended.extendedType.trimmedDescription) == protocolName { continue }
      } else {
        declared = nil
      }
      let planned = "only \(typeName) and extensions of \(protocolName) are planned"
      return Problem(
        offset: offset,
        message: declared.map { "it declares \($0), but \(planned)" }
          ?? "it declares something other than a type or an extension at the top level, but "
          + planned)
    }
    return nil
  }

  /// A name, possibly qualified, as compared: raw identifiers and keywords without backticks.
  private static func withoutBackticks(_ name: String) -> String {
    name.filter { $0 != "`" }
  }
}
