extension BuiltInDecorator {
  /// Tracks one analytics event per call, success and failure apart, with the duration and the
  /// arguments an annotation or the event map names.
  static let analytics = BuiltInDecorator(
    name: "Analytics",
    summary: "one event per call, success and failure apart, with the declared properties",
    annotations: [
      "analytics": ["event": .text, "failure": .text, "properties": .parameters, "shared": .bool]
    ],
    storage: [("tracker", "the analytics decorator's tracker: `tracker`")],
    plan: DecoratorPlanKind(AnalyticsPlan.self),
    objectiveCPlan: ObjCDecoratorPlanKind(ObjCAnalyticsPlan.self),
    options: [
      BuiltInOption(
        "naming",
        .word(
          RenderOptions.EventNaming.allCases.map(\.rawValue),
          described: "one of "
            + RenderOptions.EventNaming.allCases.map(\.rawValue).joined(separator: ", ")
        ) { options, style in
          options.eventNaming = RenderOptions.EventNaming(rawValue: style)!
        }),
      BuiltInOption(
        "track",
        .word(
          ["all", "mapped"],
          described: "'all' (every call) or 'mapped' (only calls the event map names)"
        ) { $0.tracksUnnamedCalls = $1 == "all" }),
      BuiltInOption("events", .eventMap),
    ],
    instanceMethodsOnly: "tracked")
}
