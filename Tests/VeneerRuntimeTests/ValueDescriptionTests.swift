import Foundation
import Testing

@testable import VeneerRuntime

/// Privacy's last routes, closed by rule: bytes are their count in any collection, a URL's
/// password is `<redacted>` wherever a URL is written, and every value is cut while it is
/// formed.
@Suite struct ValueDescriptionTests {
  static let forms: [(String, @Sendable (Any) -> String)] = [
    ("private", { __ValueDescription.private($0) }),
    ("public", { __ValueDescription.public($0) }),
    ("full", { __ValueDescription.full($0) }),
  ]

  /// The same bytes as `Data` are `10 bytes`: as an array, a contiguous array or a slice too.
  @Test(arguments: 0..<3)
  func bytesAreTheirCountInEveryCollectionAndForm(form: Int) {
    let describe = Self.forms[form].1
    let bytes: [UInt8] = Array("secret-key".utf8)
    #expect(describe(Data(bytes)) == "10 bytes")
    #expect(describe(bytes) == "10 bytes")
    #expect(describe(ContiguousArray(bytes)) == "10 bytes")
    #expect(describe(bytes[2...]) == "8 bytes")
    #expect(describe(bytes.map { Int8(bitPattern: $0) }) == "10 bytes")
  }

  /// A URL's password never shows, alone, in a collection, an optional or a dictionary, in any
  /// form that shows text.
  @Test(arguments: 1..<3)
  func aURLsPasswordIsRedactedWhereverTheURLIsWritten(form: Int) throws {
    let describe = Self.forms[form].1
    let url = try #require(URL(string: "https://ann:hunter2@example.com/a"))
    for value: Any in [
      url, [url], Set([url]), Optional(url) as Any, [[url]], ["u": url] as [String: URL],
    ] {
      let text = describe(value)
      #expect(!text.contains("hunter2"), "\(Self.forms[form].0): \(text)")
    }
    #expect(describe([url]) == "[https://ann:<redacted>@example.com/a]")
  }

  /// Ten million numbers are written as far as the limit, not formed whole and then cut.
  @Test(arguments: 0..<3)
  func aLargeCollectionIsCutWhileItIsFormed(form: Int) {
    let describe = Self.forms[form].1
    let numbers = Array(0..<10_000_000)
    let text = describe(numbers)
    #expect(text.utf8.count < __ValueDescription.defaultLimit + 64, "\(text.utf8.count)")
    #expect(text.hasPrefix("[0, 1, 2, "))
  }

  /// A limit of the caller's (logging's `value_limit`) holds too.
  @Test func aValueIsCutToTheLimitGiven() {
    let text = __ValueDescription.public(String(repeating: "é", count: 100), limit: 11)
    #expect(text == "ééééé… (190 more bytes)")
  }
}
