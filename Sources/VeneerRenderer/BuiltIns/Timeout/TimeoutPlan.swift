import VeneerModel
import VeneerTemplates

/// Whether a timeout decorator gives a call a deadline, and the timed call: the base's call in
/// a task of its own, cancelled when `timeout(seconds:)` or the decorator's deadline passes.
final class TimeoutPlan: DecoratorPlan {
  static let name = "timeout"
  let timedCall: String?

  static let templateMembers: [String: TemplateMember<TimeoutPlan>] = [
    "timedCall": .init(
      .optional(.text),
      "`try await __TimedCall.run(\"PostRepo.getPost(id:)\", deadline: deadline) { [base] in try "
        + "await base.getPost(id: id) }` for an async throwing method with Sendable parts; else "
        + "nothing, and a note says why",
      { $0.timedCall })
  ]

  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic]) {
    let requirement = plan.requirement
    if let reason = Self.untimedReason(plan) {
      timedCall = nil
      if !plan.isSkipped(by: Self.name) {
        diagnostics.append(
          Diagnostic(
            .note,
            "the timeout decorator forwards \(requirement.selector) without a deadline: \(reason)",
            at: requirement.location))
      }
      return
    }
    let deadline = plan.secondsLiteral("seconds", keys: ["timeout"]) ?? plan.storage["deadline"]
    // The task runs the call where the requirement runs: on the protocol's global actor, unless
    // the requirement says otherwise.
    let isolation =
      plan.context.proto.globalActor.flatMap {
        DecoratorIsolation.isolatesItself(requirement) ? nil : "@\($0) "
      } ?? ""
    timedCall =
      "try await __TimedCall.run(\(plan.qualifiedSelectorLiteral), deadline: \(deadline)) { "
      + "\(isolation)[\(plan.storage.base)] in \(plan.forwardCall) }"
  }

  /// Why the call cannot be given a deadline, if it cannot: it must run in a task of its own,
  /// which the deadline cancels, and end by throwing `TimeoutError`.
  private static func untimedReason(_ plan: borrowing RequirementPlan) -> String? {
    let requirement = plan.requirement
    let effects = requirement.effects
    if requirement.kind != .method {
      return "only methods are given a deadline"
    } else if !effects.isAsync {
      return "it is synchronous, and only an async call can be cancelled when its deadline passes"
    } else if requirement.isStatic || requirement.isMutating {
      return "static and mutating requirements are forwarded as they are"
    } else if !plan.isThrowing || effects.throwing == .rethrows
      || effects.thrownType.map({ !["any Error", "Error"].contains($0.text) }) == true
    {
      return "it cannot throw TimeoutError"
    } else if !plan.context.proto.isSendable {
      return "\(plan.context.proto.qualifiedName) is not Sendable, so its calls cannot run in a "
        + "task of their own"
    } else if plan.selfResult != nil {
      return "it returns Self, a new decorator around what the base builds"
    } else if plan.storage.base != plan.context.storage.base {
      return "a parameter has the name of the decorator's stored base"
    } else if !requirement.genericParameters.isEmpty
      || plan.parameters.contains(where: {
        $0.parameter.isInout || $0.parameter.isClosure || $0.parameter.type.mentionsOpaqueType
      })
      || plan.completionCallOpening != nil || plan.mentionsAssociatedTypeNotKnownSendable
    {
      return "its arguments or result are not known to be Sendable, so they cannot cross into "
        + "the task that runs the call"
    }
    return nil
  }
}
