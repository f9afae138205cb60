import Foundation
import VeneerModel

/// A template's text and where it came from, for error messages.
package struct TemplateSource: Sendable, Hashable {
  /// The name protocols select it by, e.g. `Logging`.
  package var name: String
  /// `Templates/Logging.stencil`, or the user's path.
  package var path: String
  package var text: String
  /// Settings from `veneer.yml` for this template, which it reads as `options.NAME`.
  package var options: [String: String]

  /// What the template's leading `{# … #}` comment says it does.
  package var summary: String? {
    guard text.hasPrefix("{#"), let end = text.range(of: "#}") else { return nil }
    return text[text.index(text.startIndex, offsetBy: 2)..<end.lowerBound]
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Modules the generated code needs, from a `{# imports: Logging, VeneerRuntime #}` comment.
  package var imports: [String] {
    guard let start = text.range(of: "{# imports:"),
      let end = text[start.upperBound...].range(of: "#}")
    else { return [] }
    // Trimmed by hand: Foundation's `trimmingCharacters(in:)` builds its character set on first
    // use.
    return text[start.upperBound..<end.lowerBound].split(separator: ",").compactMap { name in
      guard let first = name.firstIndex(where: { !$0.isWhitespace }),
        let last = name.lastIndex(where: { !$0.isWhitespace })
      else { return nil }
      return String(name[first...last])
    }
  }

  package init(name: String, path: String, text: String, options: [String: String] = [:]) {
    self.name = name
    self.path = path
    self.text = text
    self.options = options
  }
}

/// A template that failed to compile or render, located in the template.
package struct TemplateError: Error, Sendable, CustomStringConvertible {
  package var diagnostic: Diagnostic
  package var description: String { diagnostic.description }

  package init(diagnostic: Diagnostic) {
    self.diagnostic = diagnostic
  }
}

/// A template's mistakes, every one located.
package struct TemplateErrors: Error, Sendable {
  package var diagnostics: [Diagnostic]
}
