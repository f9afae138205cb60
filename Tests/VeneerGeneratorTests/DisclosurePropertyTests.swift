import Foundation
import Testing
import VeneerGenerator
import VeneerRenderer
import VeneerSupport

/// Random protocols whose names come from many scripts — look-alikes of secret words among
/// them — whose arguments, results and errors hold values of a secret alphabet, and whose
/// requirements declare at random what may be shown and what may be cached.
struct SecretProtocols {
  var random: SplitMix

  mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
  mutating func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }

  /// Words of identifiers: harmless-looking Latin ones, other scripts, and secret words spelt
  /// with Cyrillic and Greek look-alike letters, which no list of words can recognise.
  static let words = [
    "number", "value", "code", "item", "note", "name", "data", "entry", "grüße", "naïve",
    "αριθμός", "τιμή", "число", "данные", "رقم", "بيانات", "מספר", "ערך", "संख्या", "番号",
    "データ", "번호", "раѕѕword", "tоkеn", "ѕеcrеt", "κey",
  ]
  /// Names that a secret's word gives away: even a number declared public is hidden by them.
  static let secretNumberNames = ["pin", "otp", "cvv", "passcode"]

  enum ValueType: CaseIterable {
    case string, substring, optionalString, strings, url, data, card, method, number, secretNumber
    // Never shown by value, whatever is declared: bytes are their count, a URL's password
    // `<redacted>`.
    case bytes, contiguousBytes, credentialURL, credentialURLs

    var isNeverShown: Bool {
      [.bytes, .contiguousBytes, .credentialURL, .credentialURLs].contains(self)
    }

    var swiftType: String {
      switch self {
      case .string: "String"
      case .substring: "Substring"
      case .optionalString: "String?"
      case .strings: "[String]"
      case .url: "URL"
      case .data: "Data"
      case .card: "Card"
      case .method: "Method"
      case .number, .secretNumber: "Int"
      case .bytes: "[UInt8]"
      case .contiguousBytes: "ContiguousArray<UInt8>"
      case .credentialURL: "URL"
      case .credentialURLs: "[URL]"
      }
    }

    /// The value of a secret `token` (a number for numbers) as an expression of this type.
    func expression(_ token: String, number: Int) -> String {
      switch self {
      case .string, .optionalString: token.swiftLiteral
      case .substring: "Substring(\(token.swiftLiteral))"
      case .strings: "[\(token.swiftLiteral)]"
      case .url: "URL(string: \("https://example.com/\(Self.asciiToken(token))".swiftLiteral))!"
      case .data: "Data(\(token.swiftLiteral).utf8)"
      case .card: "Card(number: \(token.swiftLiteral))"
      case .method: ".password(\(token.swiftLiteral))"
      case .number, .secretNumber: String(number)
      case .bytes: "Array(\(token.swiftLiteral).utf8)"
      case .contiguousBytes: "ContiguousArray(\(token.swiftLiteral).utf8)"
      case .credentialURL: "URL(string: \(Self.credentialAddress(token).swiftLiteral))!"
      case .credentialURLs:
        "[URL(string: \"https://example.com\")!, URL(string: \(Self.credentialAddress(token).swiftLiteral))!]"
      }
    }

    /// An address whose password is the token.
    static func credentialAddress(_ token: String) -> String {
      "https://user:\(asciiToken(token))@example.com/path"
    }

    /// What shows in output if the value leaked: the token, its ASCII form in a URL, a number.
    func leakedText(_ token: String, number: Int) -> String {
      switch self {
      case .url, .credentialURL, .credentialURLs: Self.asciiToken(token)
      case .number, .secretNumber: String(number)
      // Its first bytes as an array or a dump writes them.
      case .bytes, .contiguousBytes:
        token.utf8.prefix(6).map(String.init).joined(separator: ", ")
      default: token
      }
    }

    static func asciiToken(_ token: String) -> String {
      "QXZ" + token.unicodeScalars.filter(\.isASCII).map(String.init).joined() + "ZXQ"
    }
  }

  enum Shape: CaseIterable {
    case plain, throwing, asyncThrowing, completion
  }

  struct Argument {
    var label: String
    var name: String
    var type: ValueType
    /// What appears in output if its value leaked.
    var leak: String
    var value: String
    /// Whether a declaration allows it to appear.
    var mayAppear: Bool
    /// Whether its name or `redact(…)` hides it, whatever is declared.
    var isRedacted: Bool
  }

  struct Method {
    var name: String
    var shape: Shape
    var arguments: [Argument]
    var result: ValueType
    var resultLeak: String
    var resultValue: String
    var resultMayAppear: Bool
    /// Throws an error holding a secret, which only `log(full)` may show.
    var fails: Bool
    var errorToken: String
    var logsFull: Bool
    /// Only under `log(full)`, and not after a redacted argument, whose secret it may hold.
    var errorMayAppear: Bool
    var isCached: Bool
    var annotations: [String]
  }

  struct Proto {
    var name: String
    var methods: [Method]
    var annotations: [String]
  }

  /// `count` protocols, each token unique to its place. A protocol's `public(name)` declares
  /// every parameter of that name or label, in each of its requirements.
  mutating func protocols(_ count: Int) -> [Proto] {
    (0..<count).map { p in
      let name = "P\(p)\(pick(Self.words).filter { $0.isLetter })"
      var methods: [Method] = []
      for m in 0..<Int(1 + random.next() % 4) { methods.append(method(p, m)) }
      let names = methods.flatMap { $0.arguments.flatMap { [$0.name, $0.label] } }
      guard !names.isEmpty, chance(30) else {
        return Proto(name: name, methods: methods, annotations: [])
      }
      let declared = pick(names)
      for m in methods.indices {
        for a in methods[m].arguments.indices
        where [methods[m].arguments[a].name, methods[m].arguments[a].label].contains(declared)
          && !methods[m].arguments[a].isRedacted
        {
          methods[m].arguments[a].mayAppear = true
        }
      }
      return Proto(name: name, methods: methods, annotations: ["public(\(declared))"])
    }
  }

  mutating func method(_ p: Int, _ m: Int) -> Method {
    let logsFull = chance(10)
    var publicNames: [String] = []
    var properties: [String] = []
    var attributes: [String] = []
    var redacted: [String] = []
    var arguments: [Argument] = []
    for a in 0..<Int(random.next() % 4) {
      let type = pick(ValueType.allCases)
      let word = type == .secretNumber ? pick(Self.secretNumberNames) : pick(Self.words)
      // Suffixed so that no two parameters, and no keyword, share a name.
      let name = "\(word)\(p)" + "_\(a)"
      let label = chance(30) ? "\(pick(Self.words))\(a)" : name
      let token = "Ѯ\(p)ж\(m)ж\(a)Ѯ"
      let number = 900_000_000 + p * 10_000 + m * 100 + a
      var declared = logsFull
      if chance(40) {
        publicNames.append(chance(50) ? name : label)
        declared = true
      }
      if chance(20) {
        properties.append(name)
        declared = true
      }
      if chance(15) {
        attributes.append(name)
        declared = true
      }
      let isRedacted = type == .secretNumber || chance(10)
      if isRedacted && type != .secretNumber { redacted.append(name) }
      // Numbers are written by value unless something hides them.
      if type == .number { declared = true }
      arguments.append(
        Argument(
          label: label, name: name, type: type, leak: type.leakedText(token, number: number),
          value: type.expression(token, number: number),
          mayAppear: declared && !isRedacted && !type.isNeverShown,
          isRedacted: isRedacted))
    }
    let result = pick([ValueType.string, .strings, .optionalString, .card, .url])
    let resultToken = "Ѯr\(p)ж\(m)Ѯ"
    let resultPublic = chance(40)
    let resultRedacted = chance(10)
    if resultPublic { publicNames.append("result") }
    if resultRedacted { redacted.append("result") }
    let shape = pick(Shape.allCases)
    let isCached = chance(40)
    var annotations: [String] = []
    if isCached { annotations.append("cache") }
    if logsFull { annotations.append("log(full)") }
    if !publicNames.isEmpty { annotations.append("public(\(publicNames.joined(separator: ", ")))") }
    if !redacted.isEmpty { annotations.append("redact(\(redacted.joined(separator: ", ")))") }
    if !properties.isEmpty {
      annotations.append("analytics(properties: [\(properties.joined(separator: ", "))])")
    }
    if !attributes.isEmpty {
      annotations.append("tracing(attributes: [\(attributes.joined(separator: ", "))])")
    }
    // A call given a redacted argument may hand its secret back: its result is redacted too.
    let givenARedacted =
      arguments.contains { !$0.mayAppear && $0.type == .secretNumber }
      || !redacted.filter { $0 != "result" }.isEmpty
    return Method(
      name: "\(pick(Self.words).filter { $0.isLetter })\(m)", shape: shape,
      arguments: arguments, result: result, resultLeak: result.leakedText(resultToken, number: 0),
      resultValue: result.expression(resultToken, number: 0),
      resultMayAppear: (resultPublic || logsFull) && !resultRedacted && !givenARedacted,
      fails: shape != .plain && chance(30), errorToken: "Ѯe\(p)ж\(m)Ѯ", logsFull: logsFull,
      errorMayAppear: logsFull && !givenARedacted, isCached: isCached, annotations: annotations)
  }
}

extension SecretProtocols.Method {
  var parameterList: String {
    arguments.map {
      ($0.label == $0.name ? $0.name : "\($0.label) \($0.name)") + ": \($0.type.swiftType)"
    }.joined(separator: ", ")
  }

  var requirement: String {
    let annotations =
      self.annotations.isEmpty ? "" : "  // veneer: \(self.annotations.joined(separator: ", "))\n"
    let result = self.result.swiftType
    switch shape {
    case .plain: return annotations + "  func \(name)(\(parameterList)) -> \(result)"
    case .throwing: return annotations + "  func \(name)(\(parameterList)) throws -> \(result)"
    case .asyncThrowing:
      return annotations + "  func \(name)(\(parameterList)) async throws -> \(result)"
    case .completion:
      let completion = "completion: @escaping @Sendable (Result<\(result), any Error>) -> Void"
      return annotations
        + "  func \(name)(\(([parameterList] + [completion]).filter { !$0.isEmpty }.joined(separator: ", ")))"
    }
  }

  /// The echo base's implementation: counts the call, then returns the secret result or throws
  /// the secret error.
  func implementation(in proto: String) -> String {
    let count = "calls.count(\"\(proto).\(name)\")"
    let failure = "Leak(secret: \(errorToken.swiftLiteral))"
    switch shape {
    case .plain:
      return
        "  func \(name)(\(parameterList)) -> \(result.swiftType) { \(count); return \(resultValue) }"
    case .throwing, .asyncThrowing:
      let effects = shape == .throwing ? "throws" : "async throws"
      let body = fails ? "throw \(failure)" : "return \(resultValue)"
      return
        "  func \(name)(\(parameterList)) \(effects) -> \(result.swiftType) { \(count); \(body) }"
    case .completion:
      let completion =
        "completion: @escaping @Sendable (Result<\(result.swiftType), any Error>) -> Void"
      let outcome = fails ? ".failure(\(failure))" : ".success(\(resultValue))"
      return
        "  func \(name)(\(([parameterList] + [completion]).filter { !$0.isEmpty }.joined(separator: ", "))) { \(count); completion(\(outcome)) }"
    }
  }

  /// One call through the decorated value `target`.
  func call(on target: String) -> String {
    let arguments = self.arguments.map { "\($0.label): \($0.value)" }
    switch shape {
    case .plain: return "_ = \(target).\(name)(\(arguments.joined(separator: ", ")))"
    case .throwing: return "_ = try? \(target).\(name)(\(arguments.joined(separator: ", ")))"
    case .asyncThrowing:
      return "_ = try? await \(target).\(name)(\(arguments.joined(separator: ", ")))"
    case .completion:
      return "\(target).\(name)(\((arguments + ["completion: { _ in }"]).joined(separator: ", ")))"
    }
  }
}

/// The proof of "declared, not guessed" at run time: random protocols through every built-in
/// decorator, compiled and called with secret values; no secret leaves the process — in a log,
/// an event, a span, a metric or a cache key — unless that exact value was declared, and no
/// call is answered from a cache unless its requirement was declared cacheable.
///
/// `VENEER_SEED=<n>` replays a run; `VENEER_SECRET_PROTOCOLS=<n>` draws more protocols.
@Suite("Random secrets through every built-in")
struct DisclosurePropertyTests {
  /// How each built-in is composed around a value; a built-in missing here fails the test, so a
  /// new one is proved too.
  static let composition = [
    "caching": ".withCaching(PrintingCache())",
    "logging": ".withLogging(logger)",
    "analytics": ".withAnalytics(PrintingTracker())",
    "tracing": ".withTracing(tracer)",
    "metrics": ".withMetrics(metrics)",
    "intercepting": ".intercepted { _ in }",
    "timeout": ".withTimeout(.seconds(60))",
    "retry": ".withRetry()",
    // A breaker that never opens: every call must reach the base to be counted.
    "circuitbreaker":
      ".withCircuitBreaker(CircuitBreaker(policy: CircuitBreaker.Policy(window: .count(1_000_000), minimumCalls: 1_000_000)))",
    "bulkhead": ".withBulkhead()",
    "ratelimit": ".withRateLimit(RateLimiter(policy: RateLimiter.Policy(permits: 1_000_000)))",
  ]

  static let recorders = #"""
    import Foundation
    import InMemoryTracing
    import Logging
    import MetricsTestKit
    import Tracing
    import VeneerRuntime

    // Retryable, so that a retrying decorator would make a failed call again wherever it is not
    // held back by the declaration rule: no requirement here is declared idempotent.
    struct Leak: RetryableError { var secret: String }

    struct PrintingHandler: LogHandler {
      var metadata: Logger.Metadata = [:]
      var logLevel: Logger.Level = .trace
      subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
      }
      func log(event: LogEvent) {
        print("LOG", event.message, (event.metadata ?? [:]).sorted { $0.key < $1.key })
      }
    }

    struct PrintingTracker: AnalyticsTracker {
      func track(_ event: AnalyticsEvent) { print("EVENT", event) }
    }

    final class PrintingCache: DecoratorCache, @unchecked Sendable {
      let storage = InMemoryCache()
      func value(for key: CacheKey) -> CachedValue? { storage.value(for: key) }
      func store(_ value: CachedValue, for key: CacheKey, timeToLive: Duration?) {
        print("KEY", key)
        storage.store(value, for: key, timeToLive: timeToLive)
      }
      func removeValues(forRequirement requirement: String) {
        storage.removeValues(forRequirement: requirement)
      }
      func removeAll() { storage.removeAll() }
    }

    final class Calls: @unchecked Sendable {
      private let lock = NSLock()
      private var counts: [String: Int] = [:]
      func count(_ name: String) { lock.withLock { counts[name, default: 0] += 1 } }
      func report() { for (name, count) in counts.sorted(by: { $0.key < $1.key }) { print("CALLS", name, count) } }
    }

    let calls = Calls()
    let logger = Logger(label: "secrets") { _ in PrintingHandler() }
    let tracer = InMemoryTracer()
    let metrics = TestMetrics()

    """#

  @Test func noSecretLeavesUnlessDeclaredAndNothingUndeclaredIsCached() throws {
    let seed =
      ProcessInfo.processInfo.environment["VENEER_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64(UInt32.max))
    let count =
      ProcessInfo.processInfo.environment["VENEER_SECRET_PROTOCOLS"].flatMap { Int($0) } ?? 8
    let replay = "seed \(seed) (replay with VENEER_SEED=\(seed))"
    print("DisclosurePropertyTests: \(replay)")
    #expect(
      Set(Self.composition.keys) == Set(BuiltInDecorators.all.map(\.typedName)),
      "every built-in is composed")
    var generator = SecretProtocols(random: SplitMix(seed: seed))
    let protocols = generator.protocols(count)
    let folder = try TemporaryFolder()
    var sources = """
      import Foundation

      public struct Card: Hashable, Sendable {
        public var number: String
        public init(number: String) { self.number = number }
      }

      public enum Method: Hashable, Sendable {
        case password(String)
      }

      """
    for proto in protocols {
      // Each built-in by the key its descriptor declares: `circuitBreaker`.
      let annotations =
        Self.composition.keys.sorted().map { name in
          BuiltInDecorators.named(name)?.annotations.keys.first { $0.lowercased() == name } ?? name
        } + proto.annotations
      sources += "// veneer: \(annotations.joined(separator: ", "))\n"
      sources += "public protocol \(proto.name): Sendable {\n"
      sources += proto.methods.map(\.requirement).joined(separator: "\n") + "\n}\n\n"
    }
    let source = try folder.write("Sources/Secrets.swift", sources)
    let generation = Generator().generate(
      Configuration(sources: [source], output: folder.path + "/Out"))
    let errors = generation.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(replay)\n\(errors)\n\(sources)")
    guard errors.isEmpty else { return }
    var files = [source]
    for file in generation.files {
      files.append(try folder.write("Out/\(file.name)", file.contents))
    }

    var main = Self.recorders
    for proto in protocols {
      main += "struct Echo\(proto.name): \(proto.name) {\n"
      main += proto.methods.map { $0.implementation(in: proto.name) }.joined(separator: "\n")
      main += "\n}\n\n"
    }
    main += "func callEverything() async {\n"
    for (index, proto) in protocols.enumerated() {
      let chain = Self.composition.keys.sorted().compactMap { Self.composition[$0] }.joined()
      main += "  let decorated\(index) = Echo\(proto.name)()\(chain)\n"
      main += "  for _ in 0..<2 {\n"
      main += proto.methods.map { "    " + $0.call(on: "decorated\(index)") }.joined(
        separator: "\n")
      main += "\n  }\n"
    }
    main += """
      }

      await callEverything()
      for span in tracer.finishedSpans {
        print("SPAN", span.operationName, span.attributes, span.errors)
      }
      for counter in metrics.counters { print("METRIC", counter.label, counter.dimensions) }
      calls.report()

      """
    files.append(try folder.write("main.swift", main))
    let run = try compileAndRun(
      files,
      linking: [
        "VeneerRuntime", "CVeneerRuntime", "Logging", "VeneerTracing", "Tracing",
        "Instrumentation", "ServiceContextModule", "InMemoryTracing", "VeneerMetrics",
        "CoreMetrics", "MetricsTestKit", "Metrics",
      ], in: folder.path)
    #expect(run.compiled, "\(replay)\n\(run.errors)")
    #expect(run.status == 0, "\(replay)\n\(run.errors)")
    guard run.compiled, run.status == 0 else { return }
    let output = run.output

    var shown = 0
    for proto in protocols {
      for method in proto.methods {
        let place = "\(replay): \(proto.name).\(method.name) \(method.annotations)"
        for argument in method.arguments where output.contains(argument.leak) {
          #expect(argument.mayAppear, "\(place): argument \(argument.name) leaked")
          shown += 1
        }
        if output.contains(method.resultLeak) {
          #expect(method.resultMayAppear, "\(place): its result leaked")
          shown += 1
        }
        if output.contains(method.errorToken) {
          #expect(method.errorMayAppear, "\(place): its error leaked")
        }
        let reached = output.split(separator: "\n").first {
          $0.hasPrefix("CALLS \(proto.name).\(method.name) ")
        }.map { Int($0.split(separator: " ").last ?? "") ?? 0 }
        // Twice called; once answered from a cache only where declared, and never a failure;
        // never retried, since nothing is declared idempotent.
        #expect(
          reached == (method.isCached && !method.fails ? 1 : 2),
          "\(place): reached the base \(reached ?? 0) times")
      }
    }
    // Declarations do show what they declare: the test is not vacuous.
    #expect(shown > 0, "\(replay): no declared value appeared at all")
  }
}
