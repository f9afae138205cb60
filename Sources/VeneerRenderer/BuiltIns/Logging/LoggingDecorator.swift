extension BuiltInDecorator {
  /// Logs each call with swift-log: its arguments, secrets redacted, its result or error, and
  /// its duration.
  static let logging = BuiltInDecorator(
    name: "Logging",
    summary: "each call with its declared arguments, its result or error, its duration, "
      + "whether a cache answered",
    annotations: ["logging": [:]],
    storage: [
      ("logger", "the logging decorator's logger: `logger`"),
      ("level", "the level of logged calls: `level`"),
      ("errorLevel", "the level of failed calls: `errorLevel`"),
    ],
    plan: DecoratorPlanKind(LoggingPlan.self),
    options: [
      BuiltInOption(
        "level",
        .word(
          RenderOptions.logLevels, described: logLevelsDescribed, swiftType: "Logger.Level"
        ) { $0.logLevel = $1 }),
      BuiltInOption(
        "error_level",
        .word(
          RenderOptions.logLevels, described: logLevelsDescribed, swiftType: "Logger.Level"
        ) { $0.logErrorLevel = $1 }),
      BuiltInOption(
        "value_limit", .wholeNumber(1...(1 << 20), counting: "characters") { $0.logValueLimit = $1 }
      ),
    ],
    signatureNames: ["struct Logging.Logger"],
    instanceMethodsOnly: "logged")

  private static let logLevelsDescribed =
    "a log level (\(RenderOptions.logLevels.joined(separator: ", ")))"
}
