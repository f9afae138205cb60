import VeneerModel
import VeneerTemplates

/// The call a rate limiting decorator makes once its limiter gives it a token: every async
/// throwing instance method's whose errors are untyped (a refused call throws the limiter's).
final class RateLimitPlan: DecoratorPlan {
  static let name = "ratelimit"
  let limitedCall: String?

  static let templateMembers: [String: TemplateMember<RateLimitPlan>] = [
    "limitedCall": .init(
      .optional(.text),
      "`rateLimiter.run(\"PostRepo.getPost(id:)\")`, to which the base's call is passed as a "
        + "closure, for an async throwing instance method whose errors are untyped; else "
        + "nothing, and a note says why",
      { $0.limitedCall })
  ]

  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic]) {
    limitedCall =
      PolicyCall(
        plan, decorator: "RateLimit", through: "\(plan.storage["rateLimiter"]).run",
        diagnostics: &diagnostics
      ).call
  }
}
