import Testing

@testable import VeneerRenderer

/// Event names, secret detection and name patterns: the spellings analytics events, redaction,
/// decorator and file names depend on.
@Suite("Naming")
struct NamingTests {
  @Test(arguments: [
    ("PostRepo", "post_repo"), ("createPost", "create_post"), ("HTTPClient", "http_client"),
    ("getURLForID2", "get_url_for_id2"), ("v2Service", "v2_service"), ("`default`", "default"),
    ("already_snake", "already_snake"), ("Trailing_Upper", "trailing_upper"), ("", ""),
    // Not ASCII: read as characters, by the same rules.
    ("ÄrgerService", "ärger_service"), ("größeÄndern", "größe_ändern"), ("計算Value", "計算value"),
  ])
  func snakeCaseSplitsWordsLikeAReader(name: String, expected: String) {
    #expect(Naming.snakeCase(name) == expected)
  }

  @Test(arguments: [
    ("PostRepo.getPost(id:)", #""PostRepo.getPost(id:)""#), ("", #""""#),
    ("café", #""café""#), (#"say "hi""#, #""say \"hi\"""#), (#"a\b"#, #""a\\b""#),
    ("two\nlines", #""two\nlines""#), ("crlf\r\nend", #""crlf\r\nend""#),
    ("tab\tnul\0", #""tab\tnul\0""#), ("bell\u{7}del\u{7F}é", #""bell\u{7}del\u{7F}é""#),
    // Bidirectional controls and line separators would make the code read otherwise than it
    // compiles.
    ("ev\u{202E}tn\u{2066}", #""ev\u{202E}tn\u{2066}""#),
    ("a\u{2028}b\u{85}", #""a\u{2028}b\u{85}""#),
  ])
  func swiftLiteralsQuoteAndEscape(text: String, expected: String) {
    #expect(text.swiftLiteral == expected)
  }

  @Test func secretsAreFoundInWordsAndFragments() {
    let secret = [
      "password", "userPassword", "api_key", "APIKey", "pin", "cardPin", "`token`",
      "nutzerPASSWORD", "clé_SECRET", "creditCardNumber", "cardNumber", "socialSecurityNumber",
      "iban", "accountNumber", "passwd", "pwd", "otp", "user_otp", "bearer", "bearerToken",
      "cvc", "routingNumber", "jwt", "authHeader", "encryptionKey", "mfaCode", "pass", "key",
      "user_pass", "totp",
    ]
    let plain = [
      "pinned", "spinner", "username", "title", "keyPath", "opinion", "naïveName", "output",
      "forward", "hotpath", "passenger", "author", "keyboard", "monkey", "compass", "keys",
    ]
    #expect(secret.filter { !Naming.looksSecret($0) } == [])
    #expect(plain.filter { Naming.looksSecret($0) } == [])
  }

  @Test(arguments: [
    ("PostRepo", "PostRepo"), ("_x1", "_x1"), ("Größe", "Größe"), ("hello world", "`hello world`"),
    ("/../pwned", "`/../pwned`"), ("2Log", "`2Log`"), ("My-Log", "`My-Log`"), ("_", "`_`"),
  ])
  func namesThatAreNotPlainIdentifiersBecomeRawIdentifiers(name: String, expected: String) {
    #expect(Naming.rawIdentifierIfNeeded(name) == expected)
  }

  /// Documentation reads "an APIClient", "a UserService", as the names are said aloud.
  @Test(arguments: [
    ("APIClient", "an"), ("HTTPClient", "an"), ("SQLStore", "an"), ("URLLoader", "a"),
    ("UserService", "a"), ("Uploader", "an"), ("UpdateFeed", "an"), ("Unique", "a"),
    ("AuthService", "an"), ("ShowService", "a"), ("OrderRepo", "an"), ("`hello world`", "a"),
    ("", "a"),
  ])
  func articlesFollowTheSoundOfTheName(name: String, expected: String) {
    #expect(Naming.article(for: name) == expected)
  }

  @Test func commentTextKeepsToItsLine() {
    #expect("Shows.swift".escapedForComment == "Shows.swift")
    #expect(
      "a\nimport X\r\u{202E}.swift".escapedForComment == "a\\u{A}import X\\u{D}\\u{202E}.swift")
  }

  @Test(arguments: [
    ("{template}{protocol}", "LoggingPostRepo"),
    ("{protocol}+Decorators.swift", "PostRepo+Decorators.swift"),
    ("{{protocol}}", "{PostRepo}"), ("{other}{protocol", "{other}{protocol"),
    ("{templ{protocol}", "{templPostRepo"), ("Ärger{protocol}Ü", "ÄrgerPostRepoÜ"), ("", ""),
  ])
  func placeholdersAreReplacedAndOtherBracesKept(pattern: String, expected: String) {
    let values = ["template": "Logging", "protocol": "PostRepo"]
    #expect(pattern.replacingPlaceholders { values[String($0)] } == expected)
  }
}
