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
  ])
  func swiftLiteralsQuoteAndEscape(text: String, expected: String) {
    #expect(text.swiftLiteral == expected)
  }

  @Test func secretsAreFoundInWordsAndFragments() {
    let secret = [
      "password", "userPassword", "api_key", "APIKey", "pin", "cardPin", "`token`",
      "nutzerPASSWORD", "clé_SECRET",
    ]
    let plain = ["pinned", "spinner", "username", "title", "keyPath", "opinion", "naïveName"]
    #expect(secret.filter { !Naming.looksSecret($0) } == [])
    #expect(plain.filter { Naming.looksSecret($0) } == [])
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
