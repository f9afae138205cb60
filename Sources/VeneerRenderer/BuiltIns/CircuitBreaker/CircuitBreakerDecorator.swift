extension BuiltInDecorator {
  /// Fails calls at once while the back end fails too often, then lets probes through; opt-in,
  /// since it changes what a call does.
  static let circuitBreaker = BuiltInDecorator(
    name: "CircuitBreaker",
    summary: "fails calls at once while the back end fails too often, then probes",
    annotations: ["circuitBreaker": [:]],
    storage: [("breaker", "the circuit breaking decorator's breaker: `breaker`")],
    plan: DecoratorPlanKind(CircuitBreakerPlan.self),
    options: [
      BuiltInOption("failure_rate", .templateValue(.fraction)),
      BuiltInOption("open_interval", .templateValue(.lifetime)),
    ],
    isOptIn: true)
}
