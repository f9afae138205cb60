import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerTemplates

/// Stage 6, assemble: the rendered decorators put into files, each with the header, the
/// imports its protocols and templates need, and a line saying what it holds.
enum FileAssembly {
  /// The files of `rendering`: one per source file under `configuration.sourceFileRoot`, or else
  /// one per protocol.
  static func files(
    of rendering: Rendering, sources: [String], _ configuration: Configuration
  ) -> [AssembledFile] {
    guard let root = configuration.sourceFileRoot else {
      return filesPerProtocol(rendering.rendered, configuration)
    }
    return filesPerSourceFile(rendering.rendered, sources: sources, root: root, configuration)
  }

  /// A file per protocol, named by `naming.file`; one protocol's `#if` branches share one.
  /// Files of different protocols that would share a name are all returned, for
  /// `OutputNames` to report.
  static func filesPerProtocol(_ rendered: [RenderedProtocol], _ configuration: Configuration)
    -> [AssembledFile]
  {
    // By file name, whatever order the sources were given in.
    var groups: [String: [RenderedProtocol]] = [:]
    for item in rendered { groups[item.fileName, default: []].append(item) }
    return groups.sorted { $0.key < $1.key }.flatMap { _, items in
      // One protocol declared in exclusive `#if` branches (`#if compiler(>=6.2)` … `#else` …)
      // gets one file, each branch's decorators under its own conditions.
      if items.count > 1, Self.areBranchesOfOneProtocol(items.map(\.proto)) {
        return [AssembledFile(Self.file(of: items, configuration))]
      }
      return items.map { $0.file ?? AssembledFile(Self.file(of: [$0], configuration)) }
    }
  }

  /// The file of `items`, one protocol or the `#if` branches of one, named after the first.
  static func file(of items: [RenderedProtocol], _ configuration: Configuration)
    -> GeneratedSource
  {
    let first = items[0]
    let sourceName = FileBytes.fileName(of: first.proto.location.file)
    return GeneratedSource(
      name: first.fileName,
      contents: fileContents(
        description:
          "Decorators of \(first.proto.qualifiedName), declared in \(sourceName.escapedForComment).",
        items, imports: configuration.imports),
      origin: .protocolDecorators(name: first.proto.qualifiedName, at: first.proto.location))
  }

  /// Whether `protocols` are one protocol declared under different `#if` conditions.
  static func areBranchesOfOneProtocol(_ protocols: [ProtocolDecl]) -> Bool {
    Set(protocols.map(\.qualifiedName)).count == 1
      && protocols.allSatisfy { !$0.conditions.isEmpty }
      && Set(protocols.map(\.conditions)).count == protocols.count
  }

  /// One file for every source file, even those with nothing to decorate, named after the
  /// source's path under `root`: `Services/Shows.swift` gives `Services.Shows+Decorators.swift`.
  static func filesPerSourceFile(
    _ rendered: [RenderedProtocol], sources: [String], root: String,
    _ configuration: Configuration
  ) -> [AssembledFile] {
    let byFile = Dictionary(grouping: rendered, by: \.proto.location.file)
    return sources.map { source in
      let (relative, stem) = Self.path(of: source, under: root)
      let items = byFile[source] ?? []
      return AssembledFile(
        GeneratedSource(
          name: Self.perSourceFileName(forSourceAt: stem),
          contents: Self.fileContents(
            description: items.isEmpty
              ? "Nothing in \(relative.escapedForComment) is decorated."
              : "Decorators of the protocols in \(relative.escapedForComment).",
            items, imports: configuration.imports),
          origin: .sourceDecorators(relativePath: relative, source: source)))
    }
  }

  /// `Services.Shows+Decorators.swift` for `Services/Shows`; the build plugin declares the same.
  static func perSourceFileName(forSourceAt relativePathWithoutExtension: String) -> String {
    perSourceName(forSourceAt: relativePathWithoutExtension) + "+Decorators.swift"
  }

  /// `Services.Shows` for `Services/Shows`: what a source's outputs are named by (its
  /// decorators' file, and for Bazel its folder of references).
  static func perSourceName(forSourceAt relativePathWithoutExtension: String) -> String {
    relativePathWithoutExtension.replacingOccurrences(of: "/", with: ".")
  }

  /// `source`'s path under `root` (all of it when it is elsewhere), and that path without
  /// `.swift`.
  static func path(of source: String, under root: String) -> (relative: String, stem: String) {
    let rootPrefix = root.hasSuffix("/") ? root : root + "/"
    let relative =
      source.hasPrefix(rootPrefix) ? String(source.dropFirst(rootPrefix.count)) : source
    return (relative, relative.hasSuffix(".swift") ? String(relative.dropLast(6)) : relative)
  }

  private static func fileContents(
    description: String, _ items: [RenderedProtocol], imports: [String]
  ) -> String {
    var plainImports = Set(imports.map { "import \($0)" })
    var conditionalImports: [Import] = []
    for sourceImport in items.flatMap(\.proto.imports) {
      if sourceImport.conditions.isEmpty {
        plainImports.insert(sourceImport.text)
      } else if !conditionalImports.contains(sourceImport) {
        conditionalImports.append(sourceImport)
      }
    }
    let templateImports = Set(items.flatMap(\.templateImports))
    plainImports.formUnion(templateImports.map(\.statement))
    // An SPI import of a module gives all that a plain one does.
    for spiImport in templateImports where spiImport.spi != nil {
      plainImports.remove("import \(spiImport.module)")
    }
    guard !items.isEmpty else { return "\(GeneratedFile.header)\n// \(description)\n" }
    // Appended to one string, sized first: the bodies are most of it, and joining them apart
    // copied them twice more.
    let bodies = items.flatMap(\.bodies)
    var contents = ""
    contents.reserveCapacity(
      bodies.reduce(bodies.count + 512) { $0 + $1.utf8.count } + description.utf8.count)
    func appendLine(_ line: String) {
      contents += line
      contents += "\n"
    }
    appendLine(GeneratedFile.header)
    appendLine("// \(description)")
    appendLine("")
    // Each statement's order worked out once, not in every comparison.
    for order in plainImports.map(ImportOrder.init).sorted() { appendLine(order.statement) }
    for conditional in conditionalImports {
      for condition in conditional.conditions { appendLine("#if \(condition)") }
      appendLine("  " + conditional.text)
      for _ in conditional.conditions { appendLine("#endif") }
    }
    // One blank line before the code, not two when nothing is imported.
    if !plainImports.isEmpty || !conditionalImports.isEmpty { appendLine("") }
    for (index, body) in bodies.enumerated() {
      if index > 0 { contents += "\n" }
      contents += body
    }
    return contents
  }
}

/// Where `swift format` puts an import statement: regular imports (`@_spi` ones among them),
/// then declaration imports (`import class Foundation.JSONDecoder`), then `@testable` ones, each
/// group by the module path it names, whatever attributes precede `import`.
private struct ImportOrder: Comparable {
  var group: Int
  var path: Substring
  var statement: String

  init(_ statement: String) {
    self.statement = statement
    // Nearly every statement is a plain `import Module`: visible ASCII after one space, each
    // byte a character.
    let bytes = statement.utf8
    if bytes.count > 7, bytes.starts(with: "import ".utf8),
      bytes.dropFirst(7).allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    {
      (group, path) = (0, statement.dropFirst(7))
      return
    }
    let words = statement.split(separator: " ")
    let keyword = words.firstIndex(of: "import") ?? 0
    let isDeclaration =
      keyword + 2 < words.count && TemplateImport.declarationKinds.contains(words[keyword + 1])
    group = words.contains("@testable") ? 2 : isDeclaration ? 1 : 0
    path =
      words.indices.contains(keyword + (isDeclaration ? 2 : 1))
      ? words[keyword + (isDeclaration ? 2 : 1)] : statement[...]
  }

  static func < (left: ImportOrder, right: ImportOrder) -> Bool {
    (left.group, left.path, left.statement) < (right.group, right.path, right.statement)
  }
}

/// A generated file and how many lines it has.
struct AssembledFile: Sendable {
  var source: GeneratedSource
  var lines: Int

  init(_ source: GeneratedSource) {
    self.source = source
    lines = source.contents.newlineCount
  }
}
