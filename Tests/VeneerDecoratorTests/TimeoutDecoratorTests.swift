import FixtureCatalog
import Foundation
import ServerDecorators
import Testing
import VeneerRuntime

/// Timeout decorators, generated from the fixture catalog: a call that ends in time is
/// answered as it is; one that does not is cancelled and ends with `TimeoutError`.
@Suite("Timeout decorators")
struct TimeoutDecoratorTests {
  /// A repository whose calls wait `delay`, and which records whether they saw cancellation.
  struct WaitingUserRepository: UserRepository {
    let delay: Duration
    let cancelled = Deliveries<String>()

    func user(named name: String) async throws -> User {
      try await wait("user(named:)")
      return User(name: name)
    }
    func save(_ user: User) async throws {
      try await wait("save(_:)")
    }
    func resetPassword(for user: User, token: String) async throws(UserRepositoryError) {
      try? await Task.sleep(for: delay)
      throw UserRepositoryError(reason: "expired")
    }
    private func wait(_ requirement: String) async throws {
      do {
        try await Task.sleep(for: delay)
      } catch {
        cancelled.append(requirement)
        throw error
      }
    }
  }

  @Test func aCallThatEndsInTimeIsAnsweredAsItIs() async throws {
    let counter = CallCounter()
    let repository = CountingUserRepository(counter: counter).withTimeout(.seconds(30))
    #expect(try await repository.user(named: "ada") == User(name: "ada"))
    try await repository.save(User(name: "ada"))
    #expect(counter.count("user") == 1 && counter.count("save") == 1)
  }

  @Test func aCallPastItsDeadlineIsCancelledAndThrowsTimeoutError() async throws {
    let base = WaitingUserRepository(delay: .seconds(30))
    let repository = base.withTimeout(.milliseconds(20))
    let error = await #expect(throws: TimeoutError.self) {
      try await repository.user(named: "ada")
    }
    #expect(
      error == TimeoutError(requirement: "UserRepository.user(named:)", deadline: .milliseconds(20))
    )
    #expect(error?.description == "UserRepository.user(named:) did not finish within 0.02 seconds")
    // The base's task was cancelled: it saw so, and the call did not wait out its 30 s.
    #expect(base.cancelled.values == ["user(named:)"])
  }

  @Test func theBasesOwnErrorPassesThrough() async throws {
    let repository = LengthService(counter: CallCounter()).withTimeout(.seconds(30))
    await #expect(throws: TestFailure.self) { try await repository(input: "") }
    #expect(try await repository(input: "four") == 4)
  }

  /// `save(_:)` is annotated `timeout(seconds: 0.05)`: its own deadline, not the decorator's.
  @Test func anAnnotatedRequirementKeepsItsOwnDeadline() async throws {
    let base = WaitingUserRepository(delay: .seconds(30))
    let repository = base.withTimeout(.seconds(60))
    let error = await #expect(throws: TimeoutError.self) {
      try await repository.save(User(name: "ada"))
    }
    #expect(error?.deadline == .milliseconds(50))
    #expect(base.cancelled.values == ["save(_:)"])
  }

  /// Typed throws cannot carry `TimeoutError`: forwarded as it is, the base's error unchanged.
  @Test func aRequirementWithTypedThrowsIsForwarded() async throws {
    let repository = WaitingUserRepository(delay: .milliseconds(50))
      .withTimeout(.milliseconds(1))
    await #expect(throws: UserRepositoryError(reason: "expired")) {
      try await repository.resetPassword(for: User(name: "ada"), token: "t")
    }
  }

  /// A caller's cancellation reaches the base, and the call ends with it, not with a timeout.
  @Test func theCallersCancellationReachesTheBase() async throws {
    let base = WaitingUserRepository(delay: .seconds(30))
    let repository = base.withTimeout(.seconds(60))
    let call = Task { try await repository.user(named: "ada") }
    try await Task.sleep(for: .milliseconds(20))
    call.cancel()
    await #expect(throws: CancellationError.self) { try await call.value }
    #expect(base.cancelled.values == ["user(named:)"])
  }
}
