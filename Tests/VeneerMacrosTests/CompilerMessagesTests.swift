import Foundation
import TestSupport
import Testing

/// What a user sees for each mistake with `@Decorated`: the compiler's own message, which says
/// what to change, checked by compiling a file that makes it against the built macro.
@Suite("Mistakes with @Decorated, as the compiler reports them")
struct CompilerMessagesTests {
  /// The compiler's errors for a file with `import VeneerMacros` and `attribute` on a protocol.
  static func errors(_ attribute: String) throws -> [String] {
    let folder = NSTemporaryDirectory() + "veneer-macro-mistake-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/Shop.swift"
    try """
    import VeneerMacros

    \(attribute)
    public protocol Shop: Sendable {
      func price(id: Int) async throws -> Int
    }

    """.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try typeCheck([file], macros: true)
    return result.errors.split(separator: "\n").filter { $0.contains(": error: ") }.map {
      String($0[$0.range(of: ": error: ")!.upperBound...])
        .replacingOccurrences(of: " (from macro 'Decorated')", with: "")
    }
  }

  @Test func everyBuiltInAndSettingCompilesWithTheOneImport() throws {
    #expect(
      try Self.errors(
        """
        @Decorated(
          .logging(level: .info), .analytics(naming: .camelCase), .caching(ttl: .seconds(60)),
          .intercepting, .tracing, .metrics, .timeout(.seconds(2)), public: ["id"],
          cached: ["price(id:)"], behindPreprocessorFlag: "DEBUG")
        """) == [])
  }

  @Test(
    arguments: [
      (
        "@Decorated(.caching(tll: .seconds(60)))",
        "incorrect argument label in call (have 'tll:', expected 'ttl:')"
      ),
      ("@Decorated(.timeout(after: .seconds(2)))", "extraneous argument label 'after:' in call"),
      (
        "@Decorated(.timeout(2))",
        "cannot convert value of type 'Int' to expected argument type 'Duration'"
      ),
      ("@Decorated(.logging(level: .loud))", "type 'Logger.Level?' has no member 'loud'"),
      ("@Decorated(.loging)", "type 'Decorator' has no member 'loging'"),
      ("@Decorated()", "missing argument for parameter #1 in macro expansion"),
      (
        #"@Decorated(.caching, cached: ["prcie(id:)"])"#,
        "'cached' names 'prcie(id:)', which is not a requirement of Shop; did you mean 'price(id:)'?"
      ),
    ])
  func eachMistakeIsOneMessageSayingWhatToChange(attribute: String, message: String) throws {
    #expect(try Self.errors(attribute) == [message])
  }
}
