import AspectDecorators
import FixtureCatalog
import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerRenderer
import VeneerRuntime

/// Records waits instead of waiting.
final class RecordedSleeps: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Duration] = []
  var durations: [Duration] { lock.withLock { storage } }
  func sleep(_ duration: Duration) async { lock.withLock { storage.append(duration) } }
}

/// A `Service` that fails a set number of times before it answers.
final class FlakyService: Service, @unchecked Sendable {
  private let lock = NSLock()
  private var failuresLeft: Int
  private(set) var calls = 0

  init(failures: Int) { failuresLeft = failures }

  func callAsFunction(input: String) async throws -> Int {
    try lock.withLock {
      calls += 1
      if failuresLeft > 0 {
        failuresLeft -= 1
        throw TestFailure()
      }
      return input.count
    }
  }
}

@Suite("Example aspects: Delay, Guard, MainActor delivery")
struct AspectTests {
  static let aspects = ["Delay", "Guard", "MainActorDelivery"].map {
    repositoryRoot.appendingPathComponent("Templates/Aspects/\($0).stencil").path
  }

  /// The built-ins FixtureDecorators holds (what `--all` gives), which the fixtures'
  /// annotations ask for.
  static let writtenElsewhere = BuiltInDecorators.all.filter { !$0.isOptIn }.map(\.typedName)

  @Test func checkedInAspectsAreCurrent() throws {
    let output = repositoryRoot.appendingPathComponent("Tests/AspectDecorators").path
    let generation = Generator().generate(
      Configuration(
        sources: [repositoryRoot.appendingPathComponent("Tests/FixtureCatalog").path],
        output: output, templates: Self.aspects, writtenElsewhere: Self.writtenElsewhere,
        imports: ["FixtureCatalog", "VeneerRuntime"], decorateAll: true))
    #expect(!generation.hasErrors)
    #expect(
      try OutputFolder(path: output).plan(generation.files).changes.map(\.name) == [],
      "regenerate: bash Scripts/regenerate")
  }

  @Test func delayWaitsBeforeEachAsyncCallOnly() async {
    let counter = CallCounter()
    let sleeps = RecordedSleeps()
    let shows = DelayShowService(
      SlowShowService(counter: counter), delay: .milliseconds(300), sleep: sleeps.sleep)
    _ = await shows.allShows()
    await shows.markShowAsWatched(Show(id: 1, title: "Severance"), until: .now)
    #expect(sleeps.durations == [.milliseconds(300), .milliseconds(300)])
    #expect(counter.calls == ["allShows()", "markShowAsWatched(Severance)"])

    // Synchronous requirements are forwarded without a wait.
    let users = CountingUserService(counter: counter).withDelay(.seconds(5))
    #expect(users.authenticate(username: "ada", password: "right")?.name == "ada")
  }

  @Test func guardThrowsWithoutCallingWhenRefused() async throws {
    let counter = CallCounter()
    let refused = CountingUserRepository(counter: counter).withGuard { false }
    await #expect(throws: GuardDenied(requirement: "UserRepository.user(named:)")) {
      try await refused.user(named: "ada")
    }
    #expect(counter.calls == [])

    let allowed = CountingUserRepository(counter: counter).withGuard { true }
    #expect(try await allowed.user(named: "ada").name == "ada")
    // Typed throws cannot throw GuardDenied, so that requirement is forwarded unguarded.
    try await refused.resetPassword(for: User(name: "ada"), token: "fresh")
    #expect(counter.calls == ["user(ada)", "resetPassword(fresh)"])
  }

  /// The main actor runs its jobs on the main dispatch queue (on Linux not always on the main
  /// thread), so a value set on that queue tells where a handler runs.
  static let mainQueueKey = DispatchSpecificKey<Bool>()

  @Test func mainActorDeliveryCallsHandlersOnTheMainActor() async {
    DispatchQueue.main.setSpecific(key: Self.mainQueueKey, value: true)
    let delivered = await withCheckedContinuation { continuation in
      // The loader calls back on whatever thread it is on; the decorator moves the call.
      Task.detached {
        #expect(DispatchQueue.getSpecific(key: Self.mainQueueKey) == nil)
        FailingLoader(fails: false).onMainActor.load { result in
          continuation.resume(
            returning: (DispatchQueue.getSpecific(key: Self.mainQueueKey), try? result.get()))
        }
      }
    }
    #expect(delivered.0 == true)
    #expect(delivered.1 == ["a", "b"])
  }
}
