import Foundation
import VeneerTemplates

extension TemplateSchema {
  /// `Templates/REFERENCE.md`: every variable, member and filter a template can use, with what
  /// it is worth for the protocol in `exampleSource`. Generated, so it cannot drift from the
  /// schema that checks templates.
  package static func reference(example plan: ProtocolPlan, exampleSource: String) -> String {
    let snapshot = snapshot(of: plan)
    let requirement = (snapshot["requirements"] as? [[String: Any]])?.first ?? [:]
    let parsedRequirement = requirement["requirement"] as? [String: Any] ?? [:]
    let parameter = (parsedRequirement["parameters"] as? [[String: Any]])?.first ?? [:]
    var lines = [
      "# Template reference",
      "",
      "<!-- Generated from TemplateSchema by `bash Scripts/regenerate`; a test fails when it is "
        + "stale. -->",
      "",
      "Templates use [Stencil](https://stencil.fuller.li) syntax, of which Veneer supports "
        + "`{{ expression }}`, `{% for x in list %}` with `{% empty %}` and `forloop`, "
        + "`{% if %}`/`{% elif %}`/`{% else %}` with `and`, `or`, `not`, `==`, `!=`, `<`, `>`, "
        + "`<=`, `>=` and `in`, text, number and `true`/`false` literals, whitespace control "
        + "(`{%-` and `-%}` trim, `{%+` and `+%}` keep) and `{# comments #}`. Veneer compiles "
        + "each template once and renders exactly what Stencil 0.15.1 would, including its "
        + "smart trimming: a tag alone on its line leaves no line behind. It checks every name "
        + "below first: a misspelt variable, member, filter or tag is an error at its line and "
        + "column, with the closest known name.",
      "",
      "Templates compose as Stencil's do: `{% include \"Part.stencil\" %}` renders a part where "
        + "it stands, seeing the loop it is in; a template whose first tag is `{% extends "
        + "\"Base.stencil\" %}` renders its base with the base's `{% block name %}`s replaced by "
        + "its own, and `{{ block.super }}` inside one is the block it replaces. Parts are read "
        + "from the template's folder by the path the tag gives, or are Veneer's own "
        + "(`Parts/Decorator.stencil`, the skeleton every built-in extends: `veneer templates "
        + "show Parts/Decorator`). Where Stencil would ignore something or surprise you, Veneer "
        + "refuses it at the tag: text outside the blocks of a template that extends another, a "
        + "block inside a `for` loop (Stencil replaces it on the first pass only), nested or "
        + "twice-declared blocks, a block its base does not have, blocks in an included part, a "
        + "part that includes itself or leaves the folder (`..`).",
      "",
      "Lines need no indentation: Veneer lays out the output as `swift format` would. The "
        + "examples show each name's value for this protocol, with `r` its first requirement and "
        + "`p` that requirement's first parameter:",
      "",
      "```swift",
      exampleSource.trimmingCharacters(in: .newlines),
      "```",
      "",
      "`veneer parse --template-model FILES` prints the same values for your own protocols.",
      "",
      "## Variables",
      "",
      "| name | type | what | example |",
      "| --- | --- | --- | --- |",
    ]
    let variableValues: [String: Any] = [
      "plan": "(the plan below)", "decorator": plan.decoratorName(template: "Logging"),
      "options": ["seconds": "2"],
    ]
    for variable in variables {
      lines.append(
        row(
          "`\(variable.name)`", variable.type, variable.summary,
          example: "{{ \(variable.name) }}", value: variableValues[variable.name]))
    }
    let sections: [(object: String, title: String, path: String, values: [String: Any])] = [
      ("ProtocolPlan", "`plan`: the protocol and what is worked out for it", "plan", snapshot),
      (
        "RequirementPlan", "a requirement plan: `{% for r in plan.requirements %}`", "r",
        requirement
      ),
      (
        "LocalNames", "`r.names`: locals that do not clash with parameters", "r.names",
        requirement["names"] as? [String: Any] ?? [:]
      ),
      (
        "StorageNames", "`plan.storage` and `r.storage`: the decorators' stored properties",
        "plan.storage", snapshot["storage"] as? [String: Any] ?? [:]
      ),
      (
        "Protocol", "`plan.proto`: the parsed protocol", "plan.proto",
        snapshot["proto"] as? [String: Any] ?? [:]
      ),
      (
        "Requirement", "`r.requirement`: the parsed requirement", "r.requirement", parsedRequirement
      ),
      ("Parameter", "a parameter: `{% for p in r.requirement.parameters %}`", "p", parameter),
      ("ForLoop", "`forloop`, inside a `for`", "forloop", [:]),
    ]
    for section in sections {
      lines += [
        "", "## \(section.title)", "", "| member | type | what | example |",
        "| --- | --- | --- | --- |",
      ]
      for member in objects[section.object] ?? [] {
        lines.append(
          row(
            "`\(member.name)`", member.type, member.summary,
            example: "{{ \(section.path).\(member.name) }}", value: section.values[member.name]))
      }
    }
    lines += [
      "", "## Objective-C templates", "",
      "Each built-in Objective-C decorator is two templates, "
        + "`Logging.h.stencil` for its `@interface` and `Logging.m.stencil` for its "
        + "`@implementation`, rendered for each `@protocol` of a header. Their `plan` is an "
        + "`ObjCProtocolPlan`; lines need no indentation either: Veneer indents them by their "
        + "braces. Your own is a pair too, `Audit.h.stencil` and `Audit.m.stencil`, named in "
        + "`templates` by either half.", "",
      "| name | type | what |", "| --- | --- | --- |",
    ]
    for variable in objectiveCVariables {
      lines.append(
        "| `\(variable.name)` | \(escaped(variable.type.description)) | "
          + "\(escaped(variable.summary)) |")
    }
    for (object, title) in [
      ("ObjCProtocolPlan", "`plan` of an Objective-C template"),
      ("ObjCMethodPlan", "a method plan: `{% for r in plan.methods %}`"),
    ] {
      lines += ["", "### \(title)", "", "| member | type | what |", "| --- | --- | --- |"]
      for member in objects[object] ?? [] {
        lines.append(
          "| `\(member.name)` | \(escaped(member.type.description)) | \(escaped(member.summary)) |")
      }
    }
    lines += [
      "",
      "Every list also has `count`, `first`, `last` and items by number (`plan.requirements.0`); "
        + "a dictionary has any key, and a missing one is nothing.",
      "",
      "## Filters",
      "",
      "| filter | argument | what |",
      "| --- | --- | --- |",
    ]
    for filter in filters {
      lines.append(
        "| `\(filter.name)` | \(filter.argument ?? "none") | \(escaped(filter.summary)) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func row(
    _ name: String, _ type: TemplateType, _ summary: String, example: String, value: Any?
  ) -> String {
    let shown: String
    switch (type.unwrapped, value) {
    case (.object, _?): shown = "\(code(example)) → its own section"
    case (.list(.object), let list as [Any]): shown = "\(list.count) of them"
    case (_, let text as String) where text.isEmpty: shown = "\(code(example)) → empty"
    case (_, let value?): shown = "\(code(example)) → \(code(display(value)))"
    default: shown = code(example)
    }
    return "| \(name) | \(escaped(type.description)) | \(escaped(summary)) | \(escaped(shown)) |"
  }

  /// A value as a template prints it, shortened to its first line.
  private static func display(_ value: Any) -> String {
    switch value {
    case is NSNull: return "(nothing)"
    case let flag as Bool: return String(flag)
    case let text as String:
      let firstLine = text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
      let short = firstLine.count > 60 ? firstLine.prefix(60) + "…" : firstLine
      return text.contains("\n") && !short.hasSuffix("…") ? short + " …" : String(short)
    case let list as [Any]:
      return "[" + list.map(display).joined(separator: ", ") + "]"
    case let dictionary as [String: Any]:
      return "["
        + dictionary.keys.sorted().map { "\($0): \(display(dictionary[$0]!))" }
        .joined(separator: ", ") + "]"
    default: return "\(value)"
    }
  }

  private static func code(_ text: String) -> String {
    text.contains("`") ? "`` \(text) ``" : "`\(text)`"
  }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }
}
