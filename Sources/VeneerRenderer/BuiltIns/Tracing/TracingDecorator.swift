extension BuiltInDecorator {
  /// Wraps each call in a span of swift-distributed-tracing, with the attributes an annotation
  /// names; opt-in, since an app may not have the library.
  static let tracing = BuiltInDecorator(
    name: "Tracing",
    summary: "a span per call on swift-distributed-tracing",
    annotations: ["tracing": ["span": .text, "attributes": .parameters]],
    storage: [
      ("tracer", "the tracing decorator's tracer: `tracer`"),
      ("spanKind", "the kind of the tracing decorator's spans: `spanKind`"),
    ],
    plan: DecoratorPlanKind(TracingPlan.self),
    isOptIn: true,
    runtimeModule: "VeneerTracing",
    signatureNames: [
      "protocol Tracing.Tracer", "enum Tracing.SpanKind",
      "enum Instrumentation.InstrumentationSystem",
    ])
}
