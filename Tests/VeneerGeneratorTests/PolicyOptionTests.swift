import Foundation
import Testing

/// The resilience built-ins' options are checked where they are read, from `veneer.yml` and from
/// annotations: a located error naming the option, never a crash, never code that does not
/// compile.
@Suite("Policy options")
struct PolicyOptionTests {
  static let prices = """
    // veneer: retry, circuitBreaker, bulkhead, rateLimit
    public protocol Prices: Sendable {
      // veneer: idempotent
      func price(sku: String) async throws -> Int
    }

    """

  @Test(arguments: [
    (
      "circuitbreaker: {failure_rate: 50}",
      "veneer.yml:4:34: error: 'failure_rate' must be a fraction, more than 0 and at most 1 "
        + "(0.5 for half), not 50; did you mean 0.5?"
    ),
    (
      "circuitbreaker: {failure_rate: .nan}",
      "veneer.yml:4:34: error: 'failure_rate' must be a fraction, more than 0 and at most 1, "
        + "not .nan"
    ),
    (
      "circuitbreaker: {failure_rate: 0}",
      "veneer.yml:4:34: error: 'failure_rate' must be a fraction, more than 0 and at most 1 "
        + "(0.5 for half), not 0"
    ),
    (
      "bulkhead: {max_calls: 1e20}",
      "veneer.yml:4:25: error: 'max_calls' must be a whole number from 1 to 1,000,000,000, not "
        + "1e+20"
    ),
    (
      "bulkhead: {max_waiting: -1}",
      "veneer.yml:4:27: error: 'max_waiting' must be a whole number from 0 to 1,000,000,000, "
        + "not -1"
    ),
    (
      "ratelimit: {permits: 2.5}",
      "veneer.yml:4:24: error: 'permits' must be a whole number from 1 to 1,000,000,000, not 2.5"
    ),
    (
      "retry: {attempts: 99999999999999999999}",
      "veneer.yml:4:21: error: 'attempts' must be a whole number from 1 to 1,000,000,000, not "
        + "1e+20"
    ),
  ])
  func optionsOutOfRangeAreLocatedErrors(options: String, expected: String) throws {
    let project = try Project([
      "Sources/Prices.swift": Self.prices,
      "veneer.yml": "sources: Sources\noutput: Out\noptions:\n  \(options)\n",
    ])
    let diagnostics = project.generate().diagnostics
    #expect(diagnostics.first == expected, "\(diagnostics)")
  }

  /// An annotation's count too large for any integer was a crash (SIGILL) of the generator.
  @Test func anAnnotatedCountTooLargeIsALocatedError() throws {
    let project = try Project([
      "Sources/Prices.swift": """
      // veneer: retry
      public protocol Prices: Sendable {
        // veneer: idempotent(attempts: 99999999999999999999)
        func price(sku: String) async throws -> Int
      }

      """,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    let diagnostics = project.generate().diagnostics
    #expect(
      diagnostics.contains {
        $0.hasPrefix(
          "Sources/Prices.swift:3:14: error: 'idempotent(attempts:)' must be a whole "
            + "number from 1 to 1,000,000,000")
      }, "\(diagnostics)")
  }

  /// Options in range are written as the policies take them, and compile.
  @Test func optionsInRangeAreWrittenAsTheyAre() throws {
    let project = try Project([
      "Sources/Prices.swift": Self.prices,
      "veneer.yml": """
      sources: Sources
      output: Out
      options:
        circuitbreaker: {failure_rate: 0.25}
        bulkhead: {max_calls: 4, max_waiting: 0}
        ratelimit: {permits: 100, burst: 10}
        retry: {attempts: 5}

      """,
    ])
    // Only the note that says which errors are retried.
    #expect(
      project.generate().diagnostics == [
        "Sources/Prices.swift:2:1: note: the retry decorator of Prices makes a failed call of "
          + "price(sku:) again when its error adopts RetryableError (TimeoutError does) and says "
          + "isRetryable, or when the policy's isRetryable accepts it; any other error is thrown "
          + "at once"
      ])
    let output = project.file("Prices+Decorators.swift")
    #expect(output.contains("failureRateThreshold: 0.25"))
    #expect(output.contains("maxConcurrentCalls: Int(4)"))
    #expect(output.contains("maxAttempts: Int(5)"))
  }

  /// Retry makes a failed idempotent call again only for an error that declares itself
  /// retryable: generation says so where retry retries, and names a typed error's type with the
  /// line that declares it, so that a typed error is not thrown at once in silence.
  @Test func retrySaysWhichErrorsItRetries() throws {
    let project = try Project([
      "Sources/Stock.swift": """
      public enum StockError: Error { case gone }
      // veneer: retry
      public protocol Stock {
        // veneer: idempotent
        func count(sku: String) async throws(StockError) -> Int
        // veneer: idempotent
        func price(sku: String) async throws -> Int
      }

      """,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    #expect(
      project.generate().diagnostics == [
        "Sources/Stock.swift:3:1: note: the retry decorator of Stock makes a failed call of "
          + "count(sku:), price(sku:) again when its error adopts RetryableError (TimeoutError "
          + "does) and says isRetryable, or when the policy's isRetryable accepts it; any other "
          + "error is thrown at once; StockError is retried only if it does: 'extension "
          + "StockError: RetryableError {}'"
      ])
  }
}
