import VeneerModel

/// What a logging decorator logs of a call: its arguments, secrets redacted, and whether its
/// result may be logged.
final class LoggingPlan: DecoratorPlan {
  static let name = "logging"
  let logMetadata: String
  let logCallOptions: String
  let redactsResult: Bool

  static let templateMembers: [String: TemplateMember<LoggingPlan>] = [
    "logMetadata": .init(
      .text,
      "logger metadata of the arguments, secrets redacted: `[\"id\": LoggedCall.value(id)]`",
      { $0.logMetadata }),
    "logCallOptions": .init(
      .text,
      "`LoggedCall`'s arguments after `arguments:` when not its defaults: "
        + "`, redactsResult: true` for a secret result, `, logsFullValues: true` for "
        + "`log(full)`; else empty",
      { $0.logCallOptions }),
    "redactsResult": .init(
      .bool,
      "whether the result is never logged: `redact(result)`, a secret's name, or a call "
        + "given a secret",
      { $0.redactsResult }),
  ]

  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic]) {
    let options = plan.context.options
    // Closures say nothing useful, autoclosures must not be evaluated early, and parameter
    // packs cannot be interpolated.
    let loggable = plan.parameters.filter {
      !$0.parameter.isClosure && !$0.parameter.isAutoclosure && !$0.isPack
    }
    let valueLimit = options.logValueLimit.map { ", limit: \($0)" } ?? ""
    let logsFullValues = plan.logsFullValues
    let describe = logsFullValues ? "LoggedCall.fullValue" : "LoggedCall.value"
    logMetadata = RequirementPlan.dictionaryLiteral(
      loggable.map { parameter in
        (
          parameter.key,
          plan.isRedacted(parameter)
            ? "LoggedCall.redacted" : "\(describe)(\(parameter.name)\(valueLimit))"
        )
      })
    // A call given a secret may hand one back (`login(user:password:) -> String`, a token).
    redactsResult =
      plan.redactedNames.contains("result") || Naming.looksSecret(plan.requirement.bareName)
      || plan.parameters.contains { plan.isRedacted($0) }
    logCallOptions =
      (redactsResult ? ", redactsResult: true" : "")
      + (logsFullValues ? ", logsFullValues: true" : "")
      + (options.logValueLimit.map { ", valueLimit: \($0)" } ?? "")
  }
}
