import VeneerModel

/// What a tracing decorator records of a call: its span's name, and the arguments
/// `tracing(attributes:)` makes span attributes (never a redacted one).
final class TracingAspect: RequirementAspect {
  static let name = "tracing"
  let spanNameLiteral: String
  let spanAttributeCalls: String

  static let templateMembers: [String: TemplateMember<TracingAspect>] = [
    "spanNameLiteral": .init(
      .text, "a tracing span's name: `\"PostRepo.getPost\"`, or what `tracing(span:)` says",
      { $0.spanNameLiteral }),
    "spanAttributeCalls": .init(
      .text,
      "`call.setAttribute(\"id\", id)` for each argument `tracing(attributes:)` names (never a "
        + "redacted one), one per line; else empty",
      { $0.spanAttributeCalls }),
  ]

  init(_ plan: RequirementPlan, diagnostics: inout [Diagnostic]) {
    let requirement = plan.requirement
    spanNameLiteral =
      (plan.annotationValue("span", keys: ["tracing"]).flatMap(\.text)
      ?? "\(plan.context.proto.qualifiedName).\(requirement.bareName)").swiftLiteral
    let annotations = requirement.annotations.filter { $0.key == "tracing" }
    var calls: [String] = []
    for name in annotations.flatMap({ $0.value(for: "attributes")?.texts ?? [] }) {
      // A name that matches no parameter, or none that has a value, is reported by the
      // parser's annotation checks.
      guard let parameter = plan.parameter(named: name), !parameter.parameter.isClosure,
        !parameter.parameter.isAutoclosure, !parameter.isPack
      else { continue }
      if plan.isRedacted(parameter) {
        diagnostics.append(
          Diagnostic(
            .warning, "tracing attribute '\(name)' is redacted, so it is never recorded",
            at: annotations.first?.location ?? requirement.location))
        continue
      }
      calls.append(
        "\(plan.names.call).setAttribute(\(parameter.key.swiftLiteral), \(parameter.name))")
    }
    spanAttributeCalls = calls.joined(separator: "\n")
  }
}
