/// What a labelled annotation argument must be, as a built-in decorator or a user template's
/// `{# arguments: attempts: number #}` declares it; `veneer.yml` options are checked by the same
/// kinds.
package enum AnnotationArgumentKind: String, Sendable, CaseIterable {
  /// A number (`3`, `0.5`).
  case number
  /// A string literal.
  case string
  /// `true` or `false`.
  case bool
  /// A string or a name.
  case text
  /// A name or a list of names.
  case names
  /// Names of the requirement's parameters (or their labels), so only on a requirement:
  /// `analytics(properties: [id])`.
  case parameters
  /// A positive number of seconds, at most a hundred years.
  case lifetime
  /// A whole number from 1 to a billion: a count of calls, attempts or permits.
  case count
  /// A whole number from 0 to a billion: a count that may be none.
  case countOrZero
  /// A fraction, more than 0 and at most 1 (`0.5` for half): a share of calls.
  case fraction

  /// The largest count an option takes: large enough for any real setting, small enough for
  /// every integer type a policy stores it in.
  package static let largestCount = 1_000_000_000

  /// What it takes, in the annotation reference's words.
  package var summary: String {
    switch self {
    case .number: "a number: `3`, `0.5`"
    case .string: "a string literal: `\"post_created\"`"
    case .bool: "`true` or `false`"
    case .text: "a string literal or a name"
    case .names: "a name, or a list of names: `[a, b]`"
    case .parameters:
      "the requirement's parameters, by name or argument label, so only on a requirement: "
        + "`[id, title]`"
    case .lifetime: "a positive number of seconds, at most a hundred years"
    case .count: "a whole number from 1 to 1,000,000,000: `5`"
    case .countOrZero: "a whole number from 0 to 1,000,000,000: `0`"
    case .fraction: "a fraction, more than 0 and at most 1: `0.5` for half"
    }
  }
}
