import VeneerModel
import VeneerTemplates

/// Whether a retrying decorator makes a requirement's failed calls again: only where the user
/// declared it idempotent (`// veneer: idempotent`, `annotations:`, `@Decorated(idempotent:)`).
/// A name decides nothing: a retried `purchase` charges twice.
final class RetryPlan: DecoratorPlan {
  static let name = "retry"
  let isDeclared: Bool
  let retriedCall: String?

  static let templateMembers: [String: TemplateMember<RetryPlan>] = [
    "retriedCall": .init(
      .optional(.text),
      "`__RetriedCall.run(\"PostRepo.getPost(id:)\", policy: retryPolicy, clock: policyClock)`, "
        + "to which the base's call is passed as a closure, for a requirement declared idempotent "
        + "that is an async throwing method; else nothing, and a note says why where it was "
        + "declared",
      { $0.retriedCall })
  ]

  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic]) {
    isDeclared = plan.requirement.annotations.contains { $0.key == "idempotent" }
    guard isDeclared else {
      retriedCall = nil
      return
    }
    var policy = plan.storage["retryPolicy"]
    // The requirement's own `idempotent(attempts:)`, else its protocol's `retry(attempts:)`.
    let attempts = plan.annotationValue("attempts", keys: ["idempotent", "retry"])
    // Checked where it was read (a count); one out of range was an error there.
    if case .number(let attempts)? = attempts, attempts >= 1,
      attempts <= Double(AnnotationArgumentKind.largestCount)
    {
      policy += ".attempts(\(Int(attempts.rounded())))"
    }
    retriedCall =
      PolicyCall(
        plan, decorator: "Retry", through: "__RetriedCall.run",
        arguments: ", policy: \(policy), clock: \(plan.storage["policyClock"])",
        throwsOwnError: false, diagnostics: &diagnostics
      ).call
  }

  /// The note a protocol's retrying decorator gives of the requirements no one declared
  /// idempotent, where retrying was asked for by name, and the warning a requirement's `retry`
  /// gets, which declares nothing.
  static func protocolDiagnostics(in plans: [RequirementPlan], of proto: ProtocolDecl)
    -> [Diagnostic]
  {
    var diagnostics: [Diagnostic] = []
    for plan in plans {
      for annotation in plan.requirement.annotations where annotation.key == name {
        diagnostics.append(
          Diagnostic(
            .warning,
            "'retry' on a requirement declares nothing: annotate it '// veneer: idempotent' if "
              + "making it twice does what making it once does", at: annotation.location))
      }
    }
    let position = DecoratorPlans.position(of: Self.self)
    let retried = plans.filter {
      $0.decoratorPlan(position, as: Self.self).retriedCall != nil && !$0.isSkipped(by: name)
    }
    if !retried.isEmpty { diagnostics.append(whichErrors(retried, of: proto)) }
    let isAskedFor =
      proto.annotations.contains { $0.key == name }
      || plans.first?.context.options.listedTemplates.contains(name) == true
    guard isAskedFor else { return diagnostics }
    let undeclared = plans.filter { plan in
      plan.isMethod && !plan.isStatic && plan.isThrowing && !plan.isSkipped(by: name)
        && !plan.decoratorPlan(position, as: Self.self).isDeclared
    }
    guard !undeclared.isEmpty else { return diagnostics }
    let names =
      undeclared.prefix(6).map(\.requirement.selector).joined(separator: ", ")
      + (undeclared.count > 6 ? ", …" : "")
    // A warning when it retries nothing at all: asking for it then does nothing.
    let retriesSomething = plans.contains { plan in
      plan.isMethod && !plan.isStatic && !plan.isSkipped(by: name)
        && plan.decoratorPlan(position, as: Self.self).isDeclared
    }
    return diagnostics + [
      Diagnostic(
        retriesSomething ? .note : .warning,
        "the retry decorator of \(proto.qualifiedName) retries only what is declared "
          + "idempotent, and forwards "
          + (undeclared.count == 1 ? "1 requirement" : "\(undeclared.count) requirements")
          + " once (\(names)); annotate each that may be made twice '// veneer: idempotent'",
        at: proto.location)
    ]
  }

  /// The note that says which errors are retried, once a protocol's decorator retries something:
  /// a failed idempotent call is made again only for an error that declares it, so one whose
  /// type does not would otherwise be thrown at once in silence. A typed error is named.
  private static func whichErrors(_ retried: [RequirementPlan], of proto: ProtocolDecl)
    -> Diagnostic
  {
    var message =
      "the retry decorator of \(proto.qualifiedName) makes a failed call of "
      + retried.prefix(6).map(\.requirement.selector).joined(separator: ", ")
      + (retried.count > 6 ? ", …" : "")
      + " again when its error adopts RetryableError (TimeoutError does) and says isRetryable, "
      + "or when the policy's isRetryable accepts it; any other error is thrown at once"
    // A typed error is one the user owns and can declare retryable; `any Error` is not.
    let typed = Set(
      retried.compactMap(\.thrownType).filter {
        !$0.hasPrefix("any ") && $0 != "Error" && $0 != "Swift.Error"
      }
    ).sorted()
    if let first = typed.first {
      message +=
        "; " + typed.joined(separator: ", ") + (typed.count == 1 ? " is" : " are")
        + " retried only if " + (typed.count == 1 ? "it does" : "they do")
        + ": 'extension \(first): RetryableError {}'"
    }
    return Diagnostic(.note, message, at: proto.location)
  }
}
