extension BuiltInDecorator {
  /// Lets at most so many calls run at once, the next ones waiting in a bounded queue or
  /// refused; opt-in, since it changes what a call does.
  static let bulkhead = BuiltInDecorator(
    name: "Bulkhead",
    summary: "at most N calls at once, a bounded queue behind them",
    annotations: ["bulkhead": [:]],
    storage: [("bulkhead", "the bulkhead decorator's bulkhead: `bulkhead`")],
    plan: DecoratorPlanKind(BulkheadPlan.self),
    options: [
      BuiltInOption("max_calls", .templateValue(.count)),
      BuiltInOption("max_waiting", .templateValue(.countOrZero)),
      BuiltInOption("max_wait", .templateValue(.lifetime)),
    ],
    isOptIn: true)
}
