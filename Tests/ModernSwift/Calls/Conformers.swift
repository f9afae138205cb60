// Conformers of the catalog's shapes, and calls through every built-in around each: the
// decorators compile in the target's settings and forward what they are given.
import Logging
import Observation
import VeneerRuntime

/// Tracks nothing: the calls check what the decorators forward, not what they record.
nonisolated struct SilentTracker: AnalyticsTracker {
  func track(_ event: AnalyticsEvent) {}
}

nonisolated final class Weather: WeatherService {
  func forecast(city: String) async throws -> Forecast { Forecast(summary: "sun in \(city)") }
  func temperatures() async -> [Double] { [21, 23] }
}

@MainActor
final class Screen: ScreenModel {
  var title: String { "Home" }
  func render() -> String { "<\(title)>" }
  func reload() async throws -> Int { 3 }
  func forecast(city: String) async throws -> Forecast { Forecast(summary: "rain in \(city)") }
}

@MainActor
final class Mixed: MixedIsolation {
  nonisolated func identifier() -> String { "mixed" }
  nonisolated var version: Int { 2 }
  func refresh() async -> Int { 5 }
}

nonisolated struct Executors: ExecutorChoice {
  nonisolated(nonsending) func fetch(city: String) async throws -> Forecast {
    Forecast(summary: "snow in \(city)")
  }
  @concurrent func compute(_ value: Int) async -> Int { value * 2 }
}

nonisolated struct Post: Mailbox {
  func post(_ message: sending Message) async {}
  func draft() -> sending Message { Message(text: "draft") }
  func submit(_ work: sending @escaping () -> Void) { work() }
  func receive(isolation: isolated (any Actor)?) async -> sending Message { Message(text: "in") }
}

nonisolated struct Bank: TokenBank {
  func redeem(_ token: consuming Token) -> Int { token.id }
  func inspect(_ token: borrowing Token) -> Int { token.id }
  func mint(id: Int) -> Token { Token(id: id) }
  func weigh<Value: ~Copyable>(_ value: borrowing Value) -> Int { 1 }
}

nonisolated struct Doubler: Service {
  func callAsFunction(input: Int) async throws -> String { String(input * 2) }
}

nonisolated struct Fixed: FixedSize {
  func sum<let N: Int>(_ values: InlineArray<N, Int>) -> Int {
    var total = 0
    for index in values.indices { total += values[index] }
    return total
  }
  func triple(_ value: Int) -> InlineArray<3, Int> { [value, value, value] }
}

nonisolated struct Numbers: Parser {
  func parse(_ text: String) throws(ParseError) -> Int {
    guard let value = Int(text) else { throw .empty }
    return value
  }
  func parseLater(_ text: String) async throws(ParseError) -> Int { try parse(text) }
  func never(_ text: String) throws(Never) -> Int { text.count }
}

nonisolated struct Menus: MenuBuilder {
  func menu(@ListBuilder _ items: () -> [String]) -> [String] { items() }
  func asyncMenu(title: String, @ListBuilder items: @Sendable () -> [String]) async -> [String] {
    [title] + items()
  }
}

nonisolated struct Tracking: Tracker {
  func track(_ name: String) async throws -> Int { name.count }
}

actor Tally: Counter {
  private var count = 0
  func increment() -> Int {
    count += 1
    return count
  }
  func reset() async { count = 0 }
}

@DatabaseActor
final class Records: RecordStore {
  private var values: [Int] = []
  func save(_ value: Int) async throws { values.append(value) }
  func count() -> Int { values.count }
}

nonisolated struct Partly: PartlyOnMain {
  @MainActor func show(_ text: String) -> Int { text.count }
  func compute() async -> Int { 6 }
}

nonisolated struct Caller: CallerIsolated {
  func run(isolation: isolated (any Actor)?) async -> Int { 1 }
  func runWithDefault(isolation: isolated (any Actor)?) async throws -> Forecast {
    Forecast(summary: "fog")
  }
}

/// Conformed to on the main actor alone (SE-0470).
@MainActor
final class MainObserver {
  var seen: [Int] = []
}

extension MainObserver: @MainActor Observer {
  func observe(_ value: Int) -> Int {
    seen.append(value)
    return seen.count
  }
}

nonisolated struct Describing: Describer {
  func describe(_ value: some CustomStringConvertible & Sendable) -> String { value.description }
  func handle(_ error: any Error) -> String { "\(error)" }
  func pick(_ values: [any Sendable]) -> Int { values.count }
}

nonisolated struct Packing: Packs {
  func all<each Value: Sendable>(_ values: repeat each Value) async -> (repeat each Value) {
    (repeat each values)
  }
  func count<each Value>(_ values: repeat each Value) -> Int {
    var count = 0
    for _ in repeat each values { count += 1 }
    return count
  }
}

nonisolated struct Deferred: Lazy {
  func evaluate(_ value: @autoclosure () -> Int) -> Int { value() }
  func later(_ value: @escaping @autoclosure @Sendable () -> Int) async -> Int { value() }
}

nonisolated struct Versions: Versioned {
  func newer() -> Int { 2 }
  func older() -> Int { 1 }
  func save() -> Bool { true }
}

nonisolated struct Factories: Factory {
  func make(_ name: String) async throws -> Int { name.count }
}

nonisolated struct Systems: System {
  func boot() async throws -> Int { 1 }
}

nonisolated struct Bootstrap: LoggingSystem {
  func bootstrap() async throws -> Int { 2 }
}

nonisolated struct Sampling: Sampler {
  func sample(_ values: Span<Int>) -> Int { values.count }
  func wait(for duration: Duration) async throws -> Int { Int(duration.components.seconds) }
}

/// A store of the user's own global actor, decorated and called there.
@DatabaseActor
func callRecords(_ logger: Logging.Logger, tracker: SilentTracker) async throws -> Int {
  let records = Records().everyBuiltIn(logger, tracker: tracker)
  try await records.save(4)
  return records.count()
}

@MainActor
@Observable
final class Settings: SettingsModel {
  var theme = "dark"
  func reset() async -> String {
    theme = "light"
    return theme
  }
}

/// Fails the run, naming what a decorator got wrong.
nonisolated func expect<Value: Equatable>(_ value: Value, _ expected: Value, _ what: String) {
  guard value == expected else { fatalError("\(what): \(value), expected \(expected)") }
}

@MainActor
func callEveryShape() async throws {
  let logger = Logging.Logger(label: "catalog")
  let tracker = SilentTracker()
  let weather = Weather().everyBuiltIn(logger, tracker: tracker)
  expect(try await weather.forecast(city: "Oslo").summary, "sun in Oslo", "forecast")
  expect(await weather.temperatures(), [21, 23], "temperatures")

  let screen = Screen().everyBuiltIn(logger, tracker: tracker)
  expect(screen.render(), "<Home>", "render")
  expect(try await screen.reload(), 3, "reload")
  expect(try await screen.forecast(city: "Rome").summary, "rain in Rome", "main-actor forecast")

  let mixed = Mixed().everyBuiltIn(logger, tracker: tracker)
  expect(mixed.identifier(), "mixed", "identifier")
  expect(mixed.version, 2, "version")
  expect(await mixed.refresh(), 5, "refresh")

  let executors = Executors().everyBuiltIn(logger, tracker: tracker)
  expect(try await executors.fetch(city: "Bern").summary, "snow in Bern", "fetch")
  expect(await executors.compute(21), 42, "compute")

  let post = Post().everyBuiltIn(logger, tracker: tracker)
  await post.post(Message(text: "hello"))
  expect(post.draft().text, "draft", "draft")
  expect(await post.receive(isolation: MainActor.shared).text, "in", "receive")

  let bank = Bank().everyBuiltIn(logger, tracker: tracker)
  expect(bank.redeem(Token(id: 7)), 7, "redeem")
  let token = Token(id: 8)
  expect(bank.inspect(token), 8, "inspect")
  expect(bank.mint(id: 9).id, 9, "mint")

  let doubler = Doubler().everyBuiltIn(logger, tracker: tracker)
  expect(try await doubler(input: 21), "42", "callAsFunction")

  let fixed = Fixed().everyBuiltIn(logger, tracker: tracker)
  expect(fixed.sum([1, 2, 3] as InlineArray<3, Int>), 6, "sum")
  expect(fixed.triple(2)[1], 2, "triple")

  let numbers = Numbers().everyBuiltIn(logger, tracker: tracker)
  expect(try numbers.parse("12"), 12, "parse")
  expect(try await numbers.parseLater("13"), 13, "parseLater")
  do {
    _ = try numbers.parse("x")
    fatalError("parse did not throw")
  } catch { expect(error, .empty, "typed error") }

  // The async call first: the builder closure of the other is the main actor's, and would tie
  // the decorator to it.
  let menus = Menus().everyBuiltIn(logger, tracker: tracker)
  expect(await menus.asyncMenu(title: "t") { "c" }, ["t", "c"], "async result builder")
  expect(
    menus.menu {
      "a"
      "b"
    }, ["a", "b"], "result builder")

  let tracking = Tracking().everyBuiltIn(logger, tracker: tracker)
  expect(try await tracking.track("four"), 4, "a protocol named Tracker")
  expect(try await Factories().everyBuiltIn(logger, tracker: tracker).make("abc"), 3, "Factory")
  expect(try await Systems().everyBuiltIn(logger, tracker: tracker).boot(), 1, "System")
  expect(
    try await Bootstrap().everyBuiltIn(logger, tracker: tracker).bootstrap(), 2, "LoggingSystem")
  let sampler = Sampling().everyBuiltIn(logger, tracker: tracker)
  expect(try await sampler.wait(for: .seconds(3)), 3, "Duration beside tracing")
  expect(sampler.sample([1, 2, 3].span), 3, "the standard library's Span")

  let tally = Tally().everyBuiltIn(logger, tracker: tracker)
  expect(await tally.increment(), 1, "an actor's requirement")
  await tally.reset()
  expect(await tally.increment(), 1, "after reset")

  expect(try await callRecords(logger, tracker: tracker), 1, "a global actor of the user's own")

  let partly = Partly().everyBuiltIn(logger, tracker: tracker)
  expect(await partly.compute(), 6, "compute")
  expect(partly.show("hey"), 3, "a main-actor requirement")

  expect(await Caller().everyBuiltIn(logger, tracker: tracker).run(isolation: #isolation), 1, "run")
  expect(
    try await Caller().everyBuiltIn(logger, tracker: tracker).runWithDefault(
      isolation: MainActor.shared
    ).summary, "fog", "an isolated parameter")

  let observer = MainObserver().everyBuiltIn(logger, tracker: tracker)
  expect(observer.observe(1), 1, "an isolated conformance")
  expect(observer.observe(2), 2, "an isolated conformance, again")

  let describer = Describing().everyBuiltIn(logger, tracker: tracker)
  expect(describer.describe(42), "42", "an opaque parameter")
  expect(describer.pick([1, "a"]), 2, "existentials")

  let packs = Packing().everyBuiltIn(logger, tracker: tracker)
  expect(packs.count(1, "a", 2.0), 3, "a parameter pack")

  // The async call first, as for the menus.
  let deferred = Deferred().everyBuiltIn(logger, tracker: tracker)
  expect(await deferred.later(6), 6, "an escaping autoclosure")
  expect(deferred.evaluate(5), 5, "an autoclosure")

  let settings = Settings().everyBuiltIn(logger, tracker: tracker)
  expect(settings.theme, "dark", "an observable model's property")
  expect(await settings.reset(), "light", "an observable model's method")

  let versions = Versions().everyBuiltIn(logger, tracker: tracker)
  expect(versions.newer(), 2, "an available requirement")
  expect(versions.save(), true, "a discardable result")
}
