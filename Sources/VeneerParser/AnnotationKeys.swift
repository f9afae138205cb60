import VeneerModel

/// The annotation keys Veneer understands, and the checks that catch a misspelt one.
public struct AnnotationKeys: Sendable {
  public var names: Set<String>

  public init(_ names: Set<String>) {
    self.names = names
  }

  /// The keys of the built-in decorators and their options:
  /// - `logging`, `analytics`, `caching`: decorate with that template (on a protocol), or
  ///   configure it (on a requirement), e.g. `analytics(event: "login_succeeded")`.
  /// - `cache(ttl: 300)`: caching options of one requirement or protocol.
  /// - `redact(password)`: never log or track these parameters.
  /// - `invalidates(getPost)`: a call clears the cached results of the named requirements.
  /// - `skip`: leave the protocol undecorated, or forward the requirement untouched;
  ///   `skip(logging)` limits that to the named templates.
  public static let builtIn = AnnotationKeys([
    "logging", "analytics", "caching", "cache", "redact", "invalidates", "skip",
  ])

  /// A warning for an annotation whose key is unknown or whose arguments name no parameter.
  func warning(for annotation: Annotation, parameters: [Parameter]?) -> String? {
    guard names.contains(annotation.key) else {
      let hint = Spelling.suggestion(for: annotation.key, among: names).map {
        "; did you mean '\($0)'?"
      }
      return "unknown veneer annotation '\(annotation.key)'"
        + (hint ?? " (known: \(names.sorted().joined(separator: ", ")))")
    }
    if annotation.key == "redact", let parameters {
      let names = Set(parameters.map(\.name))
      let unknown = annotation.positionalValues.flatMap(\.texts).filter { !names.contains($0) }
      if let first = unknown.first {
        let hint = Spelling.suggestion(for: first, among: names).map { "; did you mean '\($0)'?" }
        return "'redact' names '\(first)', which is not a parameter here" + (hint ?? "")
      }
    }
    return nil
  }
}
