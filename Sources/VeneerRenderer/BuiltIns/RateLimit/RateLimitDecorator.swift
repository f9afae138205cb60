extension BuiltInDecorator {
  /// Lets calls through at a rate, a token bucket's, waiting up to a limit or refusing; opt-in,
  /// since it changes what a call does.
  static let rateLimit = BuiltInDecorator(
    name: "RateLimit",
    summary: "a token bucket: so many calls a second, waiting up to a limit",
    annotations: ["rateLimit": [:]],
    storage: [("rateLimiter", "the rate limiting decorator's limiter: `rateLimiter`")],
    plan: DecoratorPlanKind(RateLimitPlan.self),
    options: [
      BuiltInOption("permits", .templateValue(.count)),
      BuiltInOption("burst", .templateValue(.count)),
      BuiltInOption("max_wait", .templateValue(.lifetime)),
    ],
    isOptIn: true)
}
