import VeneerModel

/// What an analytics decorator tracks of a call: the events of its success and failure, and the
/// properties `analytics(properties:)` takes from its arguments.
final class AnalyticsAspect: RequirementAspect {
  static let name = "analytics"
  let analyticsEvent: String
  let analyticsEventLiteral: String
  let analyticsFailureEvent: String
  let analyticsFailureEventLiteral: String
  let analyticsProperties: String

  static let templateMembers: [String: TemplateMember<AnalyticsAspect>] = [
    "analyticsEvent": .init(.text, "the event name of a success", { $0.analyticsEvent }),
    "analyticsEventLiteral": .init(
      .text, "the same as a Swift string literal", { $0.analyticsEventLiteral }),
    "analyticsFailureEvent": .init(
      .text, "the event name of a failure", { $0.analyticsFailureEvent }),
    "analyticsFailureEventLiteral": .init(
      .text, "the same as a Swift string literal", { $0.analyticsFailureEventLiteral }),
    "analyticsProperties": .init(
      .text, "analytics properties from arguments: `[\"title\": AnalyticsValue(title)]`",
      { $0.analyticsProperties }),
  ]

  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic]) {
    let requirement = plan.requirement
    let defaultEvent = plan.context.options.eventNaming.event(
      prefix: plan.context.eventPrefix, requirement: requirement.bareName)
    analyticsEvent =
      plan.annotationValue("event", keys: ["analytics"]).flatMap(\.text) ?? defaultEvent
    analyticsFailureEvent =
      plan.annotationValue("failure", keys: ["analytics"]).flatMap(\.text)
      ?? "\(analyticsEvent)_failed"
    analyticsEventLiteral = analyticsEvent.swiftLiteral
    analyticsFailureEventLiteral = analyticsFailureEvent.swiftLiteral
    // A name that matches no parameter is reported by the parser's annotation checks and the
    // event map.
    let tracked = plan.unredactedArguments(
      named: "properties", of: "analytics", as: "analytics property", "never tracked",
      &diagnostics
    ) { _ in true }
    let describing = plan.logsFullValues ? "describing: " : ""
    analyticsProperties = RequirementPlan.dictionaryLiteral(
      tracked.map { ($0.key, "AnalyticsValue(\(describing)\($0.name))") })
  }
}
