import VeneerModel
import VeneerTemplates

/// What an Objective-C analytics decorator tracks of a method, as `AnalyticsPlan` does of a
/// Swift requirement: the events of its success and failure, and the arguments
/// `analytics(properties:)` names.
struct ObjCAnalyticsPlan: ObjCDecoratorPlan {
  let event: String
  let failureEvent: String
  /// An `NSDictionary` of the named arguments, or `nil`.
  let properties: String

  /// Event names are text of annotations and `veneer.yml`: templates get them as literals only.
  static let templateMembers: [String: TemplateMember<ObjCAnalyticsPlan>] = [
    "eventLiteral": .init(
      .text, "the event of a success, as an `NSString` literal", { ObjCText.literal($0.event) }),
    "failureEventLiteral": .init(
      .text, "the event of a failure, as an `NSString` literal",
      { ObjCText.literal($0.failureEvent) }),
    "analyticsProperties": .init(
      .text, "the arguments `analytics(properties:)` names, as an `NSDictionary`, or `nil`",
      { $0.properties }),
  ]

  init(_ facts: ObjCMethodFacts, diagnostics: inout [Diagnostic]) {
    let method = facts.method
    let analytics = method.annotations.first { $0.key == "analytics" }
    event =
      analytics?.value(for: "event")?.text
      ?? facts.options.eventNaming.event(
        prefix: facts.eventPrefix,
        requirement: facts.eventFromWholeSelector
          ? facts.hookName.prefix(1).lowercased() + facts.hookName.dropFirst()
          : String(method.firstSelectorPiece))
    failureEvent = analytics?.value(for: "failure")?.text ?? "\(event)_failed"
    var tracked: [(key: String, value: String)] = []
    for name in analytics?.value(for: "properties")?.texts ?? [] {
      // By name or selector piece, as Swift's are by name or label, and as the check accepts.
      guard let parameter = method.parameters.first(where: { $0.answers(to: name) }) else {
        continue
      }
      if facts.level(parameter) == .redacted {
        diagnostics.append(
          Diagnostic(
            .warning, "analytics property '\(name)' is redacted, so it is never tracked",
            at: method.location))
        continue
      }
      // Named, and so declared public for analytics.
      tracked.append(
        (
          parameter.name,
          ObjCText.describe(
            parameter.name, facts.level(parameter).named, limit: facts.valueLimit)
        ))
    }
    properties = tracked.isEmpty ? "nil" : ObjCText.dictionary(tracked)
  }
}
