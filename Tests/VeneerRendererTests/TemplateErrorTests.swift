import Foundation
import Testing
import VeneerGenerator
import VeneerModel
import VeneerRenderer
import VeneerTemplates

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
    #expect(error.location?.column == 1)
    #expect(error.message == "template error: this 'for' has no 'endfor'")
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

  /// Each mistake in a template, at its line and column, with the closest known name.
  @Test(arguments: [
    (
      "{{ plan.protocolNmae }}",
      "1:9: error: template error: 'plan' has no member 'protocolNmae'; did you mean 'protocolName'?"
    ),
    (
      "{{ paln.access }}",
      "1:4: error: template error: unknown variable 'paln'; did you mean 'plan'?"
    ),
    (
      "{% for r in plan.requirements %}{{ r.forwardCal }}{% endfor %}",
      "1:38: error: template error: 'r' has no member 'forwardCal'; did you mean 'forwardCall'?"
    ),
    (
      "{% for r in plan.requirements %}{{ forloop.conter }}{% endfor %}",
      "1:44: error: template error: 'forloop' has no member 'conter'; did you mean 'counter'?"
    ),
    (
      "{{ plan.protocolName|lowercse }}",
      "1:22: error: template error: unknown filter 'lowercse'; did you mean 'lowercase'?"
    ),
    // Once, with how often, and the filter a short name begins.
    (
      "{{ plan.protocolName|upper }}{{ plan.baseType|upper }}{{ decorator|upper }}",
      "1:22: error: template error: unknown filter 'upper'; did you mean 'uppercase'? (used 3 "
        + "times; the first is here)"
    ),
    (
      "{{ plan.protocolName.first }}",
      "1:22: error: template error: 'plan.protocolName' is text, which has no member 'first'"
    ),
    (
      "{% for a in plan.access %}{% endfor %}",
      "1:8: error: template error: 'for' goes through a list, and this is text"
    ),
    (
      "{% if plan.isolation == %}{% endif %}",
      "1:22: error: template error: '==' needs something to compare with"
    ),
    ("{% iff plan.access %}", "1:4: error: template error: unknown tag 'iff'; did you mean 'if'?"),
    (
      "a\n{% for r in plan.requirements %}\n{% if r.isAsync %}\n{% endfor %}",
      "3:1: error: template error: this 'if' has no 'endif'"
    ),
    ("{{ plan.access", "1:1: error: template error: this variable is never closed"),
    ("{{ r|skips }}", "1:4: error: template error: unknown variable 'r'"),
    ("{{ plan|skips }}", "1:9: error: template error: 'skips' takes one argument, a template name"),
  ])
  func mistakesAreLocatedWithASuggestion(template: String, expected: String) {
    let source = TemplateSource(name: "T", path: "T.stencil", text: template)
    #expect(source.check().map(\.description) == ["T.stencil:" + expected])
  }

  @Test func theBuiltInTemplatesAreSound() {
    for template in BuiltInTemplates.all {
      #expect(template.check() == [], "\(template.name)")
    }
  }

  /// Everything the reference lists checks: variables, members through loops, filters with
  /// arguments, dictionaries, list members, conditions.
  @Test func everyKindOfNameChecks() {
    let template = """
      {{ decorator }} {{ options.anything }} {{ plan.requirements.count }}
      {% for r in plan.requirements %}{{ forloop.counter }}{{ r.names.call }}
      {{ r.annotations.retry.attempts|default:"3" }}{{ r.requirement.parameters.first.name }}
      {% for p in r.requirement.parameters %}{{ p.type|uppercase }}{% empty %}none{% endfor %}
      {% if not r.isAsync and r.outcome == "value" or r|skips:"delay" %}{% elif r.isStatic %}
      {% else %}{% endif %}{% endfor %}{{ plan.typeAliases|join:", " }}
      """
    #expect(TemplateSource(name: "T", path: "T.stencil", text: template).check() == [])
  }
}
