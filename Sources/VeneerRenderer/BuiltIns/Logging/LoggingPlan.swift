import VeneerModel
import VeneerTemplates

/// What a logging decorator logs of a call: its arguments and result as `Disclosure` allows —
/// private unless declared public, secrets redacted.
final class LoggingPlan: DecoratorPlan {
  static let name = "logging"
  let logMetadata: String
  let logCallOptions: String
  let redactsResult: Bool

  static let templateMembers: [String: TemplateMember<LoggingPlan>] = [
    "logMetadata": .init(
      .text,
      "logger metadata of the arguments, private unless declared public, secrets redacted: "
        + "`[\"id\": __LoggedCall.privateValue(id)]`",
      { $0.logMetadata }),
    "logCallOptions": .init(
      .text,
      "`__LoggedCall`'s arguments after `arguments:` when not its defaults: `, results: .public` "
        + "for `public(result)`, `, results: .redacted` for a secret result, `, results: .full, "
        + "errors: .full` for `log(full)`; else empty",
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
    logMetadata = RequirementPlan.dictionaryLiteral(
      loggable.map { parameter in
        let value =
          switch plan.disclosure(of: parameter) {
          case .redacted: "__LoggedCall.redacted"
          case .private: "__LoggedCall.privateValue(\(parameter.name)\(valueLimit))"
          case .public: "__LoggedCall.publicValue(\(parameter.name)\(valueLimit))"
          case .full: "__LoggedCall.fullValue(\(parameter.name)\(valueLimit))"
          }
        return (parameter.key, value)
      })
    let disclosure = plan.disclosure
    redactsResult = disclosure.result == .redacted
    logCallOptions =
      Self.argument("results", disclosure.result) + Self.argument("errors", disclosure.errors)
      + (options.logValueLimit.map { ", valueLimit: \($0)" } ?? "")
  }

  /// `, label: .public`, or nothing for the default, `.private`.
  private static func argument(_ label: String, _ level: Disclosure.Level) -> String {
    switch level {
    case .private: ""
    case .public: ", \(label): .public"
    case .full: ", \(label): .full"
    case .redacted: ", \(label): .redacted"
    }
  }
}
