import VeneerTemplates

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
      guard Naming.isPlainIdentifier(group) else { return nil }
      spi = group
      rest = rest[rest.index(after: close)...].drop { $0 == " " }
    }
    if let space = rest.firstIndex(of: " "), Self.declarationKinds.contains(rest[..<space]) {
      let kind = String(rest[..<space])
      let path = rest[rest.index(after: space)...].drop { $0 == " " }
      guard let dot = path.firstIndex(of: "."),
        Naming.isPlainIdentifier(String(path[path.index(after: dot)...]))
      else { return nil }
      declaration = Declaration(kind: kind, name: String(path[path.index(after: dot)...]))
      rest = path[..<dot]
    }
    guard Naming.isModuleName(String(rest)) else { return nil }
    module = String(rest)
  }

  /// `@_spi(Internal) import MyKit`, or `import struct Logging.Logger`.
  package var statement: String {
    let imported = declaration.map { "\($0.kind) \(module).\($0.name)" } ?? module
    return (spi.map { "@_spi(\($0)) " } ?? "") + "import \(imported)"
  }
}

extension CompiledTemplate {
  /// The modules its code imports, from `source.imports`, read once when it was compiled.
  package var imports: [TemplateImport] { importEntries.compactMap(TemplateImport.init) }
}
