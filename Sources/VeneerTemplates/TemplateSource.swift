import Foundation
import VeneerModel

/// A template's text and where it came from, for error messages.
package struct TemplateSource: Sendable, Hashable {
  /// The name protocols select it by, e.g. `Logging`.
  package var name: String
  /// `Sources/VeneerRenderer/BuiltIns/Logging/Logging.stencil`, or the user's path.
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

/// A module a template's code imports, as `{# imports: … #}` lists it: `Logging`,
/// `@_spi(Internal) MyKit` for a module's SPI group, or one declaration of a module,
/// `struct Logging.Logger`, so that the module's other names (Tracing's `Span`, CoreMetrics'
/// `Timer`) do not hide the standard library's or Foundation's in the generated file.
package struct TemplateImport: Sendable, Hashable {
  package var module: String
  /// The SPI group imported with it: `Internal` for `@_spi(Internal)`.
  package var spi: String?
  /// The one declaration imported, as `kind Module.Name` names it: `struct Logging.Logger`.
  package var declaration: Declaration?

  package struct Declaration: Sendable, Hashable {
    package var kind: String
    package var name: String
  }

  /// The kinds of declaration an import can name.
  package static let declarationKinds: Set<Substring> = [
    "struct", "class", "enum", "protocol", "func", "var", "let", "typealias",
  ]

  /// The import an entry names, or nil when it names no module (a located error elsewhere).
  package init?(_ entry: String) {
    var rest = Substring(entry)
    if rest.hasPrefix("@_spi("), let close = rest.firstIndex(of: ")") {
      let group = String(rest[rest.index(rest.startIndex, offsetBy: 6)..<close])
      guard SwiftWords.isPlainIdentifier(group) else { return nil }
      spi = group
      rest = rest[rest.index(after: close)...].drop { $0 == " " }
    }
    if let space = rest.firstIndex(of: " "), Self.declarationKinds.contains(rest[..<space]) {
      let kind = String(rest[..<space])
      let path = rest[rest.index(after: space)...].drop { $0 == " " }
      guard let dot = path.firstIndex(of: "."),
        SwiftWords.isPlainIdentifier(String(path[path.index(after: dot)...]))
      else { return nil }
      declaration = Declaration(kind: kind, name: String(path[path.index(after: dot)...]))
      rest = path[..<dot]
    }
    guard SwiftWords.isModuleName(String(rest)) else { return nil }
    module = String(rest)
  }

  /// `@_spi(Internal) import MyKit`, or `import struct Logging.Logger`.
  package var statement: String {
    let imported = declaration.map { "\($0.kind) \(module).\($0.name)" } ?? module
    return (spi.map { "@_spi(\($0)) " } ?? "") + "import \(imported)"
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
