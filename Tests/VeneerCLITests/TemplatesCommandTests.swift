import Foundation
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

  @Test func showSuggestsTheClosestName() throws {
    let result = try runVeneer(["templates", "show", "loging"])
    #expect(result.status == 1)
    #expect(
      result.errors == "error: no built-in template named 'loging'; did you mean 'logging'?\n")
  }
}
