import SwiftDiagnostics
import SwiftParserDiagnostics
import SwiftSyntax
import VeneerModel

/// SwiftParser's own messages for a tree with syntax errors, located in `converter`'s file.
func syntaxDiagnostics(
  of tree: SourceFileSyntax, file: String, converter: SourceLocationConverter
)
  -> [VeneerModel.Diagnostic]
{
  ParseDiagnosticsGenerator.diagnostics(for: tree).map { diagnostic in
    let position = diagnostic.location(converter: converter)
    let severity: VeneerModel.Diagnostic.Severity =
      switch diagnostic.diagMessage.severity {
      case .error: .error
      case .warning: .warning
      default: .note
      }
    return VeneerModel.Diagnostic(
      severity, diagnostic.message,
      at: VeneerModel.SourceLocation(
        file: file, line: position.line, column: position.column))
  }
}
