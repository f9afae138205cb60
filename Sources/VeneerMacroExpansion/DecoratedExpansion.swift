import Foundation
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacros
import VeneerGenerator
import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerSupport

/// What `@Decorated` expands to: the protocol's text and the macro's arguments, as a
/// `veneer.yml`, through the generator's own stages; in a library of its own so that the
/// benchmark times it as the macro runs it.
package struct DecoratedExpansion {
  /// The decorator types and the extensions with their helpers, in the order the CLI writes
  /// them.
  package var declarations: [DeclSyntax] = []

  /// The expansion of `node` on `declaration`; its diagnostics go to `context`. The compiler
  /// asks once for the peers and once for the extensions: the second of two asks in a row is
  /// answered from the first.
  package init(
    _ node: AttributeSyntax, _ declaration: some SyntaxProtocol,
    context: (any MacroExpansionContext)?
  ) {
    let key = node.description + "\u{0}" + declaration.description
    if context == nil, let last = Self.last.withLock({ $0 }), last.key == key {
      self = DecoratedExpansion(declarations: last.declarations)
      return
    }
    self.init(expanding: node, declaration, context: context)
    let made = (key: key, declarations: declarations)
    Self.last.withLock { $0 = made }
  }

  private init(declarations: [DeclSyntax]) { self.declarations = declarations }

  /// The last expansion made, by its attribute and declaration.
  private static let last = LockedValue<(key: String, declarations: [DeclSyntax])?>(nil)

  private init(
    expanding node: AttributeSyntax, _ declaration: some SyntaxProtocol,
    context: (any MacroExpansionContext)?
  ) {
    func report(_ message: String, at place: some SyntaxProtocol) {
      context?.diagnose(Diagnostic(node: place, message: DecoratedMessage(message)))
    }
    guard let proto = declaration.as(ProtocolDeclSyntax.self) else {
      report("@Decorated applies to a protocol", at: node)
      return
    }
    let name = proto.name.text
    guard
      let arguments = MacroArguments(node, protocolName: name, report: { report($0, at: $1) })
    else { return }
    let parsed = ConfigurationFile.parse(
      arguments.yaml, file: MacroArguments.file, directory: "/")
    for problem in parsed.diagnostics where problem.severity == .error {
      report(problem.message, at: arguments.node(at: problem.location))
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
      if problem.location?.file == MacroArguments.file {
        let node = arguments.node(at: problem.location)
        context?.diagnose(
          Diagnostic(
            node: node,
            message: DecoratedMessage(
              Self.namingTheArgument(problem.message, at: node),
              severity: problem.severity.macroSeverity)))
        continue
      }
      let (node, position) = place(of: problem.location)
      context?.diagnose(
        Diagnostic(
          node: node, position: position,
          message: DecoratedMessage(problem.message, severity: problem.severity.macroSeverity),
          fixIts: Self.suggestedFixIt(problem.message, at: position, in: node).map { [$0] } ?? []
        ))
    }
    guard !generation.files.isEmpty else { return }
    // As the generator's check read them: the expansion is not read a third time.
    declarations = generation.declarations
    if let condition = arguments.condition {
      declarations = Self.compiled(declarations, under: condition)
    }
  }
}

extension DecoratedExpansion {
  /// A message about what the attribute's `cached:` or `idempotent:` lists, which the
  /// generator reads as `veneer.yml`'s `annotations:`, naming the argument the user wrote.
  static func namingTheArgument(_ message: String, at node: Syntax) -> String {
    let prefix = "'annotations' names "
    guard message.hasPrefix(prefix) else { return message }
    var ancestor: Syntax? = node
    while let current = ancestor {
      if let label = current.as(LabeledExprSyntax.self)?.label?.text {
        return "'\(label)' names " + message.dropFirst(prefix.count)
      }
      ancestor = current.parent
    }
    return message
  }

  /// For a message that suggests a word ("did you mean 'logging'?"), the fix-it that writes it
  /// in place of the word at `position`, in the comment before `node`'s token.
  static func suggestedFixIt(_ message: String, at position: AbsolutePosition?, in node: Syntax)
    -> FixIt?
  {
    guard let position, let token = node.as(TokenSyntax.self),
      let open = message.range(of: "did you mean '"),
      let close = message[open.upperBound...].firstIndex(of: "'")
    else { return nil }
    let suggestion = String(message[open.upperBound..<close])
    var trivia = Array(token.leadingTrivia.description.utf8)
    let start = position.utf8Offset - token.position.utf8Offset
    guard start >= 0, start < trivia.count else { return nil }
    var end = start
    while end < trivia.count,
      trivia[end] == UInt8(ascii: "_") || (trivia[end] >= 0x30 && trivia[end] <= 0x39)
        || ((trivia[end] | 0x20) >= 0x61 && (trivia[end] | 0x20) <= 0x7A)
    {
      end += 1
    }
    guard end > start else { return nil }
    trivia.replaceSubrange(start..<end, with: Array(suggestion.utf8))
    // The edited comments read back as trivia: lexed before a token.
    let edited = Parser.parse(source: String(decoding: trivia, as: UTF8.self) + "x")
      .firstToken(viewMode: .sourceAccurate)?.leadingTrivia
    guard let edited else { return nil }
    return FixIt(
      message: DecoratedFixIt("write '\(suggestion)'"),
      changes: [.replaceLeadingTrivia(token: token, newTrivia: edited)])
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

struct DecoratedFixIt: FixItMessage {
  let message: String
  let fixItID = MessageID(domain: "VeneerMacros", id: "Suggestion")

  init(_ message: String) { self.message = message }
}

extension VeneerModel.Diagnostic.Severity {
  /// The compiler's severity of the same word: a note stays a note, so that what the CLI says of
  /// a protocol reaches the compiler's output as it is, and breaks no warnings-as-errors build.
  var macroSeverity: DiagnosticSeverity {
    switch self {
    case .error: .error
    case .warning: .warning
    case .note: .note
    }
  }
}
