import Foundation
import TestSupport
import Testing
import VeneerRenderer

@Suite("veneer templates")
struct TemplatesCommandTests {
  @Test func listsEachBuiltInTemplateWithWhatItDoes() throws {
    let result = try runVeneer(["templates"])
    #expect(result.status == 0)
    // Each descriptor's template, then each Objective-C template.
    let swift = BuiltInDecorators.all.map(\.name).sorted()
    let objectiveC = BuiltInObjCTemplates.all.map(\.name)
    #expect(
      result.output.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        == swift + ["For"] + objectiveC)
    #expect(objectiveC.contains("Logging") && swift.contains("Timeout"))
    // Names in a column as wide as the longest and two spaces.
    let column = swift.map(\.count).max()! + 2
    #expect(
      result.output.contains(
        "Logging".padding(toLength: column, withPad: " ", startingAt: 0)
          + "Logs each call with its arguments (secrets redacted), then its result or error, "
          + "how long it took, and whether a cache inside answered it.\n"))
  }

  @Test func listsTheBuiltInsNamesForScripts() throws {
    let result = try runVeneer(["templates", "list", "--names"])
    #expect(result.status == 0)
    #expect(result.output == BuiltInDecorators.all.map { $0.typedName + "\n" }.joined())
    #expect(result.output.hasPrefix("logging\nanalytics\ncaching\n"))
  }

  @Test func showPrintsATemplateToStartFrom() throws {
    let result = try runVeneer(["templates", "show", "CACHING"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("{# Answers repeated calls from a cache"))
    #expect(result.output.contains("{% for r in plan.requirements %}"))
  }

  /// A built-in printed by `show` and saved as a template of one's own works as saved: the
  /// skeleton it extends is Veneer's own part, which `show` prints too.
  @Test func aShownBuiltInWorksAsSaved() throws {
    let skeleton = try runVeneer(["templates", "show", "Parts/Decorator"])
    #expect(skeleton.status == 0)
    #expect(skeleton.output.contains("{% block members %}{% endblock %}"))
    let shown = try runVeneer(["templates", "show", "logging"])
    #expect(shown.output.contains("{% extends \"Parts/Decorator.stencil\" %}"))
    let folder = try TemporaryFolder()
    try folder.write("Templates/MyLogging.stencil", shown.output)
    try folder.write(
      "Sources/Notes.swift",
      "// veneer: mylogging\npublic protocol Notes {\n  func note(id: Int) async throws -> String\n}\n"
    )
    let result = try runVeneer(
      [
        "generate", "--sources", "Sources", "--output", "Out", "--template",
        "Templates/MyLogging.stencil", "--quiet", "--no-cache",
      ], in: folder.path)
    #expect(result.status == 0, "\(result.errors)")
    let written = folder.read("Out/Notes+Decorators.swift") ?? ""
    #expect(written.contains("public nonisolated struct MyLoggingNotes<Base: Notes>: Notes {"))
    #expect(written.contains("MyLoggingNotes(self, logger: logger"), "\(written)")
    let checked = try typeCheck([
      folder.path + "/Sources/Notes.swift", folder.path + "/Out/Notes+Decorators.swift",
    ])
    #expect(checked.status == 0, "\(checked.errors)")
  }

  @Test func showSuggestsTheClosestName() throws {
    let result = try runVeneer(["templates", "show", "loging"])
    #expect(result.status == 1)
    #expect(
      result.errors == "error: no built-in template named 'loging'; did you mean 'logging'?\n")
  }
}
