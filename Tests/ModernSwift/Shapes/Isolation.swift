// Isolation as Swift 6.2 and 6.3 write it. Every protocol here is decorated by every built-in.

/// Not Sendable: a class with mutable state, as app models are; nonisolated, so that a target
/// isolated to the main actor by default can make one anywhere.
nonisolated public final class Forecast {
  public var summary: String

  public init(summary: String) {
    self.summary = summary
  }
}

@globalActor
public actor DatabaseActor {
  public static let shared = DatabaseActor()
}

/// A whole protocol on the main actor: view models and screens.
@MainActor
public protocol ScreenModel {
  var title: String { get }
  func render() -> String
  func reload() async throws -> Int
  func forecast(city: String) async throws -> Forecast
}

/// On the main actor, with requirements that are not.
@MainActor
public protocol MixedIsolation {
  nonisolated func identifier() -> String
  nonisolated var version: Int { get }
  func refresh() async -> Int
}

/// On an actor of the user's own.
@DatabaseActor
public protocol RecordStore {
  func save(_ value: Int) async throws
  func count() -> Int
}

/// One requirement on the main actor, the others not isolated.
public protocol PartlyOnMain {
  @MainActor func show(_ text: String) -> Int
  func compute() async -> Int
}

/// The caller's actor, handed in.
public protocol CallerIsolated {
  func run(isolation: isolated (any Actor)?) async -> Int
  func runWithDefault(isolation: isolated (any Actor)?) async throws -> Forecast
}

/// Runs on the caller's actor (SE-0461), or on the global executor.
public protocol ExecutorChoice: Sendable {
  nonisolated(nonsending) func fetch(city: String) async throws -> Forecast
  @concurrent func compute(_ value: Int) async -> Int
}

/// A closure that carries its isolation.
public protocol Scheduler: Sendable {
  func schedule(_ job: @escaping @isolated(any) @Sendable () async -> Void)
}

/// Sendable, with a non-Sendable result.
public protocol WeatherService: Sendable {
  func forecast(city: String) async throws -> Forecast
  func temperatures() async -> [Double]
}

/// An actor's protocol: its requirements async, since a decorating actor calls another.
public protocol Counter: Actor {
  func increment() async -> Int
  func reset() async
}

/// A protocol conformed to with an isolated conformance (SE-0470): `@MainActor Observer`.
public protocol Observer {
  func observe(_ value: Int) -> Int
}
