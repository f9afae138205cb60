import SwiftDiagnostics
import SwiftParserDiagnostics
import SwiftSyntax
import VeneerModel

/// SwiftParser's own messages for a tree with syntax errors, located in `converter`'s file.
/// Past `maximumMissingTokens` code missing, one error at the first: SwiftParserDiagnostics'
/// time grows with the square of their number (a line of 4,000 commas took half a minute).
func syntaxDiagnostics(
  of tree: SourceFileSyntax, file: String, converter: SourceLocationConverter
)
  -> [VeneerModel.Diagnostic]
{
  var missing = 0
  var firstMissing: AbsolutePosition?
  for token in tree.tokens(viewMode: .all) where token.presence == .missing {
    missing += 1
    firstMissing = firstMissing ?? token.position
  }
  if missing > maximumMissingTokens, let firstMissing {
    let position = converter.location(for: firstMissing)
    return [
      VeneerModel.Diagnostic(
        .error,
        "\(missing) places where code is missing, the first here; SwiftParser's messages are "
          + "given for at most \(maximumMissingTokens)",
        at: VeneerModel.SourceLocation(file: file, line: position.line, column: position.column))
    ]
  }
  return ParseDiagnosticsGenerator.diagnostics(for: tree).map { diagnostic in
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

let maximumMissingTokens = 100
