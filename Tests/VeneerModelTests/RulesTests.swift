import Testing
import VeneerModel

/// The rules the model keeps for every front end: how durations, access levels and misspelt
/// names are judged, and how text from outside is shown.
@Suite("Model rules")
struct RulesTests {
  @Test(
    arguments: [
      (0.5, nil), (3_153_600_000, nil), (0, "must be a positive number of seconds"),
      (-1, "must be a positive number of seconds"),
      (.infinity, "must be a positive number of seconds"),
      (.nan, "must be a positive number of seconds"),
      (3_153_600_001, "must be at most 3153600000 seconds (a hundred years)"),
    ] as [(Double, String?)])
  func lifetimesArePositiveAndAtMostAHundredYears(seconds: Double, problem: String?) {
    #expect(Lifetime.problem(with: seconds) == problem)
  }

  @Test func accessLevelsAreOrderedFromMostToLeastRestrictive() {
    #expect(
      AccessLevel.allCases.sorted() == [
        .private, .fileprivate, .internal, .package, .public, .open,
      ])
    #expect(AccessLevel.internal < .public && !(AccessLevel.open < .public))
  }

  @Test(
    arguments: [
      ("loging", ["logging", "tracing"], "logging"), ("TRACNG", ["logging", "tracing"], "tracing"),
      ("upper", ["uppercase", "lowercase"], "uppercase"), ("xyz", ["logging"], nil),
      ("logging", ["logging"], "logging"), ("cache", ["caching", "cache"], "cache"),
    ] as [(String, [String], String?)])
  func aSuggestionIsTheClosestCandidate(name: String, candidates: [String], expected: String?) {
    #expect(Spelling.suggestion(for: name, among: candidates) == expected)
  }

  @Test func controlCharactersAreShownNotObeyed() {
    #expect("a\nb\u{202E}c".escapedForComment == #"a\u{A}b\u{202E}c"#)
    #expect("a\nb\t\u{1B}[31m".escapedForTerminal == "a\nb\t\\u{1B}[31m")
    #expect("plain".escapedForComment == "plain")
  }
}
