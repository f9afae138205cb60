import FixtureCatalog
import FixtureDecorators
import Foundation
import Logging
import TestSupport
import Testing
import VeneerRuntime

/// A user says how it is logged: a type without `CustomLogStringConvertible` is logged as its
/// type alone (`User(…)`), since a struct may hold a secret.
extension User: CustomLogStringConvertible {
  public var logDescription: String { "User(name: \(name))" }
}

@Suite("Logging decorators")
struct LoggingDecoratorTests {
  @Test func logsCallArgumentsAndResultThenForwardsExactly() async throws {
    let recorder = LogRecorder()
    let counter = CallCounter()
    let repository = CountingUserRepository(counter: counter).withLogging(recorder.logger())
    let user = try await repository.user(named: "ada")
    #expect(user == User(name: "ada"))
    #expect(counter.calls == ["user(ada)"])
    let records = recorder.records
    #expect(
      records.map(\.message) == [
        "UserRepository.user(named:) called", "UserRepository.user(named:) returned",
      ])
    #expect(records[0].metadata == ["name": "ada"])
    #expect(records[0].level == .debug)
    #expect(records[1].metadata["result"] == "User(name: ada)")
    #expect(records[1].metadata["duration"]?.hasSuffix("ms") == true)
  }

  /// Records name the decorator's module, file, function and line, where a log filter or an
  /// alert by source looks for them, never the runtime's.
  @Test func recordsPointAtTheDecoratorNotTheRuntime() async throws {
    let recorder = LogRecorder()
    let repository = CountingUserRepository(counter: CallCounter()).withLogging(recorder.logger())
    _ = try await repository.user(named: "ada")
    let places = recorder.places
    #expect(places.count == 2)
    for place in places {
      #expect(place.source == "FixtureDecorators")
      #expect(place.file == "FixtureDecorators/UserRepository+Decorators.swift")
      #expect(place.function == "user(named:)")
    }
    // Both name the line of the checked-in decorator that made the call.
    let decorator = try String(
      contentsOf: repositoryRoot.appendingPathComponent(
        "Tests/FixtureDecorators/UserRepository+Decorators.swift"),
      encoding: .utf8
    ).split(separator: "\n", omittingEmptySubsequences: false)
    let logging = try #require(decorator.firstIndex { $0.contains("struct LoggingUserRepository") })
    let call = try #require(decorator[logging...].firstIndex { $0.contains("__LoggedCall(") })
    #expect(places.map(\.line) == [UInt(call + 1), UInt(call + 1)])
  }

  /// Requirements that Foundation or an extension give defaults are the base's all the same.
  @Test func defaultedRequirementsAreForwardedNotDefaulted() {
    struct Refusal: DescribedFailure {
      var code: Int { 403 }
      var description: String { "Refusal(403)" }
      var errorDescription: String? { "refused" }
      var failureReason: String? { "no permission" }
      var recoverySuggestion: String? { "ask an owner" }
      var helpAnchor: String? { "permissions" }
      func retryDelay() -> Int { 30 }
      var customMirror: Mirror { Mirror(self, children: ["code": code]) }
    }
    let recorder = LogRecorder()
    let decorated = Refusal().withLogging(recorder.logger())
    #expect(decorated.errorDescription == "refused")
    #expect(decorated.failureReason == "no permission")
    #expect(decorated.recoverySuggestion == "ask an owner")
    #expect(decorated.helpAnchor == "permissions")
    #expect(decorated.description == "Refusal(403)")
    #expect(decorated.retryDelay() == 30)
    // CustomReflectable's one requirement, as the standard library declares it.
    #expect(decorated.customMirror.children.map(\.label) == ["code"])
    #expect(
      recorder.records.map(\.message) == [
        "DescribedFailure.retryDelay() called", "DescribedFailure.retryDelay() returned",
      ])
  }

  /// Each call's lines carry its own number, so overlapping calls' lines can be joined.
  @Test func eachCallsLinesShareACallIdentifier() async throws {
    let recorder = LogRecorder()
    let repository = CountingUserRepository(counter: CallCounter()).withLogging(recorder.logger())
    await withTaskGroup(of: Void.self) { group in
      for name in ["ada", "bob", "cy", "di"] {
        group.addTask { _ = try? await repository.user(named: name) }
      }
    }
    let records = recorder.records
    #expect(records.count == 8)
    let byCall = Dictionary(grouping: records) { $0.callID ?? "" }
    #expect(byCall.count == 4)
    for lines in byCall.values {
      #expect(
        lines.map(\.message).sorted() == [
          "UserRepository.user(named:) called", "UserRepository.user(named:) returned",
        ])
      let name = lines.first { $0.message.hasSuffix("called") }?.metadata["name"] ?? ""
      #expect(
        lines.first { $0.message.hasSuffix("returned") }?.metadata["result"]
          == "User(name: \(name))")
    }
    // With the level off, nothing is numbered.
    let quiet = LogRecorder()
    let silent = CountingUserRepository(counter: CallCounter()).withLogging(
      quiet.logger(level: .info))
    _ = try await silent.user(named: "ada")
    #expect(quiet.records.isEmpty)
  }

  @Test func secretsAreRedactedByNameAndByAnnotation() async throws {
    let recorder = LogRecorder()
    let counter = CallCounter()
    let service = CountingUserService(counter: counter).withLogging(recorder.logger())
    #expect(service.authenticate(username: "ada", password: "right") == User(name: "ada"))
    #expect(counter.calls == ["authenticate(ada,right)"])
    #expect(recorder.records[0].metadata == ["username": "ada", "password": "<redacted>"])

    let repository = CountingUserRepository(counter: counter).withLogging(recorder.logger())
    try await repository.resetPassword(for: User(name: "ada"), token: "t0k3n")
    let reset = recorder.records.first { $0.message.hasPrefix("UserRepository.resetPassword") }
    #expect(reset?.metadata["token"] == "<redacted>")
    #expect(
      !recorder.records.contains {
        $0.metadata.values.contains("right") || $0.metadata.values.contains("t0k3n")
      })
  }

  @Test func errorsAreLoggedAtTheErrorLevelAndRethrownWithTheirType() async {
    let recorder = LogRecorder()
    let repository = CountingUserRepository(counter: CallCounter()).withLogging(recorder.logger())
    await #expect(throws: UserRepositoryError(reason: "expired")) {
      try await repository.resetPassword(for: User(name: "ada"), token: "expired")
    }
    let failure = recorder.records.last
    #expect(failure?.message == "UserRepository.resetPassword(for:token:) threw")
    #expect(failure?.level == .error)
  }

  /// With the call's level off, only its error is logged, at the error level, without a
  /// duration: the call was never timed, so that a quiet decorator costs one level check.
  @Test func aCallWhoseLevelIsOffLogsOnlyItsErrorWithoutADuration() async throws {
    let recorder = LogRecorder()
    let repository = CountingUserRepository(counter: CallCounter()).withLogging(
      recorder.logger(level: .info))
    _ = try await repository.user(named: "ada")
    #expect(recorder.records.isEmpty)
    await #expect(throws: UserRepositoryError(reason: "expired")) {
      try await repository.resetPassword(for: User(name: "ada"), token: "expired")
    }
    let records = recorder.records
    #expect(records.map(\.message) == ["UserRepository.resetPassword(for:token:) threw"])
    #expect(records.first?.level == .error)
    #expect(records.first?.metadata["duration"] == nil)
    #expect(records.first?.callID == "-")
  }

  @Test func completionHandlerResultsAreLoggedAndDeliveredOnce() {
    let recorder = LogRecorder()
    let repo = CountingPostRepo(counter: CallCounter(), failingIDs: [2]).withLogging(
      recorder.logger())
    let deliveries = Deliveries<Result<Post, any Error>>()
    repo.getPost(id: 1) { deliveries.append($0) }
    repo.getPost(id: 2) { deliveries.append($0) }
    #expect(deliveries.values.count == 2)
    #expect(
      recorder.records.map(\.message) == [
        "PostRepo.getPost(id:completion:) called", "PostRepo.getPost(id:completion:) returned",
        "PostRepo.getPost(id:completion:) called", "PostRepo.getPost(id:completion:) threw",
      ])
  }

  /// Generic requirements get the runtime's handler, not a closure of their own.
  @Test func genericCompletionHandlersAreLoggedTrackedAndDeliveredOnce() {
    let recorder = LogRecorder()
    let tracker = RecordingTracker()
    let client = JSONHttpClient(responses: ["/count": "3", "/names": #"["a","b"]"#])
      .withLogging(recorder.logger()).withAnalytics(tracker)
    let counts = Deliveries<Int?>()
    let names = Deliveries<[String]?>()
    client.get("/count") { (result: Result<Int, any Error>) in counts.append(try? result.get()) }
    client.get("/names") { (result: Result<[String], any Error>) in
      names.append(try? result.get())
    }
    client.get("/missing") { (result: Result<Int, any Error>) in counts.append(try? result.get()) }
    #expect(counts.values == [3, nil])
    #expect(names.values == [["a", "b"]])
    #expect(
      recorder.records.map(\.message)
        == ["called", "returned", "called", "returned", "called", "threw"].map {
          "HttpClient.get(_:completion:) \($0)"
        })
    // Strings inside a collection are never written: only its type and size.
    #expect(recorder.records[3].metadata["result"] == "Array<String> (2 elements)")
    #expect(tracker.names == ["http_client.get", "http_client.get", "http_client.get_failed"])

    client.fetch("/count") { (value: Int?, _) in counts.append(value) }
    #expect(counts.values == [3, nil, 3])
    #expect(recorder.records.last?.message == "HttpClient.fetch(_:completion:) completed")
    #expect(recorder.records.last?.metadata["result"] == "3, nil")
    #expect(tracker.names.last == "http_client.fetch")
  }

  @Test func nothingIsLoggedBelowTheLoggersLevel() async throws {
    let recorder = LogRecorder()
    let repository = CountingUserRepository(counter: CallCounter())
      .withLogging(recorder.logger(level: .info))
    _ = try await repository.user(named: "ada")
    #expect(recorder.records.isEmpty)
  }

  @Test func existentialsCanBeDecoratedAndComposed() async throws {
    let recorder = LogRecorder()
    let tracker = RecordingTracker()
    let counter = CallCounter()
    let existential: any UserRepository = CountingUserRepository(counter: counter)
    let decorated = existential.withLogging(recorder.logger()).withAnalytics(tracker)
    _ = try await decorated.user(named: "ada")
    #expect(counter.count("user") == 1)
    #expect(recorder.records.count == 2)
    #expect(tracker.names == ["user_repository.user"])
  }
}
