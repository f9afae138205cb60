import VeneerModel

/// One aspect's part of a requirement's plan: the Swift fragments that its decorators, and only
/// theirs, are made of (a logging decorator's metadata, a caching decorator's key).
///
/// An aspect reads the plan's neutral facts (signature, forwarding call, outcome, completion
/// handler) and adds its own members, which templates read on a requirement as they read the
/// plan's (`r.logMetadata`). It is planned only for templates that read one of its members
/// (`CompiledTemplate.aspectsRead`). A built-in decorator that needs one names it in its
/// descriptor (`BuiltInDecorator.aspect`).
protocol RequirementAspect: AnyObject, Sendable {
  /// What it is called in messages and tests: `logging`.
  static var name: String { get }

  /// The members templates read, each described once: `Templates/REFERENCE.md` is made of these.
  static var templateMembers: [String: TemplateMember<Self>] { get }

  /// Plans the aspect of `plan`; what it finds wrong goes to `diagnostics`.
  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic])
}

/// Every aspect a requirement plan can have.
package enum RequirementAspects {
  /// In the order of the built-ins that plan them: an aspect's position is its place in a plan.
  static let all = BuiltInDecorators.all.compactMap(\.aspect)

  /// The position of `aspect` in `all`, which lists every aspect.
  static func position<Aspect: RequirementAspect>(of aspect: Aspect.Type) -> Int {
    all.firstIndex { $0.name == Aspect.name }!
  }

  /// The aspect of each member an aspect adds to requirement plans, by member name.
  static let positionOfMember: [String: Int] = Dictionary(
    all.enumerated().flatMap { position, kind in kind.memberNames.map { ($0, position) } },
    uniquingKeysWith: { first, _ in first })

  /// Every aspect's members, read on a requirement plan.
  static let membersOnPlans: [String: TemplateMember<RequirementPlan>] = Dictionary(
    all.enumerated().flatMap { position, kind in kind.membersOnPlans(position) },
    uniquingKeysWith: { first, _ in first })
}

/// An aspect type and what planning and templates need of it, made by code specialized for it:
/// templates read its members many times a requirement.
struct AspectKind: Sendable {
  let name: String
  let memberNames: [String]
  /// Plans the aspect of a requirement.
  let plan: @Sendable (RequirementPlan, inout [Diagnostic]) -> any RequirementAspect
  /// Its members, read on a plan that holds it at a position.
  let membersOnPlans: @Sendable (Int) -> [(String, TemplateMember<RequirementPlan>)]

  init<Aspect: RequirementAspect>(_: Aspect.Type) {
    name = Aspect.name
    memberNames = Array(Aspect.templateMembers.keys)
    plan = { plan, diagnostics in Aspect(plan, diagnostics: &diagnostics) }
    membersOnPlans = { position in
      Aspect.templateMembers.map { name, member in (name, TemplateMember(member, at: position)) }
    }
  }
}

/// A set of aspects, by position in `RequirementAspects.all`.
package struct AspectSet: Sendable, Hashable {
  private var bits: UInt64

  package static let none = AspectSet(bits: 0)
  package static let all = AspectSet(bits: (1 << RequirementAspects.all.count) - 1)

  private init(bits: UInt64) { self.bits = bits }

  init(positions: some Sequence<Int>) {
    bits = positions.reduce(0) { $0 | (1 << $1) }
  }

  func contains(_ position: Int) -> Bool { bits & (1 << position) != 0 }

  package func union(_ other: AspectSet) -> AspectSet { AspectSet(bits: bits | other.bits) }

  /// The aspects' names, in their order: `["logging", "caching"]`.
  package var names: [String] {
    RequirementAspects.all.indices.filter(contains).map { RequirementAspects.all[$0].name }
  }
}
