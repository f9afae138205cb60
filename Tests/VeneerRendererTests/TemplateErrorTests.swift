import Foundation
import Testing
import VeneerGenerator
import VeneerModel
import VeneerRenderer

@Suite("Template errors")
struct TemplateErrorTests {
  @Test func aBrokenTemplateIsALocatedErrorAndNothingIsWritten() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "veneer-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let template = directory.appendingPathComponent("Broken.stencil")
    try Data(
      "// {{ plan.protocolName }}\n{% for r in plan.requirements %}\n{{ r.declaration }}\n".utf8
    )
    .write(to: template)
    let source = directory.appendingPathComponent("Sources/P.swift")
    try FileManager.default.createDirectory(
      at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("// veneer: broken\nprotocol P { func f() }\n".utf8).write(to: source)

    let generation = Generator().generate(
      Configuration(
        sources: [source.deletingLastPathComponent().path],
        output: directory.appendingPathComponent("Out").path, templates: [template.path]))
    #expect(generation.files.isEmpty)
    let error = try #require(generation.diagnostics.first { $0.severity == .error })
    #expect(error.location?.file == template.path)
    #expect(error.location?.line == 2)
    #expect(error.description.contains("error: template error:"))
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Out").path))
  }

  @Test func anUnknownTemplateNameSuggestsTheClosest() {
    let generation = Generator().generate(
      Configuration(sources: [], output: "/tmp/unused", templates: ["loging"]))
    #expect(
      generation.diagnostics.map(\.description) == [
        "loging: error: no built-in template or template file named 'loging'; did you mean 'logging'?"
      ])
  }
}
