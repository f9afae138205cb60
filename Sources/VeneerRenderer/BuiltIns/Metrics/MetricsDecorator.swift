extension BuiltInDecorator {
  /// Counts and times each call with swift-metrics; opt-in, since an app may not have the
  /// library.
  static let metrics = BuiltInDecorator(
    name: "Metrics",
    summary: "calls, failures and durations on swift-metrics",
    annotations: ["metrics": [:]],
    plan: DecoratorPlanKind(MetricsPlan.self),
    isOptIn: true,
    runtimeModule: "VeneerMetrics",
    signatureNames: ["protocol CoreMetrics.MetricsFactory", "enum CoreMetrics.MetricsSystem"])
}
