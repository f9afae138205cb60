/// Logging's settings: `options: logging: {level:, error_level:, value_limit:}`.
extension RenderOptions {
  /// The default `Logger.Level` of logged calls, and of failed ones.
  package var logLevel: String {
    get { setting("logging.level")?.word ?? "debug" }
    set { set("logging.level", newValue == "debug" ? nil : .word(newValue)) }
  }
  package var logErrorLevel: String {
    get { setting("logging.error_level")?.word ?? "error" }
    set { set("logging.error_level", newValue == "error" ? nil : .word(newValue)) }
  }
  /// How many characters of a logged value are kept; `nil` keeps the runtime's default.
  package var logValueLimit: Int? {
    get { setting("logging.value_limit")?.whole }
    set { set("logging.value_limit", newValue.map(BuiltInSetting.whole)) }
  }

  /// The log levels `Logger.Level` knows, for checking configured levels.
  package static let logLevels = [
    "trace", "debug", "info", "notice", "warning", "error", "critical",
  ]
}
