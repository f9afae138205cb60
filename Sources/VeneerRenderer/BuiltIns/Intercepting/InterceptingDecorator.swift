extension BuiltInDecorator {
  /// Runs the app's own advice before, after or instead of each call.
  static let intercepting = BuiltInDecorator(
    name: "Intercepting",
    summary: "typed advice before, after or instead of a call, as Objective-C's Aspects",
    annotations: ["intercepting": [:]],
    storage: [("hooks", "the intercepting decorator's advice: `hooks`")],
    plan: DecoratorPlanKind(InterceptionPlan.self),
    objectiveCPlan: ObjCDecoratorPlanKind(ObjCInterceptionPlan.self),
    compositionHelper: "intercepted")
}
