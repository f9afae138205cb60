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
  /// What it renders, which decides what `plan` is.
  package var language: TemplateLanguage
  /// The templates its `include` and `extends` tags name, by the name they give, and theirs.
  package var parts: [String: TemplatePart]

  /// What the template's leading `{# … #}` comment says it does.
  package var summary: String? {
    guard text.hasPrefix("{#"), let end = text.range(of: "#}") else { return nil }
    return text[text.index(text.startIndex, offsetBy: 2)..<end.lowerBound]
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Modules the generated code needs, from a `{# imports: Logging, VeneerRuntime #}` comment;
  /// `@_spi(Internal) MyKit` imports a module's SPI group.
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

  /// The labelled arguments its annotation takes, from an `{# arguments: attempts: number,
  /// backoff: number #}` comment, each with the kind of value it must be (`number`, `string`,
  /// `bool`, `text`, `names`, `lifetime`); nil without one. A misspelt kind is kept as written,
  /// for the configuration's checks to report.
  package var declaredArguments: [(label: String, kind: String)]? {
    // Searched byte by byte: Foundation's `range(of:)` over a whole template was most of what
    // a macro expansion spent outside SwiftParser.
    guard let start = text.rangeOfBytes(of: "{# arguments:", from: text.startIndex),
      let end = text.rangeOfBytes(of: "#}", from: start.upperBound)
    else { return nil }
    return text[start.upperBound..<end.lowerBound].split(separator: ",").map { entry in
      let parts = entry.split(separator: ":", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
    }
  }

  /// The part names `text`'s `include` and `extends` tags give, for loading them.
  package static func partNames(in text: String) -> [String] {
    TemplateSyntax.partNames(in: text)
  }

  package init(
    name: String, path: String, text: String, options: [String: String] = [:],
    language: TemplateLanguage = .swift, parts: [String: TemplatePart] = [:]
  ) {
    self.name = name
    self.path = path
    self.text = text
    self.options = options
    self.language = language
    self.parts = parts
  }
}

/// What a template renders: Swift, or one half of an Objective-C decorator (its header or its
/// implementation); each language has its own variables in the vocabulary.
package enum TemplateLanguage: Sendable, Hashable {
  case swift
  case objectiveC
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
