import FixtureCatalog
import FixtureDecorators
import Foundation
import Logging
import Testing
import VeneerRuntime

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
    // Numbers are logged by value; a string is private, whatever it is called.
    #expect(log.contains("user=<private>"))
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
    #expect(payload == "<private>")
    #expect(__LoggedCall.publicValue("short", limit: 5) == "short")
    // Bytes, not characters: `é` is two, and a scalar is never cut in two.
    #expect(
      __LoggedCall.publicValue("é" + String(repeating: "a", count: 9), limit: 3)
        == "éa… (8 more bytes)")
    #expect(__LoggedCall.publicValue("aé", limit: 2) == "a… (2 more bytes)")
    // One character carrying two million combining marks is cut like any other text.
    let marked = "e" + String(repeating: "\u{301}", count: 2_000_000)
    let cut = __LoggedCall.publicValue(marked, limit: 1_024).description
    #expect(cut.utf8.count < 1_100)
    #expect(cut.hasSuffix("… (\(marked.utf8.count - 1_023) more bytes)"))
  }
}

/// Hands back what it is given, so that any value that leaked would show.
private struct EchoVault: Vault {
  func chargeCard(number: String, securityCode: String, amountCents: Int) -> Bool { true }
  func set(_ value: String, forKey key: String) {}
  func decrypt(_ data: Data) -> String { "plain-SECRET" }
  func current() -> String { "session-SECRET" }
  func authorize(user: String, completion: @escaping @Sendable (Result<String, any Error>) -> Void)
  {
    completion(.success("token-SECRET"))
  }
  func open(_ address: URL) -> Int { 1 }
  func forecast(city: String, units: String) -> String { "sunny in \(city)" }
  func unlock(pin: Int) -> Bool { true }
}

/// A cache that writes down the description of every key it stores, as a user's cache that
/// logs its keys would.
private final class DescribingCache: DecoratorCache, @unchecked Sendable {
  let cache = InMemoryCache()
  private let lock = NSLock()
  private var stored: [String] = []
  var descriptions: [String] { lock.withLock { stored } }
  func value(for key: CacheKey) -> CachedValue? { cache.value(for: key) }
  func store(_ value: CachedValue, for key: CacheKey, timeToLive: Duration?) {
    lock.withLock { stored.append(key.description) }
    cache.store(value, for: key, timeToLive: timeToLive)
  }
  func removeValues(forRequirement requirement: String) {
    cache.removeValues(forRequirement: requirement)
  }
  func removeAll() { cache.removeAll() }
}

@Suite("Private unless declared public")
struct DeclaredDisclosureTests {
  /// The cases where a harmless-looking name once showed a secret, through logs, events and a
  /// cache's keys; and the two values declared public, which are shown.
  @Test func noValueIsShownByItsName() {
    let recorder = LogRecorder()
    let tracker = RecordingTracker()
    let cache = DescribingCache()
    let vault = EchoVault().withCaching(cache).withAnalytics(tracker)
      .withLogging(recorder.logger())
    _ = vault.chargeCard(number: "4111111111111111", securityCode: "SECRET-123", amountCents: 995)
    vault.set("value-SECRET", forKey: "key-SECRET")
    _ = vault.decrypt(Data("cipher-SECRET".utf8))
    _ = vault.current()
    vault.authorize(user: "user-SECRET") { _ in }
    _ = vault.open(URL(string: "https://ada:pw-SECRET@example.com/SECRET")!)
    _ = vault.forecast(city: "Paris", units: "metric")
    _ = vault.forecast(city: "Paris", units: "metric")
    _ = vault.unlock(pin: 1234)
    let everything =
      recorder.text + tracker.events.map(\.description).joined() + cache.descriptions.joined()
    #expect(!everything.contains("SECRET"), "\(everything)")
    #expect(!everything.contains("4111"), "\(everything)")
    #expect(!everything.contains("1234"), "a declared-public pin is hidden by its name")
    func line(_ message: String) -> [String: String] {
      (recorder.records.first { $0.message == message }?.metadata ?? [:]).filter {
        $0.key != "call_id"
      }
    }
    #expect(
      line("Vault.chargeCard(number:securityCode:amountCents:) called") == [
        "number": "<private>", "securityCode": "<redacted>", "amountCents": "995",
      ])
    #expect(line("Vault.current() returned")["result"] == "<private>")
    #expect(line("Vault.authorize(user:completion:) returned")["result"] == "<private>")
    // Names may hide more: `key` names a secret as the last word of a name.
    #expect(line("Vault.set(_:forKey:) called") == ["value": "<private>", "key": "<redacted>"])
    #expect(line("Vault.open(_:) called") == ["address": "<private>"])
    // Declared: `city` and the result in logs, `city` and `units` as analytics properties.
    #expect(line("Vault.forecast(city:units:) called")["city"] == "Paris")
    #expect(line("Vault.forecast(city:units:) called")["units"] == "<private>")
    #expect(line("Vault.forecast(city:units:) returned")["result"] == "sunny in Paris")
    #expect(line("Vault.unlock(pin:) called")["pin"] == "<redacted>")
    let forecast = tracker.events.first { $0.name == "vault.forecast" }
    #expect(forecast?.properties["city"] == .string("Paris"))
    #expect(forecast?.properties["units"] == .string("metric"))
    // The cache key's description holds nothing a user typed, even where logs may show it.
    #expect(cache.descriptions == ["Vault.forecast(city:units:) -> String[String, String]"])
  }
}
