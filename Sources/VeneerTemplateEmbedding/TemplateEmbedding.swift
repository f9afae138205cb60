import Foundation

/// The two Swift files that embed `Templates/` in the binary, made from the folder alone: so
/// that `bash Scripts/regenerate` can write them before anything that reads them is built (a
/// template reading a new plan member cannot otherwise be embedded by a build the stale
/// template breaks), and the tests can hold them to the folder.
package enum TemplateEmbedding {
  package struct File: Equatable {
    /// From the repository's root.
    package var path: String
    package var contents: String
  }

  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// Both files, for the repository at `root`.
  package static func files(repositoryRoot root: URL) throws -> [File] {
    [
      File(
        path: "Sources/VeneerRenderer/BuiltInTemplates.swift",
        contents: try swiftTemplates(in: root.appendingPathComponent("Templates"))),
      File(
        path: "Sources/VeneerRenderer/ObjectiveC/BuiltInObjCTemplates.swift",
        contents: try objectiveCTemplates(in: root.appendingPathComponent("Templates/ObjC"))),
    ]
  }

  static let header = """
    // Generated from Templates/ by `bash Scripts/regenerate`.
    // Do not edit: a test fails when this file and Templates/ differ.

    import VeneerTemplates

    """

  /// `Templates/*.stencil` as `BuiltInTemplates.all`, and `Templates/Parts/*.stencil` as its
  /// `parts`, which every built-in may include or extend.
  static func swiftTemplates(in folder: URL) throws -> String {
    var source =
      header + """

        package enum BuiltInTemplates {
          package static let all: [TemplateSource] = [

        """
    for name in try stencilFiles(in: folder) {
      source += """
            TemplateSource(
              name: "\(name.dropLast(".stencil".count))", path: "Templates/\(name)",
              text: #\"\"\"

        """
      source += try embedded(read(name, in: folder), name: name, indent: "        ")
      source += ", parts: partsByName),\n"
    }
    source += """
        ]

        /// The parts built-in templates include or extend, which users' templates may too.
        package static let parts: [TemplatePart] = [

      """
    let partsFolder = folder.appendingPathComponent("Parts")
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

  /// `Templates/ObjC/*.stencil`, each the header or implementation half of a template, and the
  /// runtime every Objective-C decorator compiles with.
  static func objectiveCTemplates(in folder: URL) throws -> String {
    var source =
      header + """

        extension BuiltInObjCTemplates {
          /// Each template's header and implementation halves, by name.
          package static let sources: [TemplateSource] = [

        """
    for name in try stencilFiles(in: folder) {
      source += """
            TemplateSource(
              name: "\(name.prefix { $0 != "." })", path: "Templates/ObjC/\(name)",
              text: #\"\"\"

        """
      source += try embedded(read(name, in: folder), name: name, indent: "        ")
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
