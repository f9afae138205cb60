import Foundation
import StencilOracle
import TestSupport
import Testing
import VeneerGenerator
import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerTemplates

/// Veneer's compiled templates render what Stencil renders, byte for byte, before layout.
@Suite("Compiled templates agree with Stencil")
struct CompiledTemplateTests {
  static let fixtureCatalog = ProtocolParser.withBuiltIns.parseCatalog(
    paths: [repositoryRoot.appendingPathComponent("Tests/FixtureCatalog").path])

  /// Plans of every protocol in the fixture catalog that Veneer decorates.
  static let fixturePlans = fixtureCatalog.protocols.compactMap {
    try? ProtocolPlan.make(for: $0).get()
  }

  /// The built-in templates, the example aspects, and each with options set, as users may.
  static let shippedTemplates: [TemplateSource] = {
    let aspects = repositoryRoot.appendingPathComponent("Templates/Aspects")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: aspects.path)) ?? []
    let aspectTemplates = files.filter { $0.hasSuffix(".stencil") }.sorted().compactMap { name in
      let path = aspects.appendingPathComponent(name).path
      return (try? String(contentsOfFile: path, encoding: .utf8)).map {
        TemplateSource(name: String(name.dropLast(".stencil".count)), path: path, text: $0)
      }
    }
    let options = [
      "attempts": "5", "backoff": ".milliseconds(10)", "delay": ".seconds(1)", "ttl": "60",
      "level": "info", "errorLevel": "critical",
    ]
    let templates = BuiltInTemplates.all + aspectTemplates
    return templates
      + templates.map {
        TemplateSource(
          name: $0.name, path: $0.path, text: $0.text, options: options, parts: $0.parts)
      }
  }()

  /// Names for test cases: `Retry`, `Retry with options`.
  static let shippedTemplateLabels = shippedTemplates.map {
    $0.options.isEmpty ? $0.name : "\($0.name) with options"
  }

  @Test func fixtureCatalogHasPlans() {
    #expect(Self.fixturePlans.count >= 20)
    #expect(Self.shippedTemplates.count >= 16)
  }

  /// Each `…Literal` member a template reads is the member it is named after, as a literal;
  /// text of annotations and `veneer.yml` (event names) is offered only as a literal.
  @Test func literalMembersQuoteTheirNames() throws {
    var checked = 0
    for requirement in Self.fixturePlans.flatMap(\.requirements) {
      let text = try #require(requirement.templateMember("qualifiedSelector") as? String)
      #expect(
        requirement.templateMember("qualifiedSelectorLiteral") as? String == text.swiftLiteral)
      for name in ["analyticsEventLiteral", "analyticsFailureEventLiteral"] {
        let literal = try #require(requirement.templateMember(name) as? String)
        #expect(literal.hasPrefix("\"") && literal.hasSuffix("\""))
        #expect(requirement.templateMember(String(name.dropLast("Literal".count))) == nil)
      }
      checked += 1
    }
    #expect(checked > 100)
  }

  @Test(arguments: shippedTemplateLabels)
  func shippedTemplateRendersLikeStencil(label: String) throws {
    let template = Self.shippedTemplates[Self.shippedTemplateLabels.firstIndex(of: label)!]
    let compiled = try CompiledTemplate.compile(template).get()
    for plan in Self.fixturePlans {
      let expected = try StencilOracle.renderUnformatted(template, plan: plan)
      let actual = try compiled.renderUnformatted(plan)
      #expect(actual == expected, "\(template.name) over \(plan.protocolName)")
    }
  }

  /// The generator makes only the decorator plans a protocol's templates read; every shipped
  /// template renders from such a plan what it renders from a plan with every decorator's.
  @Test(arguments: shippedTemplateLabels)
  func templatesRenderAlikeFromOnlyTheDecoratorPlansTheyRead(label: String) throws {
    let template = Self.shippedTemplates[Self.shippedTemplateLabels.firstIndex(of: label)!]
    let compiled = try CompiledTemplate.compile(template).get()
    // What its descriptor says it plans, and nothing more.
    let described = BuiltInDecorators.named(template.name)?.plannedName.map { [$0] } ?? []
    #expect(compiled.plansRead.names == described)
    for proto in Self.fixtureCatalog.protocols {
      guard let full = try? ProtocolPlan.make(for: proto).get(),
        let planned = try? ProtocolPlan.make(for: proto, decoratorPlans: compiled.plansRead).get()
      else { continue }
      #expect(try compiled.render(planned) == compiled.render(full), "over \(proto.name)")
      #expect(planned.requirements.allSatisfy { $0.plannedDecorators == compiled.plansRead })
    }
  }

  /// Whitespace control, comments, loops, conditions and filters, each in a small template.
  static let constructs: [String] = [
    // Smart trimming: a tag alone on its line leaves no blank line; text before a tag on the
    // same line keeps its words but loses the spaces before the tag.
    "a\n  {% if plan.access %}\n  b\n  {% endif %}\nc\n",
    "a {% if plan.requirements %}b{% endif %} c\n",
    "x  \n{% for r in plan.requirements %}  {{ r.requirement.name }}  \n{% endfor %}  \ny",
    "{% for r in plan.requirements -%}\n\n  {{ r.requirement.name }}\n{%- endfor %}\nend",
    "{%- if true -%}  kept  {%- endif -%}\n\n",
    "{% for r in plan.requirements +%}\n  {{ r.kind }}\n  {%+ endfor %}\n",
    "{# a comment #}\n{% if plan.access %}\n{# another #}  a\n{% endif %}\n",
    "a {# c #} {% if plan.isolation %}x{% else %}y{% endif %}\n\t{% if plan.access %}\t\n{% endif %}",
    // Loops: forloop members, empty lists, nesting, indexes.
    """
    {% for r in plan.requirements %}{{ forloop.counter }}/{{ forloop.length }} \
    {{ forloop.counter0 }}{% if forloop.first %}F{% elif forloop.last %}L{% else %}M{% endif %}
    {% for p in r.requirement.parameters %}{{ p.name }}{% if not forloop.last %}, {% endif %}\
    {% empty %}(none){% endfor %}
    {% endfor %}
    """,
    "{% for a in plan.typeAliases %}{{ a }}\n{% empty %}no aliases\n{% endfor %}",
    "{{ plan.requirements.count }} {{ plan.requirements.first.kind }} "
      + "{{ plan.requirements.last.kind }} {{ plan.requirements.0.kind }} "
      + "{{ plan.requirements.99.kind }}|{{ plan.proto.primaryAssociatedTypes }}",
    // Conditions: and, or, not, comparisons of text and numbers, `in`.
    """
    {% for r in plan.requirements %}\
    {% if r.isAsync and r.isThrowing %}AT{% elif r.isAsync or r.isThrowing %}A|T\
    {% elif not r.isMethod %}P{% else %}S{% endif %} \
    {% if r.kind == "method" %}m{% endif %}{% if r.kind != 'property' %}!p{% endif %} \
    {% if plan.requirements.count > 2 %}>2{% endif %}{% if plan.requirements.count <= 2 %}<=2{% endif %} \
    {% if plan.cacheCapacity >= 100 %}big{% endif %}{% if plan.cacheCapacity < 1.5 %}tiny{% endif %} \
    {% if "Sendable" in plan.proto.inheritedTypes %}S{% endif %}\
    {% if "get" in r.requirement.name %}get{% endif %}{% if r.thrownType == r.valueType %}={% endif %}
    {% endfor %}
    """,
    // Filters, options and dictionaries.
    """
    {{ plan.protocolName|lowercase }} {{ plan.protocolName|uppercase }} \
    {{ plan.protocolName|capitalize }} {{ plan.typeAliases|join:"; " }} \
    {{ plan.proto.inheritedTypes|join:", "|uppercase }} {{ options.missing|default:"none" }} \
    {{ options.attempts|default:"3" }} {{ plan.isolation|default:"empty text stays" }}
    {% for r in plan.requirements %}{{ r.thrownType|default:"untyped" }} \
    {{ r.annotations.retry.attempts|default:r.requirement.name }} \
    {% if r|skips:"logging" %}skips{% endif %} {{ r.isCacheable }} {{ plan.cacheCapacity }}
    {% endfor %}
    """,
    // Values of every kind printed, defaulted, joined, compared and contained.
    """
    {{ 1.5 }} {{ 2 }} {{ true }} [{{ plan.proto }}] {{ options }} {{ options.count }}     {{ plan.proto.primaryAssociatedTypes|lowercase }} {{ plan.protocolName|join:"-" }}     [{{ plan.proto|default:"x" }}] {{ "nil"|default:"none" }} {{ false|default:"f" }}
    {% if 1 in plan.proto.inheritedTypes %}1in{% endif %}{% if "Send" in plan.protocolName %}S{% endif %}    {% if plan.cacheCapacity == "100" %}text=number{% endif %}{% if plan.cacheCapacity == 100.0 %}=f{% endif %}    {% if true == true %}tt{% endif %}{% if true == 1 %}t1{% endif %}    {% if options.missing == options.absent %}none=none{% endif %}{% if options.missing != plan.access %}ne{% endif %}    {% if plan.proto %}object{% endif %}{% if 0 %}zero{% endif %}{% if 1.5 > 1 %}gt{% endif %}    {% if plan.proto == plan.proto %}same{% endif %}{% if plan.requirements.first in plan.requirements %}in{% endif %}
    """,
  ]

  /// The checker knows names, not what a filter is given: `skips` on the plan fails as it renders,
  /// at the filter, and Stencil fails too.
  @Test func skipsOnAnythingButARequirementFailsAtTheFilter() throws {
    let template = TemplateSource(
      name: "Misuse", path: "Misuse.stencil",
      text: "a\n{% if plan.access %}{% endif %}{% if plan|skips:\"logging\" %}x{% endif %}\n")
    let compiled = try CompiledTemplate.compile(template).get()
    let plan = try #require(Self.fixturePlans.first)
    let error = #expect(throws: TemplateError.self) { try compiled.render(plan) }
    #expect(error?.diagnostic.location?.line == 2)
    #expect(error?.diagnostic.location?.column == 43)
    #expect(error?.diagnostic.message.contains("'skips' applies to a requirement") == true)
    #expect(throws: TemplateError.self) {
      try StencilOracle.renderUnformatted(template, plan: plan)
    }
  }

  @Test(arguments: constructs)
  func constructRendersLikeStencil(text: String) throws {
    let template = TemplateSource(
      name: "Construct", path: "Construct.stencil", text: text, options: ["attempts": "4"])
    let compiled = try CompiledTemplate.compile(template).get()
    for plan in Self.fixturePlans {
      let expected = try StencilOracle.renderUnformatted(template, plan: plan)
      #expect(try compiled.renderUnformatted(plan) == expected, "over \(plan.protocolName)")
    }
  }
}
