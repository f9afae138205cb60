import FixtureCatalog
import FixtureDecorators
import Foundation
import TestSupport
import Testing
import VeneerRuntime

@Suite("The Intercepting decorator: before, after and instead, typed")
struct InterceptingTests {
  @Test func beforeAndAfterSeeTheArgumentsAndTheOutcome() async throws {
    let counter = CallCounter()
    let seen = Deliveries<String>()
    let service = LengthService(counter: counter).intercepted { hooks in
      hooks.callAsFunction.before = { input in seen.append("before \(input)") }
      hooks.callAsFunction.after = { input, result in
        switch result {
        case .success(let length): seen.append("after \(input) → \(length)")
        case .failure(let error): seen.append("after \(input) → \(error)")
        }
      }
    }
    #expect(try await service(input: "four") == 4)
    await #expect(throws: TestFailure.self) { try await service(input: "") }
    #expect(
      seen.values == ["before four", "after four → 4", "before ", "after  → TestFailure()"])
    #expect(counter.calls == ["call(four)", "call()"])
  }

  @Test func insteadReplacesTheCallAndMayCallTheOriginal() async throws {
    let counter = CallCounter()
    let doubled = LengthService(counter: counter).intercepted { hooks in
      hooks.callAsFunction.instead = { input, original in try await original(input + input) }
    }
    #expect(try await doubled(input: "ab") == 4)
    #expect(counter.calls == ["call(abab)"])

    let cached = LengthService(counter: counter).intercepted { hooks in
      hooks.callAsFunction.instead = { _, _ in 42 }
    }
    #expect(try await cached(input: "ab") == 42)
    #expect(counter.calls == ["call(abab)"])
  }

  /// Several parameters travel as a tuple labelled with their names; typed errors stay typed.
  @Test func labelledArgumentsAndTypedErrors() async throws {
    let counter = CallCounter()
    let tokens = Deliveries<String>()
    let repository = CountingUserRepository(counter: counter).intercepted { hooks in
      hooks.resetPassword.before = { arguments in tokens.append(arguments.token) }
      hooks.resetPassword.instead = { arguments, original throws(UserRepositoryError) in
        try await original((user: arguments.user, token: arguments.token))
      }
      hooks.resetPassword.after = { arguments, result in
        if case .failure(let error) = result {
          tokens.append("\(arguments.user.name): \(error.reason)")
        }
      }
    }
    try await repository.resetPassword(for: User(name: "ada"), token: "fresh")
    do {
      try await repository.resetPassword(for: User(name: "ada"), token: "expired")
      Issue.record("expected a UserRepositoryError")
    } catch {
      // `error` is a UserRepositoryError here, not `any Error`.
      #expect(error.reason == "expired")
    }
    #expect(tokens.values == ["fresh", "expired", "ada: expired"])
  }

  /// `func index(in:of:default:)` names its parameters `in` and `default`: every decorator
  /// uses them in backticks, and the arguments tuple is labelled with them.
  @Test func parametersNamedAfterKeywordsAreForwarded() {
    let seen = Deliveries<String>()
    let recorder = LogRecorder()
    let spelling = KeywordSpelling().withLogging(recorder.logger()).withCaching()
      .intercepted { hooks in
        hooks.index.before = { arguments in
          seen.append("\(arguments.in) \(arguments.of) \(arguments.default)")
        }
      }
    #expect(spelling.index(in: [3, 5], of: 5, default: -1) == 1)
    #expect(spelling.index(in: [3, 5], of: 5, default: -1) == 1)
    #expect(spelling.index(in: [3], of: 5, default: -1) == -1)
    #expect(seen.values == ["[3, 5] 5 -1", "[3, 5] 5 -1", "[3] 5 -1"])
    // The second call was answered from the cache, before the logging decorator.
    #expect(
      recorder.records.filter { $0.message.hasSuffix("called") }.map(\.metadata) == [
        ["in": "[3, 5]", "of": "5", "default": "-1"], ["in": "[3]", "of": "5", "default": "-1"],
      ])
  }

  @Test func rawIdentifiersAreDecoratedAndTheirOverloadsInterceptedApart() {
    let recorder = LogRecorder()
    let spelling = KeywordSpelling().withLogging(recorder.logger()).withCaching()
      .intercepted { hooks in
        hooks.`count (all)Of`.instead = { values, original in original(values) * 10 }
      }
    #expect(spelling.`count (all)`(of: [1, 2, 3]) == 30)
    #expect(spelling.`count (all)`(in: "abcd") == 4)
    #expect(
      recorder.records.map(\.message) == [
        "Spelling.`count (all)`(of:) called", "Spelling.`count (all)`(of:) returned",
        "Spelling.`count (all)`(in:) called", "Spelling.`count (all)`(in:) returned",
      ])
  }

  @Test func synchronousAndCompletionRequirementsAreInterceptedToo() throws {
    let counter = CallCounter()
    let users = CountingUserService(counter: counter).intercepted { hooks in
      hooks.authenticate.instead = { arguments, original in
        arguments.username == "blocked" ? nil : original(arguments)
      }
    }
    #expect(users.authenticate(username: "blocked", password: "right") == nil)
    #expect(users.authenticate(username: "ada", password: "right")?.name == "ada")
    #expect(counter.calls == ["authenticate(ada,right)"])

    let ids = Deliveries<Int>()
    let posts = CountingPostRepo(counter: counter).intercepted { hooks in
      hooks.getPost.before = { arguments in ids.append(arguments.id) }
    }
    let titles = Deliveries<String>()
    posts.getPost(id: 7) { titles.append((try? $0.get().title) ?? "failed") }
    #expect(ids.values == [7])
    #expect(titles.values == ["Post 7"])
  }

  @Test func withoutAdviceCallsAreForwarded() async {
    let counter = CallCounter()
    let shows = SlowShowService(counter: counter).intercepted { _ in }
    #expect(await shows.allShows().map(\.title) == ["Severance"])
    #expect(counter.calls == ["allShows()"])
  }

  @Test func asyncRequirementsThatCannotThrowTakeAdviceToo() async {
    let counter = CallCounter()
    let shows = SlowShowService(counter: counter).intercepted { hooks in
      hooks.allShows.instead = { _, original in
        await original(()).reversed() + [Show(id: 0, title: "Pilot")]
      }
    }
    #expect(await shows.allShows().map(\.title) == ["Severance", "Pilot"])
    #expect(counter.calls == ["allShows()"])
  }

  /// A hook of the wrong type is a compile error, not a runtime surprise.
  @Test func adviceOfTheWrongTypeDoesNotCompile() throws {
    let folder = try TemporaryFolder()
    let source = try folder.write(
      "WrongHook.swift",
      """
      import FixtureCatalog
      import FixtureDecorators
      func configure(_ service: some Service<String, Int>) {
        _ = service.intercepted { hooks in
          hooks.callAsFunction.before = { (input: Int) in }
        }
      }
      """)
    let (status, output) = try typeCheck([source])
    #expect(status != 0)
    #expect(
      output.contains("error: cannot assign value of type '@Sendable (Int) -> ()'"), "\(output)")
  }
}
