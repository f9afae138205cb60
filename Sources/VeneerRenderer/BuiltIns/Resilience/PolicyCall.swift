import VeneerModel

/// What the resilience built-ins (Retry, CircuitBreaker, Bulkhead, RateLimit) ask of a
/// requirement before they run its calls through their policy, and the call they write: their
/// runtime's `run`, to which the template passes the base's call as a closure that runs in the
/// caller's task, once or more.
struct PolicyCall {
  /// `breaker.run("PostRepo.getPost(id:)")`, or nil.
  let call: String?

  /// The call through `runner` (`breaker.run`) for the built-in `name` (`CircuitBreaker`), or
  /// nil with a note at the requirement saying
  /// why not, when it cannot be made: a requirement that is not an async (or, with
  /// `allowsSynchronous`, any) throwing instance method, or one whose errors are typed and so
  /// cannot carry the policy's own (unless `throwsOwnError` is false, as a retry's is).
  init(
    _ plan: borrowing RequirementPlan, decorator name: String, through runner: String,
    arguments: String = "", allowsSynchronous: Bool = false, throwsOwnError: Bool = true,
    diagnostics: inout [Diagnostic]
  ) {
    if let reason = Self.unfitReason(
      plan, allowsSynchronous: allowsSynchronous, throwsOwnError: throwsOwnError)
    {
      call = nil
      if !plan.isSkipped(by: name.lowercased()) {
        diagnostics.append(
          Diagnostic(
            .note,
            "the \(Naming.snakeCase(name).replacingOccurrences(of: "_", with: " ")) decorator "
              + "forwards \(plan.requirement.selector) as it is: \(reason)",
            at: plan.requirement.location))
      }
      return
    }
    call = "\(runner)(\(plan.qualifiedSelectorLiteral)\(arguments))"
  }

  private static func unfitReason(
    _ plan: borrowing RequirementPlan, allowsSynchronous: Bool, throwsOwnError: Bool
  ) -> String? {
    let requirement = plan.requirement
    let effects = requirement.effects
    if requirement.kind != .method {
      return "only methods are called through a policy"
    } else if requirement.isStatic || requirement.isMutating {
      return "static and mutating requirements are forwarded as they are"
    } else if !effects.isAsync, !allowsSynchronous {
      return "it is synchronous, and waiting would block its thread"
    } else if !plan.isThrowing || effects.throwing == .rethrows {
      return "it cannot throw"
    } else if throwsOwnError,
      let thrown = effects.thrownType, !["any Error", "Error"].contains(thrown.text)
    {
      return "it throws only \(thrown.text), and so cannot throw the policy's own error"
    } else if plan.completionCallOpening != nil {
      return "it reports through a completion handler, not by returning"
    } else if plan.selfResult != nil {
      return "it returns Self, a new decorator around what the base builds"
    } else if plan.storage.base != plan.context.storage.base {
      return "a parameter has the name of the decorator's stored base"
    }
    return nil
  }
}
