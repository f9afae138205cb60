import Foundation

/// The two Swift files that embed the built-in templates in the binary — each in its built-in's
/// folder (`Sources/VeneerRenderer/BuiltIns/<Name>/<Name>.stencil`, and `<Name>.h.stencil` and
/// `<Name>.m.stencil` for Objective-C), with the parts and the Objective-C runtime of
/// `Templates/` — and `Package.swift`'s list of those templates, made from the folders alone:
/// so that `bash Scripts/regenerate` can write them before anything that reads them is built (a
/// template reading a new plan member cannot otherwise be embedded by a build the stale
/// template breaks), and the tests can hold them to the folders.
package enum TemplateEmbedding {
  package struct File: Equatable {
    /// From the repository's root.
    package var path: String
    package var contents: String
  }

  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// Where each built-in's folder is, from the repository's root.
  package static let builtInsFolder = "Sources/VeneerRenderer/BuiltIns"

  /// The files, for the repository at `root`: the two that embed the templates, and
  /// `Package.swift` with its list of them, which SwiftPM is told to leave be.
  package static func files(repositoryRoot root: URL) throws -> [File] {
    let templates = try builtInTemplates(in: root)
    return [
      File(path: "Package.swift", contents: try manifest(listing: templates, root: root)),
      File(
        path: "Sources/VeneerRenderer/BuiltInTemplates.swift",
        contents: try swiftTemplates(
          templates.filter { !isObjectiveC($0) }, root: root,
          parts: root.appendingPathComponent("Templates/Parts"))),
      File(
        path: "Sources/VeneerRenderer/ObjectiveC/BuiltInObjCTemplates.swift",
        contents: try objectiveCTemplates(
          templates.filter(isObjectiveC), root: root,
          runtime: root.appendingPathComponent("Templates/ObjC"))),
    ]
  }

  /// Every template in a built-in's folder, from the repository's root, by file name: the
  /// order templates are listed in.
  static func builtInTemplates(in root: URL) throws -> [String] {
    let folder = root.appendingPathComponent(builtInsFolder)
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().flatMap {
      builtIn in
      var isFolder: ObjCBool = false
      let path = folder.appendingPathComponent(builtIn).path
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
      else { return [String]() }
      return try stencilFiles(in: URL(fileURLWithPath: path)).map {
        // A built-in is one unit: a template in another's folder would be found by neither.
        guard $0.prefix(while: { $0 != "." }) == builtIn else {
          throw Failure(
            description: "\(builtInsFolder)/\(builtIn)/\($0): a built-in's templates are named "
              + "as its folder: \(builtIn).stencil, \(builtIn).h.stencil, \(builtIn).m.stencil")
        }
        return "\(builtInsFolder)/\(builtIn)/\($0)"
      }
    }.sorted { fileName($0) < fileName($1) }
  }

  /// `name: "Logging", path: "…",` on one line, or on two where one would be over `swift
  /// format`'s 100 columns, as it would lay them out.
  static func arguments(name: Substring, path: String) -> String {
    let indent = "      "
    let name = "name: \"\(name)\","
    let path = "path: \"\(path)\","
    let line = "\(name) \(path)"
    return indent.count + line.count <= 100 ? line : "\(name)\n\(indent)\(path)"
  }

  /// `Package.swift` with `builtInTemplates` listing `templates`, from VeneerRenderer's folder:
  /// written, not found by the manifest, since SwiftPM keeps a manifest's result until its text
  /// changes, and a template added beside a cached one would be an unhandled file.
  static func manifest(listing templates: [String], root: URL) throws -> String {
    let text = try read("Package.swift", in: root)
    let opening = "let builtInTemplates: [String] = ["
    // The list's lines, up to the `]` that starts a line.
    guard let start = text.range(of: opening),
      let end = text.range(of: "\n]\n", range: start.upperBound..<text.endIndex)
    else { throw Failure(description: "Package.swift has no list '\(opening)'") }
    let renderer = "Sources/VeneerRenderer/"
    let list = templates.sorted().map { "\n  \"\($0.dropFirst(renderer.count))\"," }
    return String(text[..<start.upperBound]) + list.joined() + String(text[end.lowerBound...])
  }

  static func isObjectiveC(_ path: String) -> Bool {
    path.hasSuffix(".h.stencil") || path.hasSuffix(".m.stencil")
  }

  static func fileName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? "")
  }

  static let header = """
    // Generated from each built-in's templates by `bash Scripts/regenerate`.
    // Do not edit: a test fails when this file and the templates differ.

    import VeneerTemplates

    """

  /// The built-ins' Swift templates as `BuiltInTemplates.all`, and `Templates/Parts/*.stencil`
  /// as its `parts`, which every built-in may include or extend.
  static func swiftTemplates(_ paths: [String], root: URL, parts partsFolder: URL) throws
    -> String
  {
    var source =
      header + """

        package enum BuiltInTemplates {
          package static let all: [TemplateSource] = [

        """
    for path in paths {
      let name = fileName(path)
      source += """
            TemplateSource(
              \(arguments(name: name.dropLast(".stencil".count), path: path))
              text: #\"\"\"

        """
      source += try embedded(read(path, in: root), name: name, indent: "        ")
      source += ", parts: partsByName),\n"
    }
    source += """
        ]

        /// The parts built-in templates include or extend, which users' templates may too.
        package static let parts: [TemplatePart] = [

      """
    let partNames = try stencilFiles(in: partsFolder)
    for name in partNames {
      source += """
            TemplatePart(
              name: "Parts/\(name)", path: "Templates/Parts/\(name)",
              text: #\"\"\"

        """
      source += try embedded(read(name, in: partsFolder), name: name, indent: "        ")
      // `swift format` wants a trailing comma after each of several elements, not after one.
      source += partNames.count > 1 ? "),\n" : ")\n"
    }
    source += """
        ]

        package static let partsByName = Dictionary(
          uniqueKeysWithValues: parts.map { ($0.name, $0) })
      }

      """
    return source
  }

  /// The built-ins' Objective-C templates, each the header or implementation half of one, and
  /// `Templates/ObjC`'s runtime, which every Objective-C decorator compiles with.
  static func objectiveCTemplates(_ paths: [String], root: URL, runtime folder: URL) throws
    -> String
  {
    var source =
      header + """

        extension BuiltInObjCTemplates {
          /// Each template's header and implementation halves, by name.
          package static let sources: [TemplateSource] = [

        """
    for path in paths {
      let name = fileName(path)
      source += """
            TemplateSource(
              \(arguments(name: name.prefix { $0 != "." }, path: path))
              text: #\"\"\"

        """
      source += try embedded(read(path, in: root), name: name, indent: "        ")
      source += ", language: .objectiveC),\n"
    }
    source += "  ]\n\n"
    for (member, file) in [
      ("runtimeHeader", "VNRRuntime.h"), ("runtimeImplementation", "VNRRuntime.m"),
    ] {
      source += "  /// `Templates/ObjC/\(file)`.\n  package static let \(member) = #\"\"\"\n"
      source += try embedded(read(file, in: folder), name: file, indent: "    ") + "\n\n"
    }
    return String(source.dropLast()) + "}\n"
  }

  /// `text` as the body of a raw string literal whose closing delimiter is indented by `indent`.
  static func embedded(_ text: String, name: String, indent: String) throws -> String {
    guard !text.contains("\"\"\"#") else {
      throw Failure(description: "\(name) contains the embedding's string delimiter \"\"\"#")
    }
    // Indented like the closing delimiter, which Swift strips from every line.
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n") + "\n\(indent)\"\"\"#"
  }

  static func stencilFiles(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".stencil") }.sorted()
  }

  static func read(_ name: String, in folder: URL) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }
}
