import FixtureCatalog
import FixtureDecorators
import Logging
import Testing
@_spi(Generated) import VeneerRuntime

extension Session: CustomLogStringConvertible {
  public var logDescription: String { "Session(user: \(user), token: <redacted>)" }
}

/// Hands out the same secrets it is given, so that a leak would show in the log.
private struct EchoCredentials: Credentials {
  func login(user: String, password pw: String) -> Session {
    Session(user: user, token: "tok-\(pw)")
  }
  func set(token value: String) {}
  func check(password _: String) -> Bool { true }
  func charge(creditCardNumber: String, amount: Int, code otp: String) -> Bool { true }
  func accessToken() -> String { "tok-secret-access" }
  func recoveryCodes(for user: String) -> [String] { ["code-secret-1", "code-secret-2"] }
  func refresh(
    _ session: Session, completion: @escaping @Sendable (Result<Session, any Error>) -> Void
  ) {
    completion(.success(Session(user: session.user, token: "tok-secret-refreshed")))
  }
  func upload(_ payload: String) -> Int { payload.count }
}

/// No secret reaches a log: not behind a label, not inside a longer name, not in a result, not
/// inside a structured value that says how it is logged.
@Suite("Secrets never reach a log")
struct SecretsTests {
  @Test func noSecretIsLoggedByLabelNameWordResultOrStructure() {
    let recorder = LogRecorder()
    let credentials = EchoCredentials().withLogging(recorder.logger())
    let session = credentials.login(user: "ada", password: "secret-pw")
    credentials.set(token: "secret-token")
    _ = credentials.check(password: "secret-check")
    _ = credentials.charge(creditCardNumber: "4111-secret", amount: 5, code: "secret-otp")
    _ = credentials.accessToken()
    _ = credentials.recoveryCodes(for: "ada")
    credentials.refresh(session) { _ in }
    let log = recorder.text
    #expect(recorder.records.count == 14)
    #expect(!log.contains("secret"), "\(log)")
    // What is not secret is still logged.
    #expect(log.contains("user=ada"))
    #expect(log.contains("amount=5"))
    // A call given a secret may hand one back: its result is redacted too.
    let login = recorder.records.first {
      $0.message == "Credentials.login(user:password:) returned"
    }
    #expect(login?.metadata["result"] == "<redacted>")
    let token = recorder.records.first { $0.message == "Credentials.accessToken() returned" }
    #expect(token?.metadata["result"] == "<redacted>")
    let codes = recorder.records.first { $0.message == "Credentials.recoveryCodes(for:) returned" }
    #expect(codes?.metadata["result"] == "<redacted>")
  }

  @Test func longValuesAreCutToTheLimit() {
    let recorder = LogRecorder()
    let credentials = EchoCredentials().withLogging(recorder.logger())
    _ = credentials.upload(String(repeating: "x", count: 10_000_000))
    let payload = recorder.records[0].metadata["payload"] ?? ""
    #expect(payload == String(repeating: "x", count: 1_024) + "… (9998976 more characters)")
    #expect(LoggedCall.value("short", limit: 5) == "short")
    #expect(
      LoggedCall.value("é" + String(repeating: "a", count: 9), limit: 3)
        == "éaa… (7 more characters)")
  }
}
