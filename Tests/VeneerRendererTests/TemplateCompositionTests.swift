import StencilOracle
import Testing
import VeneerModel
import VeneerRenderer
import VeneerTemplates

/// `include`, `extends`, `block` and `block.super` render what Stencil renders, byte for byte,
/// and every way to misuse them is an error at the tag, in the file that has it.
@Suite("Templates composed of parts agree with Stencil")
struct TemplateCompositionTests {
  /// Parts by name, as a template's folder would hold them.
  static let parts: [String: TemplatePart] = Dictionary(
    uniqueKeysWithValues: [
      ("Name.stencil", "{{ r.requirement.name }}"),
      ("Protocol.stencil", "{{ plan.protocolName }}"),
      ("Line.stencil", "- {% include \"Name.stencil\" %} ({{ forloop.counter }})\n"),
      (
        "Base.stencil",
        """
        head {{ plan.protocolName }}
        {% block top %}base top{% endblock %}
        {% for r in plan.requirements %}{{ r.kind }} {% endfor %}
        {% block body %}
          base body
        {% endblock %}
        {% if plan.access %}{% block optional %}base optional{% endblock %}{% endif %}
        tail
        """
      ),
      (
        "Middle.stencil",
        """
        {% extends "Base.stencil" %}
        {% block top %}middle top, then [{{ block.super }}]{% endblock %}
        {% block body %}
        middle body
        {% endblock %}
        """
      ),
      (
        "Parts/Loop.stencil",
        "{% for r in plan.requirements %}{% include \"Line.stencil\" %}{% endfor %}"
      ),
    ].map { ($0.0, TemplatePart(name: $0.0, path: "Templates/\($0.0)", text: $0.1)) })

  static let constructs: [String] = [
    // An include sees the loop it is in; a part includes another.
    "{% for r in plan.requirements %}{% include \"Line.stencil\" %}{% endfor %}end\n",
    "a\n  {% include \"Parts/Loop.stencil\" %}  \nb {%- include \"Protocol.stencil\" -%} c\n",
    // A block replaced, one kept, one in an `if`; text around the child's blocks is ignored.
    """
    {# a summary #}
    {% extends "Base.stencil" %}

    {% block body %}
    child body {{ plan.requirements.count }}
    {% for r in plan.requirements %}{% include "Name.stencil" %},{% endfor %}
    {% endblock %}
    {% block optional %}child optional{% endblock %}
    """,
    // `block.super` at two levels, and a grandchild over a child.
    """
    {% extends "Middle.stencil" %}
    {% block top %}child top, then <{{ block.super }}>{% endblock %}
    {% block body %}{{ block.super }}child body after{% endblock %}
    """,
    "{% extends \"Middle.stencil\" %}\n",
    // `block` is a name like any other outside `block.super`.
    "{% for block in plan.requirements %}{{ block.kind }} {% endfor %}\n",
    // Whitespace marks next to block tags.
    "{% extends \"Base.stencil\" %}{% block top -%}\n   trimmed  \n{%- endblock %}",
  ]

  @Test(arguments: constructs)
  func composedTemplateRendersLikeStencil(text: String) throws {
    let template = TemplateSource(
      name: "Composed", path: "Templates/Composed.stencil", text: text, parts: Self.parts)
    let compiled = try CompiledTemplate.compile(template).get()
    for plan in CompiledTemplateTests.fixturePlans {
      let expected = try StencilOracle.renderUnformatted(template, plan: plan)
      #expect(try compiled.renderUnformatted(plan) == expected, "over \(plan.protocolName)")
    }
  }

  /// Every built-in extends the one skeleton, and renders as Stencil does through it.
  @Test func builtInsShareOneSkeleton() throws {
    let skeleton = try #require(
      BuiltInTemplates.parts.first { $0.name == "Parts/Decorator.stencil" })
    for template in BuiltInTemplates.all {
      #expect(template.text.contains("{% extends \"\(skeleton.name)\" %}"), "\(template.name)")
      #expect(!template.text.contains("plan.typeDeclarationPrefix"), "\(template.name)")
    }
  }

  static let mistakes: [(text: String, file: String, line: Int, message: String)] = [
    (
      "{% include \"Nme.stencil\" %}", "Templates/Composed.stencil", 1,
      "no template part named 'Nme.stencil'; did you mean 'Name.stencil'?"
    ),
    (
      "x\n{% include \"../Secrets.stencil\" %}", "Templates/Composed.stencil", 2,
      "'../Secrets.stencil' leaves it"
    ),
    ("{% include Name.stencil %}", "Templates/Composed.stencil", 1, "with a quoted name"),
    (
      "{% include \"Loop.stencil\" %}", "Templates/Loop.stencil", 1,
      "'Loop.stencil' includes itself: Templates/Loop.stencil → Templates/Loop.stencil"
    ),
    (
      "{% for r in plan.requirements %}{% block x %}{% endblock %}{% endfor %}",
      "Templates/Composed.stencil", 1, "replaced only on the loop's first pass"
    ),
    (
      "{% block a %}{% block b %}{% endblock %}{% endblock %}", "Templates/Composed.stencil", 1,
      "blocks do not nest"
    ),
    (
      "{% block a %}{% endblock %}\n{% block a %}{% endblock %}", "Templates/Composed.stencil", 2,
      "block 'a' is declared twice"
    ),
    (
      "{% include \"Block.stencil\" %}", "Templates/Block.stencil", 1,
      "not for parts that are included"
    ),
    (
      "{% extends \"Base.stencil\" %}\n{% block bdy %}x{% endblock %}",
      "Templates/Composed.stencil", 2,
      "block 'bdy' is not in Templates/Base.stencil, so it would never be rendered; did you mean 'body'?"
    ),
    (
      "{% extends \"Base.stencil\" %}\nstray words\n", "Templates/Composed.stencil", 2,
      "text outside a block of a template that extends another is never rendered"
    ),
    (
      "{% extends \"Base.stencil\" %}\n{{ plan.protocolName }}", "Templates/Composed.stencil", 2,
      "a value outside a block"
    ),
    (
      "x {% extends \"Base.stencil\" %}", "Templates/Composed.stencil", 1,
      "'extends' is a template's first tag"
    ),
    (
      "{% extends \"Base.stencil\" %}\n{% extends \"Middle.stencil\" %}",
      "Templates/Composed.stencil",
      2, "this is its second 'extends'"
    ),
    (
      "{% block a %}{{ block.super }}{% endblock %}", "Templates/Composed.stencil", 1,
      "'block.super'"
    ),
    (
      "{% block a %}x{% endblock b %}", "Templates/Composed.stencil", 1,
      "this 'endblock' names 'b', not 'a'"
    ),
    // A misspelt member in a part is reported in the part.
    ("{% include \"Typo.stencil\" %}", "Templates/Typo.stencil", 2, "has no member 'protocolNme'"),
  ]

  @Test(arguments: mistakes.indices)
  func misuseIsAnErrorAtTheTag(index: Int) throws {
    let mistake = Self.mistakes[index]
    var parts = Self.parts
    for (name, text) in [
      ("Loop.stencil", "{% include \"Loop.stencil\" %}"),
      ("Block.stencil", "{% block inside %}{% endblock %}"),
      ("Typo.stencil", "fine\n{{ plan.protocolNme }}"),
    ] {
      parts[name] = TemplatePart(name: name, path: "Templates/\(name)", text: text)
    }
    let template = TemplateSource(
      name: "Composed", path: "Templates/Composed.stencil", text: mistake.text, parts: parts)
    guard case .failure(let errors) = CompiledTemplate.compile(template) else {
      Issue.record("\(mistake.text) compiled")
      return
    }
    let diagnostic = try #require(errors.diagnostics.first)
    #expect(diagnostic.location?.file == mistake.file, "\(diagnostic)")
    #expect(diagnostic.location?.line == mistake.line, "\(diagnostic)")
    #expect(diagnostic.message.contains(mistake.message), "\(diagnostic)")
  }

  /// A part included in a loop of includes would grow exponentially: it is bounded, and so is
  /// how deep parts nest.
  @Test func compositionIsBounded() throws {
    var parts: [String: TemplatePart] = [:]
    let line = String(repeating: "x", count: 1000)
    parts["P0.stencil"] = TemplatePart(name: "P0.stencil", path: "P0.stencil", text: line)
    for level in 1...12 {
      let text = String(repeating: "{% include \"P\(level - 1).stencil\" %}", count: 4)
      parts["P\(level).stencil"] = TemplatePart(
        name: "P\(level).stencil", path: "P\(level).stencil", text: text)
    }
    let wide = TemplateSource(
      name: "Wide", path: "Wide.stencil", text: "{% include \"P12.stencil\" %}", parts: parts)
    guard case .failure(let errors) = CompiledTemplate.compile(wide) else {
      Issue.record("4^12 inclusions compiled")
      return
    }
    #expect(errors.diagnostics.first?.message.contains("more than 4 MiB of template") == true)

    var chain: [String: TemplatePart] = [:]
    for level in 0..<40 {
      chain["C\(level).stencil"] = TemplatePart(
        name: "C\(level).stencil", path: "C\(level).stencil",
        text: "{% include \"C\(level + 1).stencil\" %}")
    }
    let deep = TemplateSource(
      name: "Deep", path: "Deep.stencil", text: "{% include \"C0.stencil\" %}", parts: chain)
    guard case .failure(let deepErrors) = CompiledTemplate.compile(deep) else {
      Issue.record("40 nested parts compiled")
      return
    }
    #expect(deepErrors.diagnostics.first?.message.contains("more than 16 deep") == true)
  }
}
