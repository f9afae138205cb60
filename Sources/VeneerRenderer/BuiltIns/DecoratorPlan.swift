import VeneerModel
import VeneerTemplates

/// One built-in decorator's part of a requirement's plan: the Swift fragments that its decorators, and only
/// theirs, are made of (a logging decorator's metadata, a caching decorator's key).
///
/// It reads the plan's neutral facts (signature, forwarding call, outcome, completion
/// handler) and adds its own members, which templates read on a requirement as they read the
/// plan's (`r.logMetadata`). It is planned only for templates that read one of its members
/// (`CompiledTemplate.plansRead`). A built-in decorator that needs one names it in its
/// descriptor (`BuiltInDecorator.plan`).
protocol DecoratorPlan: AnyObject, Sendable {
  /// What it is called in messages and tests: `logging`.
  static var name: String { get }

  /// The members templates read, each described once: `Templates/REFERENCE.md` is made of these.
  static var templateMembers: [String: TemplateMember<Self>] { get }

  /// Plans its part of `plan`; what it finds wrong goes to `diagnostics`.
  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic])

  /// What it says of a protocol as a whole, once its requirements are planned (what caching
  /// forwards uncached, events two requirements share).
  static func protocolDiagnostics(in plans: [RequirementPlan], of proto: ProtocolDecl)
    -> [Diagnostic]
}

extension DecoratorPlan {
  static func protocolDiagnostics(in plans: [RequirementPlan], of proto: ProtocolDecl)
    -> [Diagnostic]
  { [] }
}

/// Every decorator plan a requirement plan can hold.
package enum DecoratorPlans {
  /// In the order of the built-ins that plan them: a decorator plan's position is its place in a requirement's plan.
  static let all = BuiltInDecorators.all.compactMap(\.plan)

  /// The position of `plan` in `all`, which lists every decorator plan.
  static func position<Plan: DecoratorPlan>(of plan: Plan.Type) -> Int {
    all.firstIndex { $0.name == Plan.name }!
  }

  /// The position of the decorator plan that adds each member to requirement plans, by name.
  static let positionOfMember: [String: Int] = Dictionary(
    all.enumerated().flatMap { position, kind in kind.memberNames.map { ($0, position) } },
    uniquingKeysWith: { first, _ in first })

  /// Every decorator plan's members, read on a requirement plan.
  static let membersOnPlans: [String: TemplateMember<RequirementPlan>] = Dictionary(
    all.enumerated().flatMap { position, kind in kind.membersOnPlans(position) },
    uniquingKeysWith: { first, _ in first })
}

/// A decorator plan's type and what planning and templates need of it, made by code specialized for it:
/// templates read its members many times a requirement.
struct DecoratorPlanKind: Sendable {
  let name: String
  let memberNames: [String]
  /// Makes it for a requirement.
  let plan: @Sendable (RequirementPlan, inout [Diagnostic]) -> any DecoratorPlan
  /// Its members, read on a plan that holds it at a position.
  let membersOnPlans: @Sendable (Int) -> [(String, TemplateMember<RequirementPlan>)]
  /// What it says of a protocol as a whole.
  let protocolDiagnostics: @Sendable ([RequirementPlan], ProtocolDecl) -> [Diagnostic]

  init<Plan: DecoratorPlan>(_: Plan.Type) {
    name = Plan.name
    memberNames = Array(Plan.templateMembers.keys)
    plan = { plan, diagnostics in Plan(plan, diagnostics: &diagnostics) }
    membersOnPlans = { position in
      Plan.templateMembers.map { name, member in (name, TemplateMember(member, at: position)) }
    }
    protocolDiagnostics = { plans, proto in Plan.protocolDiagnostics(in: plans, of: proto) }
  }
}

/// A set of decorator plans, by position in `DecoratorPlans.all`.
package struct DecoratorPlanSet: Sendable, Hashable {
  private var bits: UInt64

  package static let none = DecoratorPlanSet(bits: 0)
  package static let all = DecoratorPlanSet(bits: (1 << DecoratorPlans.all.count) - 1)

  private init(bits: UInt64) { self.bits = bits }

  init(positions: some Sequence<Int>) {
    bits = positions.reduce(0) { $0 | (1 << $1) }
  }

  func contains(_ position: Int) -> Bool { bits & (1 << position) != 0 }

  package func union(_ other: DecoratorPlanSet) -> DecoratorPlanSet {
    DecoratorPlanSet(bits: bits | other.bits)
  }

  /// Their names, in their order: `["logging", "caching"]`.
  package var names: [String] {
    DecoratorPlans.all.indices.filter(contains).map { DecoratorPlans.all[$0].name }
  }
}
