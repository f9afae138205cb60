import Foundation
import TestSupport
import Testing

@testable import VeneerRenderer

@Suite("Built-in templates embedded in the binary")
struct BuiltInTemplatesTests {
  static let embeddedSourcePath = repositoryRoot.appendingPathComponent(
    "Sources/VeneerRenderer/BuiltInTemplates.swift")

  /// `BuiltInTemplates.swift` as it should be for the files in `Templates/` and
  /// `Templates/Parts/`.
  static func expectedSource() throws -> String {
    let folder = repositoryRoot.appendingPathComponent("Templates")
    func stencilFiles(in folder: URL) throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".stencil") }.sorted()
    }
    var source = """
      // Generated from Templates/ by `VENEER_UPDATE_TEMPLATES=1 swift test --filter BuiltInTemplatesTests`.
      // Do not edit: a test fails when this file and Templates/ differ.

      package enum BuiltInTemplates {
        package static let all: [TemplateSource] = [

      """
    for name in try stencilFiles(in: folder) {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      source += """
            TemplateSource(
              name: "\(name.dropLast(".stencil".count))", path: "Templates/\(name)",
              text: #\"\"\"

        """
      source +=
        BuiltInObjCTemplatesTests.embedded(text, name: name, indent: "        ")
        + ", parts: partsByName),\n"
    }
    source += """
        ]

        /// The parts built-in templates include or extend, which users' templates may too.
        package static let parts: [TemplatePart] = [

      """
    let partsFolder = folder.appendingPathComponent("Parts")
    let partNames = try stencilFiles(in: partsFolder)
    for name in partNames {
      let text = try String(contentsOf: partsFolder.appendingPathComponent(name), encoding: .utf8)
      source += """
            TemplatePart(
              name: "Parts/\(name)", path: "Templates/Parts/\(name)",
              text: #\"\"\"

        """
      // `swift format` wants a trailing comma after each of several elements, not after one.
      source +=
        BuiltInObjCTemplatesTests.embedded(text, name: name, indent: "        ")
        + (partNames.count > 1 ? "),\n" : ")\n")
    }
    source += """
        ]

        static let partsByName = Dictionary(uniqueKeysWithValues: parts.map { ($0.name, $0) })
      }

      """
    return source
  }

  @Test func embeddedTemplatesMatchTemplatesFolder() throws {
    let expected = try Self.expectedSource()
    if ProcessInfo.processInfo.environment["VENEER_UPDATE_TEMPLATES"] == "1" {
      try Data(expected.utf8).write(to: Self.embeddedSourcePath)
    }
    if let difference = checkedInDifference(
      "Sources/VeneerRenderer/BuiltInTemplates.swift",
      onDisk: try String(contentsOf: Self.embeddedSourcePath, encoding: .utf8),
      expected: expected,
      regenerate: "VENEER_UPDATE_TEMPLATES=1 swift test --filter BuiltInTemplatesTests")
    {
      Issue.record(Comment(rawValue: difference))
    }
    // Each built-in template is a descriptor's, and each descriptor has one.
    #expect(BuiltInTemplates.all.map(\.name) == BuiltInDecorators.all.map(\.name).sorted())
  }

  /// Built-ins registered together share no name, annotation key or stored property: a
  /// storage name reused by a new built-in crashed `veneer templates list` (duplicate keys);
  /// now it is a message naming both and the descriptor to change.
  @Test func builtInsAreRegisteredWithoutClashes() throws {
    #expect(BuiltInDecorators.problems(registering: BuiltInDecorators.all) == [])
    let caching = try #require(BuiltInDecorators.named("caching"))
    let retry = try #require(BuiltInDecorators.named("retry"))
    let copy = BuiltInDecorator(
      name: "Memo", annotations: ["memo": [:], "cache": [:]],
      storage: caching.storage + [("base", "what it wraps")], runtimeModule: "VeneerRuntime")
    let problems = BuiltInDecorators.problems(registering: [caching, retry, copy])
    #expect(
      problems == [
        "built-in Memo declares the annotation key 'cache', which Caching declares already: "
          + "rename it in Memo's descriptor",
        "built-in Memo declares the stored property 'cache', which Caching declares already: "
          + "rename it in Memo's descriptor",
        "built-in Memo declares the stored property 'base', which every decorator declares "
          + "already: rename it in Memo's descriptor",
      ], "\(problems)")
  }

  /// What a descriptor says of its built-in is what its template does: the template imports
  /// the runtime library it names (for the plugins' "add this product" error) whole and, of
  /// other libraries, only the declarations its signatures name (which `VeneerMacros`
  /// re-exports), and each stored property it declares is one the template reads.
  @Test(arguments: BuiltInDecorators.all.map(\.name))
  func eachDescriptorAgreesWithItsTemplate(name: String) throws {
    let decorator = try #require(BuiltInDecorators.named(name))
    let template = try #require(BuiltInTemplates.all.first { $0.name == name })
    #expect(Set(template.imports) == Set([decorator.runtimeModule] + decorator.signatureNames))
    for property in decorator.storage {
      #expect(template.text.contains("storage.\(property.name) }}"), "\(property.name)")
    }
  }
}

@Suite("Built-in Objective-C templates and runtime embedded in the binary")
struct BuiltInObjCTemplatesTests {
  static let embeddedSourcePath = repositoryRoot.appendingPathComponent(
    "Sources/VeneerRenderer/ObjectiveC/BuiltInObjCTemplates.swift")

  /// `text` as the body of a raw string literal whose closing delimiter is indented by `indent`.
  static func embedded(_ text: String, name: String, indent: String) -> String {
    #expect(!text.contains("\"\"\"#"), "\(name) contains the embedding's string delimiter")
    // Indented like the closing delimiter, which Swift strips from every line.
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n") + "\n\(indent)\"\"\"#"
  }

  /// `BuiltInObjCTemplates.swift` as it should be for the files in `Templates/ObjC/`.
  static func expectedSource() throws -> String {
    let folder = repositoryRoot.appendingPathComponent("Templates/ObjC")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".stencil") }.sorted()
    func read(_ name: String) throws -> String {
      try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
    var source = """
      // Generated from Templates/ObjC/ by `VENEER_UPDATE_TEMPLATES=1 swift test --filter BuiltInObjCTemplatesTests`.
      // Do not edit: a test fails when this file and Templates/ObjC/ differ.

      extension BuiltInObjCTemplates {
        /// Each template's header and implementation halves, by name.
        package static let sources: [TemplateSource] = [

      """
    for name in names {
      let templateName = name.prefix { $0 != "." }
      source += """
            TemplateSource(
              name: "\(templateName)", path: "Templates/ObjC/\(name)",
              text: #\"\"\"

        """
      source += embedded(try read(name), name: name, indent: "        ")
      source += ", language: .objectiveC),\n"
    }
    source += "  ]\n\n"
    for (member, file) in [
      ("runtimeHeader", "VNRRuntime.h"), ("runtimeImplementation", "VNRRuntime.m"),
    ] {
      source += "  /// `Templates/ObjC/\(file)`.\n  package static let \(member) = #\"\"\"\n"
      source += embedded(try read(file), name: file, indent: "    ") + "\n\n"
    }
    return String(source.dropLast()) + "}\n"
  }

  @Test func embeddedTemplatesMatchTemplatesFolder() throws {
    let expected = try Self.expectedSource()
    if ProcessInfo.processInfo.environment["VENEER_UPDATE_TEMPLATES"] == "1" {
      try Data(expected.utf8).write(to: Self.embeddedSourcePath)
    }
    if let difference = checkedInDifference(
      "Sources/VeneerRenderer/ObjectiveC/BuiltInObjCTemplates.swift",
      onDisk: try String(contentsOf: Self.embeddedSourcePath, encoding: .utf8),
      expected: expected,
      regenerate: "VENEER_UPDATE_TEMPLATES=1 swift test --filter BuiltInObjCTemplatesTests")
    {
      Issue.record(Comment(rawValue: difference))
    }
    #expect(BuiltInObjCTemplates.all.map(\.name) == ["Analytics", "Intercepting", "Logging"])
  }
}
