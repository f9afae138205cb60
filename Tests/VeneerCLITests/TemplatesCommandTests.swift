import Testing

@Suite("veneer templates")
struct TemplatesCommandTests {
  @Test func listsEachBuiltInTemplateWithWhatItDoes() throws {
    let result = try runVeneer(["templates"])
    #expect(result.status == 0)
    #expect(
      result.output.split(separator: "\n").map { $0.prefix { $0 != " " } } == [
        "Analytics", "Caching", "Intercepting", "Logging", "Metrics", "Timeout", "Tracing",
        "For",
        "Analytics", "Intercepting", "Logging",
      ])
    #expect(
      result.output.contains(
        "Logging       Logs each call with its arguments (secrets redacted), then its result or error, "
          + "how long it took, and whether a cache inside answered it.\n"))
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
