extension BuiltInDecorator {
  /// Gives each async call a deadline, after which its task is cancelled and `TimeoutError`
  /// thrown; opt-in, since it changes what a slow call does.
  static let timeout = BuiltInDecorator(
    name: "Timeout",
    summary: "a deadline per async call, the task cancelled when it passes",
    annotations: ["timeout": ["seconds": .lifetime]],
    storage: [("deadline", "the timeout decorator's deadline for calls: `deadline`")],
    plan: DecoratorPlanKind(TimeoutPlan.self),
    options: [BuiltInOption("seconds", .templateValue(.lifetime), unlabeledInMacro: true)],
    isOptIn: true)
}
