import VeneerModel
import VeneerTemplates

/// The call a bulkhead decorator makes once its bulkhead has a place: every async throwing
/// instance method's whose errors are untyped (a full bulkhead throws its own).
final class BulkheadPlan: DecoratorPlan {
  static let name = "bulkhead"
  let admittedCall: String?

  static let templateMembers: [String: TemplateMember<BulkheadPlan>] = [
    "admittedCall": .init(
      .optional(.text),
      "`bulkhead.run(\"PostRepo.getPost(id:)\")`, to which the base's call is passed as a "
        + "closure, for an async throwing instance method whose errors are untyped; else "
        + "nothing, and a note says why",
      { $0.admittedCall })
  ]

  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic]) {
    admittedCall =
      PolicyCall(
        plan, decorator: "Bulkhead", through: "\(plan.storage["bulkhead"]).run",
        diagnostics: &diagnostics
      ).call
  }
}
