import VeneerModel

/// What decorators may write of a requirement's values — its arguments, its result, its
/// errors — into a log, an analytics event, a span or a cache key's description: the one rule
/// that Swift's and Objective-C's decorators follow.
///
/// - **Private** unless declared: the runtime then writes numbers, flags and enum cases without
///   a payload by value, text as `<private>` and any other value as its type
///   (`__ValueDescription.private`, `VNRDisclosurePrivate`), whatever the value is called.
/// - **Public** where the user declared it: `public(name, result)` on the requirement or its
///   protocol; naming an argument in `analytics(properties:)` or `tracing(attributes:)` declares
///   it for that destination alone. Text is then written by value, a struct still as its type.
/// - **Full** with `log(full)`: every value written whole.
/// - **Redacted** whatever was declared, since a name may hide a value but never show one: an
///   argument whose name or label (an Objective-C selector piece) looks secret
///   (`Naming.looksSecret`) or that `redact(…)` lists; the result of a call whose name looks
///   secret, that `redact(result)` names, or that is given a redacted argument, which it may
///   hand back (`login(user:password:)` returns a token).
package struct Disclosure: Sendable {
  package enum Level: Sendable, Equatable {
    case redacted, `private`, `public`, full

    /// The level of a value named as an analytics property or span attribute: at least public.
    var named: Level { self == .private ? .public : self }
  }

  /// The name `public(…)` and `redact(…)` give the result.
  static let resultName = "result"

  private let redactedNames: Set<String>
  private let publicNames: Set<String>
  /// `reveal(…)`: values shown by value although their names look secret.
  private let revealedNames: Set<String>
  /// `log(full)`: every value that is not redacted is written whole.
  private let isFull: Bool
  /// What is written of what the requirement returns or hands its completion handler.
  package let result: Level
  /// What is written of the errors it throws or reports: their type and case unless `log(full)`
  /// and no argument is redacted.
  let errors: Level

  /// - Parameters:
  ///   - name: the requirement's name, or an Objective-C method's first selector piece.
  ///   - parameters: each parameter's name and label (an Objective-C selector piece).
  package init(
    name: String, parameters: [(name: String, label: String?)], annotations: [Annotation],
    protocolAnnotations: [Annotation]
  ) {
    let all = annotations + protocolAnnotations
    func names(_ key: String) -> Set<String> {
      Set(all.filter { $0.key == key }.flatMap { $0.positionalValues.flatMap(\.texts) })
    }
    redactedNames = names("redact")
    publicNames = names("public")
    revealedNames = names("reveal")
    isFull = all.contains {
      $0.key == "log" && $0.positionalValues.flatMap(\.texts).contains("full")
    }
    let givenASecret = parameters.contains { [redactedNames, revealedNames] parameter in
      Self.isRedacted(
        parameter.name, parameter.label, listed: redactedNames, revealed: revealedNames)
    }
    let isResultRevealed = revealedNames.contains(Self.resultName)
    result =
      redactedNames.contains(Self.resultName)
        || (!isResultRevealed && (Naming.looksSecret(name) || givenASecret))
      ? .redacted
      : isFull
        ? .full
        : publicNames.contains(Self.resultName) || isResultRevealed ? .public : .private
    // An error may quote what the call was given: given a secret, it is written by its type.
    errors = isFull && !givenASecret ? .full : .private
  }

  /// What is written of the parameter called `name`, with argument label or selector piece
  /// `label`.
  package func level(ofParameter name: String, label: String?) -> Level {
    if Self.isRedacted(name, label, listed: redactedNames, revealed: revealedNames) {
      return .redacted
    }
    if isFull { return .full }
    let declared = publicNames.union(revealedNames)
    let isDeclared = declared.contains(name) || label.map(declared.contains) == true
    return isDeclared ? .public : .private
  }

  /// An error at each of a protocol's `public(…)`, `reveal(…)` and `redact(…)` that names what
  /// none of its requirements has, among `parameters` (names and labels or selector pieces): it
  /// declares nothing, and a misspelt `redact` would leave its value to the default. An error,
  /// as the same mistake on a requirement is.
  static func unmatchedNames(
    in annotations: [Annotation], of protocolName: String,
    parameters: [(name: String, label: String?)]
  ) -> [Diagnostic] {
    let known = Set(parameters.flatMap { [$0.name] + ($0.label.map { [$0] } ?? []) })
      .union([resultName])
    return annotations.filter { ["public", "redact", "reveal"].contains($0.key) }.flatMap {
      annotation in
      annotation.positionalValues.flatMap(\.texts).filter { !known.contains($0) }.map { name in
        let hint = Spelling.suggestion(for: name, among: known).map { "; did you mean '\($0)'?" }
        return Diagnostic(
          .error,
          "'\(annotation.key)' names '\(name)', which is no parameter of any requirement of "
            + "\(protocolName)" + (hint ?? ""), at: annotation.location)
      }
    }
  }

  /// Redacted: named by `redact`, or looking secret and not named by `reveal`.
  private static func isRedacted(
    _ name: String, _ label: String?, listed: Set<String>, revealed: Set<String>
  ) -> Bool {
    if listed.contains(name) || label.map(listed.contains) == true { return true }
    if revealed.contains(name) || label.map(revealed.contains) == true { return false }
    // Most labels are the name again: asked once.
    return Naming.looksSecret(name)
      || label.map { $0 != name && Naming.looksSecret($0) } == true
  }

  /// What each `public(…)` and `reveal(…)` among `annotations` does to a name that looks
  /// secret: `public` leaves it `<redacted>` (a warning, saying how to show it), `reveal` shows
  /// it by value (a warning, once per annotation, that a reviewer may find by its key).
  static func secretNameDiagnostics(in annotations: [Annotation]) -> [Diagnostic] {
    annotations.compactMap { annotation -> Diagnostic? in
      guard annotation.key == "public" || annotation.key == "reveal" else { return nil }
      let secret = annotation.positionalValues.flatMap(\.texts).filter {
        $0 != resultName && Naming.looksSecret($0)
      }
      guard !secret.isEmpty else { return nil }
      let list = secret.map { "'\($0)'" }.joined(separator: ", ")
      if annotation.key == "public" {
        return Diagnostic(
          .warning,
          "'public' names \(list), whose name looks secret, so it stays <redacted> in logs, "
            + "events and spans; if it is no secret (an opaque ID), write "
            + "'reveal(\(secret.joined(separator: ", ")))' to show it by value",
          at: annotation.location)
      }
      return Diagnostic(
        .warning,
        "'reveal' shows \(list) by value in logs, events and spans although its name looks "
          + "secret: keep it only for a value that is no secret",
        at: annotation.location)
    }
  }
}
