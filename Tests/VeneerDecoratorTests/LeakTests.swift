import FixtureCatalog
import FixtureDecorators
import Foundation
import InMemoryTracing
import ServerDecorators
import Testing
import Tracing
import VeneerRuntime
import VeneerTracing

extension Profile: CustomLogStringConvertible {
  public var logDescription: String { "Profile(name: \(name))" }
}

/// Hands back and throws what it is given, with `SECRET` in every secret, so that a secret that
/// leaves the process by any route shows in what was captured.
private struct EchoAccounts: Accounts {
  func login(user: String, password: String) throws -> Tokens {
    guard password == "right" else {
      throw SignInFailure(description: "wrong password '\(password)' for \(user)")
    }
    return Tokens(accessToken: "at_SECRET", refreshToken: "rt_SECRET")
  }
  func accessToken() throws -> String { throw AccountError.rejected("token at_SECRET expired") }
  func login(email: String, password: String) -> Tokens {
    Tokens(accessToken: "at_SECRET_\(password)", refreshToken: "rt_SECRET")
  }
  func open(user: String) -> Tokens { Tokens(accessToken: "at_SECRET", refreshToken: "rt_SECRET") }
  func pair(user: String) -> (user: String, token: String) { (user, "tok_SECRET") }
  func authorize(
    user: String, password: String, completion: @escaping @Sendable (String) -> Void
  ) {
    completion("tok_SECRET_for_\(user)")
  }
  func register(_ user: NewUser) {}
  func signIn(with method: Credential) throws {
    if case .password(let password) = method {
      throw AccountError.rejected("password \(password) is wrong")
    }
  }
  func remember(pair: (user: String, password: String)) {}
  func send(headers: [String: String]) {}
  func verify(
    jwt: String, authHeader: String, encryptionKey: String, mfaCode: String, pass: String,
    key: String
  ) {}
  func update(profile: Profile) {}
  func lookUp(ids: [Int], count: Int, flag: Bool) -> [Int] { ids }
  func audit(_ user: NewUser) {}
}

/// Every route by which a secret once reached a log, an analytics event or a span: values leave
/// the process only in forms that cannot carry one (numbers, flags, strings named harmlessly,
/// an enum's case, a type's name), unless their type says how (`CustomLogStringConvertible`)
/// or the requirement asks for everything (`log(full)`).
@Suite("What leaves the process: an allow-list of forms")
struct LeakTests {
  /// Every call of every route, made through `accounts`.
  private func callEveryRoute(_ accounts: some Accounts) {
    _ = try? accounts.login(user: "ada", password: "pw_SECRET")
    _ = try? accounts.accessToken()
    _ = accounts.login(email: "ada@example.com", password: "pw_SECRET")
    _ = accounts.open(user: "ada")
    _ = accounts.pair(user: "ada")
    accounts.authorize(user: "ada", password: "pw_SECRET") { _ in }
    accounts.register(NewUser(name: "ada", password: "pw_SECRET"))
    _ = try? accounts.signIn(with: .password("pw_SECRET"))
    _ = try? accounts.signIn(with: .anonymous)
    accounts.remember(pair: (user: "ada", password: "pw_SECRET"))
    accounts.send(headers: ["Authorization": "Bearer SECRET"])
    accounts.verify(
      jwt: "jwt_SECRET", authHeader: "Basic SECRET", encryptionKey: "ek_SECRET",
      mfaCode: "SECRET_123", pass: "pass_SECRET", key: "key_SECRET")
    accounts.update(profile: Profile(name: "ada", recoveryPhrase: "phrase SECRET"))
    _ = accounts.lookUp(ids: [1, 2], count: 2, flag: true)
  }

  @Test func logsHoldNoSecretByAnyRoute() {
    let recorder = LogRecorder()
    callEveryRoute(EchoAccounts().withLogging(recorder.logger()))
    let log = recorder.text
    #expect(!log.contains("SECRET"), "\(log)")
    func line(_ message: String) -> [String: String] {
      recorder.records.first { $0.message == message }?.metadata ?? [:]
    }
    // Errors by type and case; results of calls given a secret redacted; structs, tuples and
    // dictionaries by type; an enum by case; numbers by value; a string, whatever it is called,
    // private.
    #expect(line("Accounts.login(user:password:) threw")["error"] == "SignInFailure(…)")
    #expect(line("Accounts.accessToken() threw")["error"] == "AccountError.rejected(…)")
    #expect(line("Accounts.login(email:password:) returned")["result"] == "<redacted>")
    #expect(line("Accounts.open(user:) returned")["result"] == "Tokens(…)")
    #expect(line("Accounts.open(user:) called")["user"] == "<private>")
    #expect(line("Accounts.pair(user:) returned")["result"] == "(user: String, token: String)")
    #expect(
      line("Accounts.authorize(user:password:completion:) completed")["result"] == "<redacted>")
    #expect(line("Accounts.register(_:) called")["user"] == "NewUser(…)")
    #expect(line("Accounts.signIn(with:) called")["method"] == "Credential.password(…)")
    #expect(line("Accounts.signIn(with:) threw")["error"] == "AccountError.rejected(…)")
    #expect(
      recorder.records.contains { $0.metadata["method"] == "Credential.anonymous" }, "\(log)")
    #expect(line("Accounts.remember(pair:) called")["pair"] == "(user: String, password: String)")
    #expect(
      line("Accounts.send(headers:) called")["headers"] == "Dictionary<String, String> (1 entries)")
    let verified = line("Accounts.verify(jwt:authHeader:encryptionKey:mfaCode:pass:key:) called")
    #expect(verified.count == 6 && verified.values.allSatisfy { $0 == "<redacted>" })
    #expect(line("Accounts.update(profile:) called")["profile"] == "Profile(name: ada)")
    #expect(line("Accounts.lookUp(ids:count:flag:) called")["ids"] == "[1, 2]")
    #expect(line("Accounts.lookUp(ids:count:flag:) returned")["result"] == "[1, 2]")
  }

  @Test func analyticsEventsHoldNoSecretByAnyRoute() {
    let tracker = RecordingTracker()
    callEveryRoute(EchoAccounts().withAnalytics(tracker))
    let events = tracker.events.map(\.description).joined(separator: "\n")
    #expect(!events.contains("SECRET"), "\(events)")
    func properties(_ name: String) -> [String: AnalyticsValue] {
      tracker.events.first { $0.name == name }?.properties ?? [:]
    }
    #expect(properties("accounts.login_user_password_failed")["error"] == .string("SignInFailure"))
    #expect(properties("accounts.register")["user"] == .string("NewUser(…)"))
    #expect(properties("accounts.sign_in_failed")["method"] == .string("Credential.password(…)"))
    #expect(properties("accounts.remember")["pair"] == .string("(user: String, password: String)"))
    #expect(
      properties("accounts.send")["headers"] == .string("Dictionary<String, String> (1 entries)"))
    // A type that says how it is logged says so to analytics too.
    #expect(properties("accounts.update")["profile"] == .string("Profile(name: ada)"))
    // Numbers and flags keep their types.
    #expect(properties("accounts.look_up")["count"] == .int(2))
    #expect(properties("accounts.look_up")["flag"] == .bool(true))
    #expect(properties("accounts.look_up")["ids"] == .string("[1, 2]"))
  }

  @Test func spansHoldNoSecretByAnyRoute() throws {
    let tracer = InMemoryTracer()
    callEveryRoute(EchoAccounts().withTracing(tracer))
    var captured: [String] = []
    for span in tracer.finishedSpans {
      // `SpanAttributes` is no sequence: its own `forEach` is the way through it.
      // swift-format-ignore: ReplaceForEachWithForLoop
      span.attributes.forEach { name, attribute in captured.append("\(name)=\(attribute)") }
      captured += span.errors.map { "\($0.error)" }
    }
    let text = captured.joined(separator: "\n")
    #expect(!text.contains("SECRET"), "\(text)")
    func span(_ name: String) throws -> FinishedInMemorySpan {
      try #require(tracer.finishedSpans.first { $0.operationName == name })
    }
    let login = try span("Accounts.login")
    #expect(login.errors.map { "\($0.error)" } == ["SignInFailure(…)"])
    #expect(
      (login.errors.first?.error as? VeneerTracing.RedactedError)?.typeName == "SignInFailure")
    #expect(try span("Accounts.register").attributes["user"]?.toSpanAttribute() == "NewUser(…)")
    #expect(
      try span("Accounts.update").attributes["profile"]?.toSpanAttribute() == "Profile(name: ada)")
    #expect(
      try span("Accounts.send").attributes["headers"]?.toSpanAttribute()
        == "Dictionary<String, String> (1 entries)")
  }

  /// `log(full)` is the user's word that a requirement's values may be written whole.
  @Test func logFullWritesValuesWhole() {
    let recorder = LogRecorder()
    let tracker = RecordingTracker()
    let accounts = EchoAccounts().withAnalytics(tracker).withLogging(recorder.logger())
    accounts.audit(NewUser(name: "ada", password: "pw"))
    #expect(
      recorder.records.first?.metadata["user"] == #"NewUser(name: "ada", password: "pw")"#)
    #expect(
      tracker.events.first?.properties["user"] == .string(#"NewUser(name: "ada", password: "pw")"#))
  }

  /// The two forms, value by value: private writes numbers, flags and plain cases by value and
  /// nothing a user typed; public writes a value whole.
  @Test func valueDescriptionsArePrivateUnlessPublic() {
    enum Mode: CustomStringConvertible {
      case fast
      var description: String { "SECRET" }
    }
    #expect(__ValueDescription.private(42) == "42")
    #expect(__ValueDescription.private(Int?.none) == "nil")
    #expect(__ValueDescription.private(Optional(Optional(2.5))) == "2.5")
    #expect(__ValueDescription.private(true) == "true")
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    for value: Any in [
      "4111111111111111", Substring("secret"), Character("x"), uuid, Date(),
      URL(string: "https://user:pw@example.com")!, Optional("secret") as Any,
    ] {
      #expect(__ValueDescription.private(value) == "<private>", "\(type(of: value))")
    }
    // Bytes are their count, in whatever collection they come.
    #expect(__ValueDescription.private(Data([1, 2])) == "2 bytes")
    #expect(__ValueDescription.private([UInt8]([1, 2])) == "2 bytes")
    #expect(__ValueDescription.private(["a"]) == "Array<String> (1 elements)")
    #expect(__ValueDescription.private([4, 1, 1, 1]) == "[4, 1, 1, 1]")
    #expect(__ValueDescription.private(Set([3])) == "[3]")
    // A case by the runtime's name for it, never the type's own description.
    #expect(__ValueDescription.private(Mode.fast) == "Mode.fast")
    #expect(__ValueDescription.error(AccountError.locked) == "AccountError.locked")
    #expect(__ValueDescription.private(Tokens(accessToken: "a", refreshToken: "b")) == "Tokens(…)")
    #expect(
      __ValueDescription.private(Profile(name: "a", recoveryPhrase: "b")) == "Profile(name: a)")
    // Public: text by value, also in a collection; a struct still by type, a case by name; a
    // URL's password redacted whoever declared it.
    #expect(__ValueDescription.public("Paris") == "Paris")
    #expect(__ValueDescription.public(Optional("Paris")) == "Paris")
    #expect(__ValueDescription.public(["a", "b"]) == "[a, b]")
    #expect(__ValueDescription.public(uuid) == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    #expect(__ValueDescription.public(Mode.fast) == "Mode.fast")
    #expect(__ValueDescription.public(Tokens(accessToken: "a", refreshToken: "b")) == "Tokens(…)")
    #expect(
      __ValueDescription.public(URL(string: "https://ada:pw@example.com/a?b")!)
        == "https://ada:<redacted>@example.com/a?b")
    #expect(
      __ValueDescription.public("see ftp://u:p@host/x and https://h/y")
        == "see ftp://u:<redacted>@host/x and https://h/y")
    // Full: whole, optionals unwrapped, a type's own log description still first.
    #expect(__ValueDescription.full(Mode.fast) == "SECRET")
    #expect(__ValueDescription.full(Optional("Paris")) == "Paris")
    #expect(__ValueDescription.full(Profile(name: "a", recoveryPhrase: "b")) == "Profile(name: a)")
  }
}
