import Foundation
import VeneerModel
import VeneerParser
import VeneerRenderer

/// What to generate: from which sources, with which templates, into which folder.
public struct GenerateRequest: Sendable {
  public var sources: [String]
  public var output: String
  /// Built-in template names (any case) or paths to `.stencil` files; empty means the built-ins.
  public var templates: [String]
  /// Modules the generated files import, such as the module that declares the protocols.
  public var imports: [String]
  /// Decorate every protocol, not only the annotated ones.
  public var decorateAll: Bool

  public init(
    sources: [String], output: String, templates: [String] = [], imports: [String] = [],
    decorateAll: Bool = false
  ) {
    self.sources = sources
    self.output = output
    self.templates = templates
    self.imports = imports
    self.decorateAll = decorateAll
  }
}

/// A file Veneer is to write, its path relative to the output folder.
public struct GeneratedSource: Sendable, Hashable {
  public var name: String
  public var contents: String
}

public struct Generation: Sendable {
  public var files: [GeneratedSource]
  public var diagnostics: [Diagnostic]
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Parses sources, selects protocols, and renders their decorators, all in memory.
public struct Generator: Sendable {
  public var parser: ProtocolParser
  public var renderer: any TemplateRenderer

  public init(
    parser: ProtocolParser = ProtocolParser(), renderer: any TemplateRenderer = StencilRenderer()
  ) {
    self.parser = parser
    self.renderer = renderer
  }

  public func generate(_ request: GenerateRequest) -> Generation {
    var diagnostics: [Diagnostic] = []
    let templates = resolveTemplates(request.templates, diagnostics: &diagnostics)
    let catalog = parser.parseCatalog(paths: request.sources)
    diagnostics += catalog.diagnostics
    guard !diagnostics.contains(where: { $0.severity == .error }) else {
      return Generation(files: [], diagnostics: diagnostics)
    }
    let builtInPaths = Set(BuiltInTemplates.all.map(\.path))
    var files: [GeneratedSource] = []
    var fileOwners: [String: String] = [:]
    for proto in catalog.protocols {
      let selected = selectTemplates(for: proto, from: templates, decorateAll: request.decorateAll)
      guard !selected.isEmpty else { continue }
      let plan: ProtocolPlan
      switch ProtocolPlan.make(for: proto) {
      case .success(let made): plan = made
      case .failure(let unsupported):
        diagnostics.append(unsupported.diagnostic)
        continue
      }
      diagnostics += plan.diagnostics
      var bodies: [String] = []
      do {
        for template in selected {
          bodies.append(try renderer.render(template, plan: plan))
        }
      } catch {
        diagnostics.append(error.diagnostic)
        continue
      }
      let name = "\(plan.decoratorSuffix)+Decorators.swift"
      if let owner = fileOwners[name] {
        diagnostics.append(
          Diagnostic(
            .error, "\(proto.qualifiedName) and \(owner) would both be written to \(name)",
            at: proto.location))
        continue
      }
      fileOwners[name] = proto.qualifiedName
      let usesBuiltIns = selected.contains { builtInPaths.contains($0.path) }
      files.append(
        GeneratedSource(
          name: name,
          contents: fileContents(
            proto: proto, bodies: bodies, imports: request.imports, usesRuntime: usesBuiltIns)))
    }
    return Generation(files: files, diagnostics: diagnostics)
  }

  /// Built-in templates by name, or template files by path.
  private func resolveTemplates(_ names: [String], diagnostics: inout [Diagnostic])
    -> [TemplateSource]
  {
    guard !names.isEmpty else { return BuiltInTemplates.all }
    return names.compactMap { name in
      if let builtIn = BuiltInTemplates.all.first(where: {
        $0.name.lowercased() == name.lowercased()
      }) {
        return builtIn
      }
      if let data = FileManager.default.contents(atPath: name) {
        let baseName = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
        return TemplateSource(
          name: baseName, path: name, text: String(decoding: data, as: UTF8.self))
      }
      let hint = Spelling.suggestion(
        for: name, among: BuiltInTemplates.all.map { $0.name.lowercased() })
      diagnostics.append(
        Diagnostic(
          .error,
          "no built-in template or template file named '\(name)'"
            + (hint.map { "; did you mean '\($0)'?" } ?? ""),
          file: name))
      return nil
    }
  }

  /// The templates a protocol gets: those its annotations name (or all with `--all`), less
  /// those it skips.
  private func selectTemplates(
    for proto: ProtocolDecl, from templates: [TemplateSource], decorateAll: Bool
  ) -> [TemplateSource] {
    var skipped: Set<String> = []
    for annotation in proto.annotations where annotation.key == "skip" {
      if annotation.arguments.isEmpty { return [] }
      skipped.formUnion(annotation.positionalValues.flatMap(\.texts).map { $0.lowercased() })
    }
    let requested = Set(proto.annotations.map { $0.key.lowercased() })
    return templates.filter { template in
      let name = template.name.lowercased()
      return !skipped.contains(name) && (decorateAll || requested.contains(name))
    }
  }

  private func fileContents(
    proto: ProtocolDecl, bodies: [String], imports: [String], usesRuntime: Bool
  ) -> String {
    var plainImports = Set(imports.map { "import \($0)" })
    var conditionalImports: [Import] = []
    for sourceImport in proto.imports {
      if sourceImport.conditions.isEmpty {
        plainImports.insert(sourceImport.text)
      } else if !conditionalImports.contains(sourceImport) {
        conditionalImports.append(sourceImport)
      }
    }
    if usesRuntime {
      plainImports.formUnion(["import Logging", "import VeneerRuntime"])
    }
    var lines = [
      GeneratedFile.header,
      "// Decorators of \(proto.qualifiedName), declared in \(URL(fileURLWithPath: proto.location.file).lastPathComponent).",
      "",
    ]
    lines += plainImports.sorted()
    for conditional in conditionalImports {
      lines +=
        conditional.conditions.map { "#if \($0)" } + ["  " + conditional.text]
        + conditional.conditions.map { _ in "#endif" }
    }
    lines.append("")
    return lines.joined(separator: "\n") + "\n" + bodies.joined(separator: "\n")
  }
}
