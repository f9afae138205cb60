import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacros
import VeneerGenerator
import VeneerModel
import VeneerParser
import VeneerRenderer

@main
struct VeneerMacrosPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [DecoratedMacro.self]
}

/// `@Decorated`: the protocol's text and the macro's arguments, as a `veneer.yml`, through the
/// generator's own stages; the decorator types become peers, their helpers extensions.
public enum DecoratedMacro: PeerMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    // Diagnostics are said once, by this role.
    let expansion = DecoratedExpansion(node, declaration, context: context)
    return expansion.declarations.filter { !$0.is(ExtensionDeclSyntax.self) }
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    DecoratedExpansion(node, declaration, context: nil).declarations.compactMap {
      $0.as(ExtensionDeclSyntax.self)
    }
  }
}

struct DecoratedExpansion {
  var declarations: [DeclSyntax] = []

  init(
    _ node: AttributeSyntax, _ declaration: some SyntaxProtocol,
    context: (any MacroExpansionContext)?
  ) {
    func report(_ message: String, at place: some SyntaxProtocol) {
      context?.diagnose(Diagnostic(node: place, message: DecoratedMessage(message)))
    }
    guard let proto = declaration.as(ProtocolDeclSyntax.self) else {
      report("@Decorated applies to a protocol", at: node)
      return
    }
    var templates: [String] = []
    var options: [String] = []
    for argument in node.arguments?.as(LabeledExprListSyntax.self) ?? [] {
      let member =
        argument.expression.as(MemberAccessExprSyntax.self)
        ?? argument.expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(
          MemberAccessExprSyntax.self)
      guard let name = member?.declName.baseName.text, BuiltInDecorators.named(name) != nil else {
        report(
          "'\(argument.expression.trimmedDescription)' is not a built-in decorator "
            + "(\(BuiltInDecorators.typedNames)); templates of your own need the build plugin "
            + "(VeneerPlugin) or 'veneer generate': a macro reads no file", at: argument)
        return
      }
      templates.append(name)
      let settings = (argument.expression.as(FunctionCallExprSyntax.self)?.arguments ?? [])
        .compactMap { setting -> String? in
          setting.label.map { "\($0.text): \(setting.expression.trimmedDescription)" }
        }
      if !settings.isEmpty {
        options.append("  \(name): {\(settings.joined(separator: ", "))}")
      }
    }
    let name = proto.name.text
    let yaml =
      "sources: [\(name).swift]\noutput: Generated\nselection: all\n"
      + "templates: [\(templates.joined(separator: ", "))]\n"
      + (options.isEmpty ? "" : "options:\n" + options.joined(separator: "\n") + "\n")
    let parsed = ConfigurationFile.parse(yaml, file: "@Decorated", directory: "/")
    for problem in parsed.diagnostics where problem.severity == .error {
      report(problem.message, at: node)
    }
    guard !parsed.diagnostics.contains(where: { $0.severity == .error }) else { return }

    // The protocol as written, the attribute blanked so that every other byte keeps its place:
    // a diagnostic's line and column find its token in the declaration.
    var text = Array(proto.description.utf8)
    for attribute in proto.attributes
    where attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Decorated" {
      let start =
        attribute.positionAfterSkippingLeadingTrivia.utf8Offset - proto.position.utf8Offset
      for offset in start..<(start + attribute.trimmedLength.utf8Length)
      where text[offset] != UInt8(ascii: "\n") {
        text[offset] = UInt8(ascii: " ")
      }
    }
    let source = String(decoding: text, as: UTF8.self)
    /// The token a diagnostic's line and column fall in, and its exact position: annotations
    /// are comments, the trivia of the token after them.
    func place(of location: VeneerModel.SourceLocation?) -> (Syntax, AbsolutePosition?) {
      guard let location else { return (Syntax(proto.name), nil) }
      let lines = source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      let offset =
        lines.prefix(max(location.line - 1, 0)).map { $0.count + 1 }.reduce(0, +)
        + max(location.column - 1, 0)
      let position = proto.position.advanced(by: offset)
      guard let token = proto.token(at: position) else { return (Syntax(proto.name), nil) }
      return (Syntax(token), position)
    }

    // A macro sees this declaration alone: what it inherits from elsewhere it cannot know.
    let model = ProtocolParser.resolve([
      ProtocolParser.withBuiltIns.parse(source: source, file: "/\(name).swift")
    ])
    if let external = model.protocols.first?.externalProtocols.first {
      report(
        "@Decorated sees only this declaration, and '\(external)' is declared elsewhere: "
          + "decorate \(name) with the build plugin (VeneerPlugin) or 'veneer generate', which "
          + "read the files that declare what it inherits", at: proto.name)
      return
    }
    let generation = Generator().generate(parsed.configuration, texts: [("/\(name).swift", source)])
    for problem in generation.diagnostics {
      let (node, position) = place(of: problem.location)
      context?.diagnose(
        Diagnostic(
          node: node, position: position,
          message: DecoratedMessage(
            problem.message, severity: problem.severity == .error ? .error : .warning)))
    }
    guard let file = generation.files.first else { return }
    let tree = Parser.parse(source: file.contents)
    declarations = tree.statements.compactMap { $0.item.as(DeclSyntax.self) }.filter {
      !$0.is(ImportDeclSyntax.self)
    }
  }
}

struct DecoratedMessage: DiagnosticMessage {
  let message: String
  let diagnosticID = MessageID(domain: "VeneerMacros", id: "Decorated")
  let severity: DiagnosticSeverity

  init(_ message: String, severity: DiagnosticSeverity = .error) {
    self.message = message
    self.severity = severity
  }
}
