import VeneerModel
import VeneerTemplates

/// What a tracing decorator records of a call: its span's name, and the arguments
/// `tracing(attributes:)` makes span attributes (never a redacted one).
final class TracingPlan: DecoratorPlan {
  static let name = "tracing"
  let spanNameLiteral: String
  let spanAttributeCalls: String

  static let templateMembers: [String: TemplateMember<TracingPlan>] = [
    "spanNameLiteral": .init(
      .text, "a tracing span's name: `\"PostRepo.getPost\"`, or what `tracing(span:)` says",
      { $0.spanNameLiteral }),
    "spanAttributeCalls": .init(
      .text,
      "`call.setAttribute(\"id\", id)` for each argument `tracing(attributes:)` names (never a "
        + "redacted one), one per line; else empty",
      { $0.spanAttributeCalls }),
  ]

  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic]) {
    let requirement = plan.requirement
    spanNameLiteral =
      (plan.annotationValue("span", keys: ["tracing"]).flatMap(\.text)
      ?? "\(plan.context.proto.qualifiedName).\(requirement.bareName)").swiftLiteral
    // A name that matches no parameter, or none that has a value, is reported by the parser's
    // annotation checks.
    let recorded = plan.unredactedArguments(
      named: "attributes", of: "tracing", as: "tracing attribute", "never recorded",
      &diagnostics
    ) { !$0.parameter.isClosure && !$0.parameter.isAutoclosure && !$0.isPack }
    // Named, and so declared public for the span.
    spanAttributeCalls = recorded.map {
      let setter = plan.disclosure(of: $0).named == .full ? "setFullAttribute" : "setAttribute"
      return "\(plan.names.call).\(setter)(\($0.key.swiftLiteral), \($0.name))"
    }.joined(separator: "\n")
  }
}
