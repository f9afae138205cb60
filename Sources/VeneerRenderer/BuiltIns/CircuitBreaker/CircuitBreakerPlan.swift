import VeneerModel
import VeneerTemplates

/// The call a circuit breaking decorator makes through its breaker: every throwing instance
/// method's, synchronous or not, whose errors are untyped (an open breaker throws its own).
final class CircuitBreakerPlan: DecoratorPlan {
  static let name = "circuitbreaker"
  let brokenCall: String?

  static let templateMembers: [String: TemplateMember<CircuitBreakerPlan>] = [
    "brokenCall": .init(
      .optional(.text),
      "`breaker.run(\"PostRepo.getPost(id:)\")`, to which the base's call is passed as a "
        + "closure, for a throwing instance method whose errors are untyped; else nothing, and a "
        + "note says why",
      { $0.brokenCall })
  ]

  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic]) {
    brokenCall =
      PolicyCall(
        plan, decorator: "CircuitBreaker", through: "\(plan.storage["breaker"]).run",
        allowsSynchronous: true, diagnostics: &diagnostics
      ).call
  }
}
