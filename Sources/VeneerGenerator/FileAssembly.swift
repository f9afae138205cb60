import VeneerModel
import VeneerParser
import VeneerRenderer

/// Stage 6, assemble: the rendered decorators put into files, each with the header, the
/// imports its protocols and templates need, and a line saying what it holds.
enum FileAssembly {
  /// A file per protocol, named by `naming.file`; one protocol's `#if` branches share one.
  static func filesPerProtocol(
    _ rendered: [RenderedProtocol], _ configuration: Configuration,
    _ diagnostics: inout [Diagnostic]
  ) -> [AssembledFile] {
    // By file name, whatever order the sources were given in.
    var groups: [String: [RenderedProtocol]] = [:]
    for item in rendered { groups[item.fileName, default: []].append(item) }
    diagnostics += Self.namesDifferingOnlyInCase(groups)
    return groups.sorted { $0.key < $1.key }.compactMap { fileName, items in
      let first = items[0]
      // One protocol declared in exclusive `#if` branches (`#if compiler(>=6.2)` … `#else` …)
      // gets one file, each branch's decorators under its own conditions.
      guard items.count == 1 || Self.areBranchesOfOneProtocol(items.map(\.proto)) else {
        diagnostics.append(
          Diagnostic(
            .error,
            "\(items[1].proto.qualifiedName) (here) and \(first.proto.qualifiedName) (at "
              + "\(first.proto.location)) would both be written to \(fileName); "
              + Self.howToSeparate, at: items[1].proto.location))
        return nil
      }
      if items.count == 1, let file = first.file { return file }
      return AssembledFile(Self.file(of: items, configuration))
    }
  }

  private static let howToSeparate =
    "leave one out ('exclude' under 'sources' in veneer.yml, or '// veneer: skip' on it), or "
    + "generate each module's decorators into an output folder of its own"

  /// Errors for output files whose names differ only in case: one file on a case-insensitive
  /// file system (macOS's default), so refused on every platform.
  private static func namesDifferingOnlyInCase(_ groups: [String: [RenderedProtocol]])
    -> [Diagnostic]
  {
    let byFoldedName = Dictionary(grouping: groups.keys.sorted(), by: { $0.lowercased() })
    return byFoldedName.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }.map { names in
      let first = groups[names[0]]![0].proto
      let second = groups[names[1]]![0].proto
      return Diagnostic(
        .error,
        "\(second.qualifiedName) (here) and \(first.qualifiedName) (at \(first.location)) would "
          + "be written to \(names[1]) and \(names[0]), whose names differ only in case: one "
          + "file on a case-insensitive file system such as macOS's; " + howToSeparate,
        at: second.location)
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
        items, imports: configuration.imports))
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
    let rootPrefix = root.hasSuffix("/") ? root : root + "/"
    let byFile = Dictionary(grouping: rendered, by: \.proto.location.file)
    return sources.map { source in
      let relative =
        source.hasPrefix(rootPrefix) ? String(source.dropFirst(rootPrefix.count)) : source
      let stem = relative.hasSuffix(".swift") ? String(relative.dropLast(6)) : relative
      let items = byFile[source] ?? []
      return AssembledFile(
        GeneratedSource(
          name: Self.perSourceFileName(forSourceAt: stem),
          contents: Self.fileContents(
            description: items.isEmpty
              ? "Nothing in \(relative.escapedForComment) is decorated."
              : "Decorators of the protocols in \(relative.escapedForComment).",
            items, imports: configuration.imports)))
    }
  }

  /// `Services.Shows+Decorators.swift` for `Services/Shows`; the build plugin declares the same.
  static func perSourceFileName(forSourceAt relativePathWithoutExtension: String) -> String {
    relativePathWithoutExtension.replacingOccurrences(of: "/", with: ".") + "+Decorators.swift"
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
    appendLine("")
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

  /// The kinds a declaration import names.
  private static let kinds: Set<Substring> = [
    "struct", "class", "enum", "protocol", "func", "var", "let", "typealias",
  ]

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
    let isDeclaration = keyword + 2 < words.count && Self.kinds.contains(words[keyword + 1])
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
