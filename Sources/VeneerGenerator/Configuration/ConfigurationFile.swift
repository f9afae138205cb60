import Foundation
import VeneerModel
import VeneerParser
import VeneerRenderer
import Yams

/// Reads `veneer.yml`, reporting each unknown key or wrongly typed value at its line and column.
package enum ConfigurationFile {
  package static let defaultName = "veneer.yml"

  /// The configuration in `path`; diagnostics say what was wrong with it.
  package static func load(path: String) -> (
    configuration: Configuration, diagnostics: [Diagnostic]
  ) {
    var unreadable = Configuration()
    unreadable.isUnreadable = true
    let data: Data
    do {
      data = Data(try FileBytes.readWithStamp(path, limit: FileBytes.settingsSizeLimit).bytes)
    } catch .tooLarge(let limit) {
      return (
        unreadable,
        [Diagnostic(.error, "the configuration file is larger than \(limit >> 20) MiB", file: path)]
      )
    } catch {
      return (unreadable, [Diagnostic(.error, "cannot read the configuration file", file: path)])
    }
    guard let text = String(data: data, encoding: .utf8) else {
      return (
        unreadable, [Diagnostic(.error, "the configuration file is not UTF-8", file: path)]
      )
    }
    let folder = (path as NSString).deletingLastPathComponent
    let directory = folder.isEmpty ? "." : folder
    return parse(text, file: path, directory: directory)
  }

  /// The configuration in `text`, read from `file`; relative paths in it are resolved against
  /// `directory`.
  package static func parse(_ text: String, file: String, directory: String)
    -> (configuration: Configuration, diagnostics: [Diagnostic])
  {
    let reader = ConfigurationReader(file: file, text: text, directory: directory)
    if let key = YAMLKeys.firstComplexKey(in: text) {
      reader.refuse(complexKey: key)
    } else {
      do {
        if let root = try Yams.compose(yaml: text) {
          reader.readRoot(root)
        }
      } catch {
        reader.diagnostics.append(reader.diagnostic(for: error))
        reader.configuration.isUnreadable = true
      }
    }
    reader.configuration.file = file
    reader.configuration.directory = directory
    let diagnostics = reader.diagnostics.enumerated().sorted { lhs, rhs in
      let left = lhs.element.location.map { [$0.line, $0.column] } ?? [0, 0]
      let right = rhs.element.location.map { [$0.line, $0.column] } ?? [0, 0]
      return left != right ? left.lexicographicallyPrecedes(right) : lhs.offset < rhs.offset
    }
    return (reader.configuration, diagnostics.map(\.element))
  }

  static let rootKeys = [
    "sources", "references", "output", "templates", "written_elsewhere", "selection", "imports",
    "access", "naming", "options", "availability_macros", "module", "objc", "annotations",
    "default_isolation",
  ]
}

/// Walks the YAML tree of a configuration file into a `Configuration`.
/// Reads one `veneer.yml`; its `options:` section is read in ConfigurationFile+Options.swift.
final class ConfigurationReader {
  let file: String
  let lines: [Substring]
  let directory: String
  var configuration = Configuration()
  var diagnostics: [Diagnostic] = []

  init(file: String, text: String, directory: String) {
    self.file = file
    self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    self.directory = directory
  }

  func readRoot(_ root: Node) {
    guard let fields = fields(of: root, in: "the configuration", known: ConfigurationFile.rootKeys)
    else { return }
    if let sources = fields["sources"] { readSources(sources) }
    if let references = fields["references"] {
      configuration.references = locatedStrings(references, "references").map(resolvedPattern)
    }
    if let output = fields["output"], let path = string(output, "output") {
      configuration.output = Located(resolved(path), at: location(output))
    }
    if let templates = fields["templates"] {
      configuration.templates = locatedStrings(templates, "templates").map { template in
        // A built-in name stays a name; anything that looks like a path is resolved.
        template.value.hasSuffix(".stencil") || template.value.contains("/")
          ? Located(resolved(template.value), at: template.location) : template
      }
    }
    if let elsewhere = fields["written_elsewhere"] {
      configuration.writtenElsewhere = locatedStrings(elsewhere, "written_elsewhere")
    }
    if let selection = fields["selection"] { readSelection(selection) }
    if let imports = fields["imports"] {
      configuration.imports = locatedStrings(imports, "imports").compactMap { module in
        guard SwiftWords.isModuleName(module.value) else {
          error(
            "'imports' entries must be module names such as 'Foundation' or 'NIOCore', not "
              + "'\(module.value)'", at: module.location)
          return nil
        }
        return module.value
      }
    }
    if let module = fields["module"], let name = string(module, "module") {
      if SwiftWords.isModuleName(name) {
        configuration.render.protocolModule = name
        if !configuration.imports.contains(name) { configuration.imports.append(name) }
      } else {
        error(
          "'module' must be a module name such as 'Services', not '\(name)'",
          at: module)
      }
    }
    if let isolation = fields["default_isolation"] { readDefaultIsolation(isolation) }
    if let objc = fields["objc"] {
      if let flag = bool(objc) {
        configuration.readsObjectiveCHeaders = flag
      } else {
        error("'objc' must be true or false, not \(kind(of: objc))", at: objc)
      }
    }
    if let access = fields["access"] { readAccess(access) }
    if let macros = fields["availability_macros"] {
      for entry in locatedStrings(macros, "availability_macros") {
        guard let definition = Availability.definition(entry.value) else {
          error(
            "'availability_macros' entries are written as for -define-availability, "
              + "'gRPCSwift 2.0:macOS 15.0, iOS 18.0', not '\(entry.value)'",
            at: entry.location)
          continue
        }
        configuration.render.availabilityMacros[definition.macro] = definition.platforms
      }
    }
    if let naming = fields["naming"] { readNaming(naming) }
    if let annotations = fields["annotations"] { readAnnotationMap(annotations) }
    if let options = fields["options"] { readOptions(options) }
  }

  // MARK: Sections

  private func readSources(_ node: Node) {
    if node.mapping == nil {
      configuration.include = locatedStrings(node, "sources").map(resolvedPattern)
      return
    }
    guard let fields = fields(of: node, in: "'sources'", known: ["include", "exclude"]) else {
      return
    }
    if let include = fields["include"] {
      configuration.include = locatedStrings(include, "include").map(resolvedPattern)
    }
    if let exclude = fields["exclude"] {
      configuration.exclude = locatedStrings(exclude, "exclude")
    }
  }

  /// `annotations:`: a mapping from protocols and requirements to what a `// veneer:` comment
  /// above them would say, a string or a list of them.
  private func readAnnotationMap(_ node: Node) {
    guard let mapping = node.mapping else {
      error(
        "'annotations' must be a mapping from 'Protocol' or 'Protocol.requirement' to "
          + "annotations, as a '// veneer:' comment writes them", at: node)
      return
    }
    for (key, value) in mapping {
      guard let target = key.string, !target.isEmpty else {
        error("keys in 'annotations' must be 'Protocol' or 'Protocol.requirement'", at: key)
        continue
      }
      let items = value.sequence.map(Array.init) ?? [value]
      for item in items {
        guard
          let text = string(
            item, "the annotations of '\(target)'", expecting: "annotations such as 'cache'")
        else { continue }
        configuration.annotationMap.append(
          AnnotationMapEntry(
            target: Located(target, at: location(key)),
            text: Located(text, at: textLocation(of: item))))
      }
    }
  }

  /// Where a scalar's text starts: after its opening quote, if it has one.
  private func textLocation(of node: Node) -> SourceLocation? {
    guard var start = location(node) else { return nil }
    if node.scalar.map({ $0.style == .singleQuoted || $0.style == .doubleQuoted }) == true {
      start.column += 1
    }
    return start
  }

  private func readSelection(_ node: Node) {
    if node.sequence != nil {
      configuration.selection = .protocols(locatedStrings(node, "selection"))
      return
    }
    switch string(node, "selection") {
    case "annotated": configuration.selection = .annotated
    case "all": configuration.selection = .all
    case "public":
      configuration.selection = .public
      configuration.render.decoratorsInAnotherModule = true
    case let other?:
      error(
        "'selection' must be 'annotated', 'all', 'public' or a list of protocol names, not "
          + "'\(other)'" + suggestion(for: other, among: ["annotated", "all", "public"]), at: node)
    case nil: break
    }
  }

  /// `MainActor` for a target built with `.defaultIsolation(MainActor.self)`, which Veneer
  /// cannot see from its sources; `nonisolated`, the default, otherwise.
  private func readDefaultIsolation(_ node: Node) {
    guard let value = string(node, "default_isolation") else { return }
    let choices = ["MainActor", "nonisolated"]
    guard choices.contains(value) else {
      error(
        "'default_isolation' must be MainActor (for a target built with "
          + ".defaultIsolation(MainActor.self)) or nonisolated, not '\(value)'"
          + suggestion(for: value, among: choices), at: node)
      return
    }
    configuration.defaultIsolation = value == "MainActor" ? value : nil
  }

  private func readAccess(_ node: Node) {
    guard let value = string(node, "access") else { return }
    let choices = ["inherit", "internal", "package", "public"]
    guard choices.contains(value) else {
      error(
        "'access' must be one of \(choices.joined(separator: ", ")), not '\(value)'"
          + suggestion(for: value, among: choices), at: node)
      return
    }
    configuration.render.maximumAccess = value == "inherit" ? nil : AccessLevel(rawValue: value)
  }

  private func readNaming(_ node: Node) {
    guard let fields = fields(of: node, in: "'naming'", known: ["decorator", "file"]) else {
      return
    }
    if let decorator = fields["decorator"], let pattern = string(decorator, "decorator") {
      let example = pattern.replacingPlaceholders {
        $0 == "template" ? "Logging" : $0 == "protocol" ? "PostRepo" : nil
      }
      if !pattern.contains("{template}") || !pattern.contains("{protocol}") {
        error(
          "'decorator' must contain both {template} and {protocol}, so that every decorator "
            + "gets its own type name", at: decorator)
      } else if !SwiftWords.isPlainIdentifier(example) {
        error(
          "'decorator' must make a Swift type name: letters, digits and '_' around {template} "
            + "and {protocol} ('\(pattern)' gives "
            + "'\(example)')", at: decorator)
      } else {
        configuration.render.decoratorNaming = pattern
      }
    }
    if let fileNode = fields["file"], let pattern = string(fileNode, "file") {
      let example = pattern.replacingPlaceholders { $0 == "protocol" ? "PostRepo" : nil }
      if pattern.contains("{protocol}"), !pattern.contains("\\"), pattern.hasSuffix(".swift"),
        OutputFileName.problem(with: example) == nil
      {
        configuration.fileNaming = pattern
      } else {
        error(
          "'file' must contain {protocol} and end in .swift, without folders, a leading '.' or "
            + "control characters, so that every protocol gets its own file in the output folder",
          at: fileNode)
      }
    }
  }

  // MARK: Typed values

  /// The entries of a mapping, after reporting keys that are unknown.
  func fields(of node: Node, in context: String, known: [String]) -> [String: Node]? {
    guard let mapping = node.mapping else {
      error("\(context) must be a mapping of \(known.joined(separator: ", "))", at: node)
      return nil
    }
    var fields: [String: Node] = [:]
    for (key, value) in mapping {
      // A list or mapping as a key is refused by its kind alone: describing one that aliases
      // expand took minutes and gigabytes.
      guard let name = key.string else {
        error("keys in \(context) must be names, not \(kind(of: key))", at: key)
        continue
      }
      guard known.contains(name) else {
        error(
          "unknown key '\(name)' in \(context)" + suggestion(for: name, among: known)
            + "; known keys: \(known.joined(separator: ", "))", at: key)
        continue
      }
      fields[name] = value
    }
    return fields
  }

  func string(_ node: Node, _ name: String, expecting: String = "a string") -> String? {
    guard let scalar = node.scalar, node.null == nil else {
      error("'\(name)' must be \(expecting), not \(kind(of: node))", at: node)
      return nil
    }
    return scalar.string
  }

  func bool(_ node: Node) -> Bool? {
    node.scalar?.style == .plain && node.tag.rawValue == Tag.Name.bool.rawValue ? node.bool : nil
  }

  /// A string or a list of strings, each with its position.
  func locatedStrings(_ node: Node, _ name: String) -> [Located<String>] {
    let items = node.sequence.map(Array.init) ?? [node]
    return items.compactMap { item in
      string(item, name, expecting: "a string or a list of strings").map {
        Located($0, at: location(item))
      }
    }
  }

  func kind(of node: Node) -> String {
    if node.mapping != nil { return "a mapping" }
    if node.sequence != nil { return "a list" }
    if node.null != nil { return "empty" }
    return "'\(node.scalar?.string ?? "")'"
  }

  // MARK: Paths

  private func resolved(_ path: String) -> String {
    path.hasPrefix("/") ? path : directory == "." ? path : "\(directory)/\(path)"
  }

  private func resolvedPattern(_ pattern: Located<String>) -> Located<String> {
    Located(resolved(pattern.value), at: pattern.location)
  }

  // MARK: Diagnostics

  /// A key that is a list, a mapping or an alias, refused before the document is composed.
  func refuse(complexKey key: (line: Int, column: Int, kind: String)) {
    error(
      "a key must be a name, not \(key.kind)",
      at: location(line: key.line, scalarColumn: key.column))
    configuration.isUnreadable = true
  }

  func location(_ node: Node) -> SourceLocation? {
    node.mark.map { location(line: $0.line, scalarColumn: $0.column) }
  }

  /// libYAML counts columns in Unicode scalars; Veneer's columns count UTF-8 bytes, like the
  /// Swift compiler's.
  private func location(line: Int, scalarColumn: Int) -> SourceLocation {
    guard line >= 1, line <= lines.count else {
      return SourceLocation(file: file, line: line, column: scalarColumn)
    }
    let scalars = lines[line - 1].unicodeScalars.prefix(max(0, scalarColumn - 1))
    let column = scalars.reduce(1) { $0 + UTF8.width($1) }
    return SourceLocation(file: file, line: line, column: column)
  }

  func error(_ message: String, at location: SourceLocation?) {
    diagnostics.append(
      location.map { Diagnostic(.error, message, at: $0) }
        ?? Diagnostic(.error, message, file: file))
  }

  func error(_ message: String, at node: Node) {
    diagnostics.append(
      location(node).map { Diagnostic(.error, message, at: $0) }
        ?? Diagnostic(.error, message, file: file))
  }

  func suggestion(for name: String, among candidates: [String]) -> String {
    Spelling.suggestion(for: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  func diagnostic(for error: any Error) -> Diagnostic {
    guard let yamlError = error as? YamlError else {
      return Diagnostic(.error, "cannot read the configuration: \(error)", file: file)
    }
    switch yamlError {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let message = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }
        .joined(separator: ": ")
      return Diagnostic(
        .error, "invalid YAML: \(message)",
        at: location(line: mark.line, scalarColumn: mark.column))
    case .duplicatedKeysInMapping(let duplicates, let context):
      return Diagnostic(
        .error,
        "\(duplicates.map { "'\($0)'" }.joined(separator: ", ")) is given twice in this mapping",
        at: location(line: context.mark.line, scalarColumn: context.mark.column))
    default:
      return Diagnostic(.error, "invalid YAML: \(yamlError)", file: file)
    }
  }
}

extension Node.Scalar {
  /// Whether YAML wrote it unquoted, the only way a number or a flag is written: `"300"` is a
  /// string.
  var isPlain: Bool { style == .plain || style == .any }
}
