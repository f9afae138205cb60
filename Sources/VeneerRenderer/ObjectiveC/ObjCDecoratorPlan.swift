import VeneerModel
import VeneerTemplates

/// One built-in decorator's part of an Objective-C method's plan, as `DecoratorPlan` is of a
/// Swift requirement's: the Objective-C its templates, and only theirs, are made of (analytics'
/// events, the intercepting decorator's typed advice), read on the method as its other members
/// are (`m.eventLiteral`). A built-in that needs one names it in its descriptor
/// (`BuiltInDecorator.objectiveCPlan`), in its own folder.
protocol ObjCDecoratorPlan: Sendable {
  /// The members templates read, each described once: `Templates/REFERENCE.md` is made of these.
  static var templateMembers: [String: TemplateMember<Self>] { get }

  /// Plans its part of `method`; what it finds wrong goes to `diagnostics`.
  init(_ method: ObjCMethodFacts, diagnostics: inout [Diagnostic])
}

/// What every Objective-C decorator plan may read of a method, worked out once for them all.
struct ObjCMethodFacts {
  let method: ObjCMethod
  let options: RenderOptions
  /// The protocol's part of its events' names: `loader_service`.
  let eventPrefix: String
  /// `LoadWithCompletion`, made unique within the protocol.
  let hookName: String
  /// Whether its events are named by the whole selector: its first piece is another's too.
  let eventFromWholeSelector: Bool
  /// What may be written of its values.
  let disclosure: Disclosure
  /// `value_limit`, or the runtime's default, as Swift's decorators use.
  let valueLimit: String

  /// What may be written of `parameter`, named by its name or selector piece.
  func level(_ parameter: ObjCParameter) -> Disclosure.Level {
    disclosure.level(ofParameter: parameter.name, label: parameter.selectorPiece)
  }
}

/// An Objective-C decorator plan's type, and what planning and templates need of it.
struct ObjCDecoratorPlanKind: Sendable {
  let memberNames: [String]
  /// Makes it for a method.
  let plan: @Sendable (ObjCMethodFacts, inout [Diagnostic]) -> any ObjCDecoratorPlan
  /// Its members, read on a method plan that holds it at a position.
  let membersOnMethods: @Sendable (Int) -> [(String, TemplateMember<ObjCMethodPlan>)]

  init<Plan: ObjCDecoratorPlan>(_: Plan.Type) {
    memberNames = Array(Plan.templateMembers.keys)
    plan = { method, diagnostics in Plan(method, diagnostics: &diagnostics) }
    membersOnMethods = { position in
      Plan.templateMembers.map { name, member in (name, TemplateMember(member, at: position)) }
    }
  }
}

/// Every Objective-C decorator plan a method plan holds, in the order of the built-ins that
/// plan them: a plan's position is its place in a method's plan.
enum ObjCDecoratorPlans {
  static let all = BuiltInDecorators.all.compactMap(\.objectiveCPlan)

  /// Every one's members, read on a method plan.
  static let membersOnMethods: [String: TemplateMember<ObjCMethodPlan>] = Dictionary(
    all.enumerated().flatMap { position, kind in kind.membersOnMethods(position) },
    uniquingKeysWith: { first, _ in first })
}

extension TemplateMember where Owner == ObjCMethodPlan {
  /// `member` of the decorator plan a method plan holds at `position`, read on the method plan.
  init<Plan: ObjCDecoratorPlan>(_ member: TemplateMember<Plan>, at position: Int) {
    self.init(member, readThrough: { $0.decoratorPlan(position, as: Plan.self) })
  }
}
