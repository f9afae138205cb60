import VeneerModel
import VeneerTemplates

/// What an analytics decorator tracks of a call: the events of its success and failure, and the
/// properties `analytics(properties:)` takes from its arguments.
final class AnalyticsPlan: DecoratorPlan {
  static let name = "analytics"
  let analyticsEvent: String
  let analyticsEventLiteral: String
  let analyticsFailureEvent: String
  let analyticsFailureEventLiteral: String
  let analyticsProperties: String

  /// Event names are text of annotations and `veneer.yml`: templates get them as literals only.
  static let templateMembers: [String: TemplateMember<AnalyticsPlan>] = [
    "analyticsEventLiteral": .init(
      .text, "the event name of a success, as a Swift string literal",
      { $0.analyticsEventLiteral }),
    "analyticsFailureEventLiteral": .init(
      .text, "the event name of a failure, as a Swift string literal",
      { $0.analyticsFailureEventLiteral }),
    "analyticsProperties": .init(
      .text, "analytics properties from arguments: `[\"title\": AnalyticsValue(title)]`",
      { $0.analyticsProperties }),
  ]

  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic]) {
    let requirement = plan.requirement
    // Overloads are told apart by their labels, as their advice is (`productSku`).
    let defaultEvent = plan.context.options.eventNaming.event(
      prefix: plan.context.eventPrefix,
      requirement: plan.hookName == requirement.name
        ? requirement.bareName : plan.hookName.trimmingBackticks)
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
    // Named, and so declared public for analytics.
    analyticsProperties = RequirementPlan.dictionaryLiteral(
      tracked.map {
        let describing = plan.disclosure(of: $0).named == .full ? "describing: " : ""
        return ($0.key, "AnalyticsValue(\(describing)\($0.name))")
      })
  }

  /// An error for each event name that two tracked requirements of one protocol share, unless
  /// every one of them says `shared: true`: counted as one event, they could not be told apart.
  static func protocolDiagnostics(in plans: [RequirementPlan], of proto: ProtocolDecl)
    -> [Diagnostic]
  {
    let position = DecoratorPlans.position(of: Self.self)
    var users: [String: [RequirementPlan]] = [:]
    var names: [String] = []
    for plan in plans
    where plan.isMethod && !plan.isStatic && !plan.isSkipped(by: "analytics") {
      let analytics = plan.decoratorPlan(position, as: Self.self)
      // A requirement's own success and failure may share a name: the user's choice.
      let events = [analytics.analyticsEvent, analytics.analyticsFailureEvent]
      for name in events[0] == events[1] ? [events[0]] : events {
        if users[name] == nil { names.append(name) }
        users[name, default: []].append(plan)
      }
    }
    // Once a pair: their failure events clash whenever their events do.
    var reported: Set<[SourceLocation]> = []
    return names.compactMap { name in
      guard let plans = users[name], plans.count > 1,
        !plans.allSatisfy({ $0.annotationValue("shared", keys: ["analytics"]) == .boolean(true) })
      else { return nil }
      let first = plans[0].requirement
      let clashing = plans[1].requirement
      guard reported.insert([first.location, clashing.location]).inserted else { return nil }
      let location =
        clashing.annotations.first { $0.key == "analytics" }?.location ?? clashing.location
      return Diagnostic(
        .error,
        "\(proto.qualifiedName).\(clashing.selector) tracks the event '\(name)', as "
          + "\(first.selector) does, and one event cannot tell them apart: give one a name of "
          + "its own (analytics(event:) or the event map), or say shared: true on both if one "
          + "event is meant", at: location)
    }
  }
}
