import Foundation
import StencilOracle
import Testing
import VeneerModel
import VeneerRenderer
import VeneerSupport
import VeneerTemplates

/// Random templates made of composition's tags — includes of hostile names, extends, blocks in
/// and out of loops, `block.super`, parts that include one another in cycles — compiled: never
/// a crash, every error located in the template or one of its parts, and every template that
/// compiles renders what Stencil renders, byte for byte.
///
/// `VENEER_SEED=<n>` replays a run; `VENEER_FUZZ_ITERATIONS=<n>` runs longer (default 300).
@Suite("Template composition, fuzzed against Stencil")
struct TemplateCompositionFuzzTests {
  /// Names a tag may give: parts that exist, one that does not, and ones that leave the folder
  /// or are not paths at all.
  static let names = [
    "A.stencil", "B.stencil", "Parts/C.stencil", "Missing.stencil", "../A.stencil",
    "/etc/passwd", "", "Parts//C.stencil", "./A.stencil", "Ünï \u{202E}.stencil",
  ]
  static let blockNames = ["top", "body", "tail"]

  struct Maker {
    var generator: SplitMix

    mutating func pick<T>(_ choices: [T]) -> T {
      choices[Int(generator.next() % UInt64(choices.count))]
    }

    mutating func chance(_ percent: UInt64) -> Bool { generator.next() % 100 < percent }

    /// A template's text: maybe `extends` first, then items, nesting at most `depth` deep.
    mutating func template(depth: Int = 2) -> String {
      var text = ""
      if chance(30) { text += "{% extends \"\(pick(TemplateCompositionFuzzTests.names))\" %}\n" }
      for _ in 0..<Int(generator.next() % 6) { text += item(depth: depth) }
      return text
    }

    mutating func item(depth: Int) -> String {
      switch generator.next() % (depth > 0 ? 9 : 6) {
      case 0: return pick(["x", "\n", "  ", "y\n  "])
      case 1: return "{{ plan.protocolName }}"
      case 2:
        return "{% include \"\(pick(TemplateCompositionFuzzTests.names))\" %}" + pick(["", "\n"])
      case 3: return "{{ block.super }}"
      case 4: return pick(["{# c #}", "{%- if true -%} t {%- endif -%}", "{% endblock %}"])
      case 5:
        return pick([
          "{% block \(pick(TemplateCompositionFuzzTests.blockNames)) %}{% endblock %}\n", "\n",
        ])
      case 6:
        return "{% block \(pick(TemplateCompositionFuzzTests.blockNames)) %}"
          + body(depth: depth - 1) + "{% endblock %}\n"
      case 7:
        return "{% for r in plan.requirements %}" + body(depth: depth - 1) + "{% endfor %}"
      default:
        return "{% if plan.access %}" + body(depth: depth - 1) + "{% else %}"
          + body(depth: depth - 1) + "{% endif %}\n"
      }
    }

    mutating func body(depth: Int) -> String {
      (0..<Int(generator.next() % 3)).map { _ in item(depth: depth) }.joined()
    }
  }

  @Test func randomCompositionsCompileSafelyAndRenderLikeStencil() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["VENEER_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
    let iterations = environment["VENEER_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 300
    var maker = Maker(generator: SplitMix(seed: seed))
    let plans = Array(CompiledTemplateTests.fixturePlans.prefix(4))
    var compiled = 0
    for iteration in 0..<iterations {
      var parts: [String: TemplatePart] = [:]
      for name in Self.names.prefix(3) where maker.chance(85) {
        parts[name] = TemplatePart(
          name: name, path: "Templates/\(name)", text: maker.template(depth: 1))
      }
      let text = maker.template()
      let source = TemplateSource(
        name: "Fuzzed", path: "Templates/Fuzzed.stencil", text: text, parts: parts)
      let files = Set([source.path] + parts.values.map(\.path))
      let context =
        "seed \(seed), iteration \(iteration): \(text.debugDescription), parts \(parts.mapValues(\.text))"
      switch CompiledTemplate.compile(source) {
      case .failure(let errors):
        #expect(!errors.diagnostics.isEmpty, "\(context)")
        for diagnostic in errors.diagnostics {
          #expect(
            diagnostic.location.map { files.contains($0.file) } == true,
            "\(diagnostic) is not located in the template or a part; \(context)")
        }
      case .success(let template):
        compiled += 1
        for plan in plans {
          let expected = try StencilOracle.renderUnformatted(source, plan: plan)
          #expect(try template.renderUnformatted(plan) == expected, "\(context)")
        }
      }
    }
    // The grammar must reach both outcomes, or the test says nothing of one.
    #expect(compiled > iterations / 20, "seed \(seed): only \(compiled) compiled")
    #expect(compiled < iterations, "seed \(seed): every template compiled")
  }
}
