import Foundation
import TestSupport
import Testing
import VeneerRenderer

let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Suite("Built-in templates embedded in the binary")
struct BuiltInTemplatesTests {
  static let embeddedSourcePath = repositoryRoot.appendingPathComponent(
    "Sources/VeneerRenderer/BuiltInTemplates.swift")

  /// `BuiltInTemplates.swift` as it should be for the files in `Templates/`.
  static func expectedSource() throws -> String {
    let folder = repositoryRoot.appendingPathComponent("Templates")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".stencil") }.sorted()
    var source = """
      // Generated from Templates/ by `VENEER_UPDATE_TEMPLATES=1 swift test --filter BuiltInTemplatesTests`.
      // Do not edit: a test fails when this file and Templates/ differ.

      package enum BuiltInTemplates {
        package static let all: [TemplateSource] = [

      """
    for name in names {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      #expect(!text.contains("\"\"\"#"), "\(name) contains the embedding's string delimiter")
      source += """
            TemplateSource(
              name: "\(name.dropLast(".stencil".count))", path: "Templates/\(name)",
              text: #\"\"\"

        """
      // Indented like the closing delimiter, which Swift strips from every line.
      let indented = text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
      source += indented + "\n        \"\"\"#),\n"
    }
    source += "  ]\n}\n"
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
    #expect(
      BuiltInTemplates.all.map(\.name) == [
        "Analytics", "Caching", "Intercepting", "Logging", "Metrics", "Tracing",
      ])
  }
}
