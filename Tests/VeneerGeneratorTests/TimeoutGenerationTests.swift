import Testing

/// The timeout built-in as a user meets it: asked for by an annotation, its deadline set in
/// `veneer.yml` or per requirement, each mistake located, and what it cannot time said.
@Suite("Generating timeout decorators")
struct TimeoutGenerationTests {
  static let feed = """
    public struct Item: Sendable, Hashable {}

    // veneer: timeout
    public protocol Feed: Sendable {
      func items(page: Int) async throws -> [Item]
      // veneer: timeout(seconds: 0.5)
      func refresh() async throws
      func count() -> Int
      func next() async -> Item?
    }

    """

  @Test func theDefaultDeadlineComesFromOptionsAndTheCodeTypeChecks() throws {
    let project = try Project([
      "Sources/Feed.swift": Self.feed,
      "veneer.yml": "sources: Sources\noutput: Out\noptions:\n  timeout: {seconds: 5}\n",
    ])
    let (generation, diagnostics) = project.generate()
    #expect(
      diagnostics == [
        "Sources/Feed.swift:8:3: note: the timeout decorator forwards count() without a "
          + "deadline: it is synchronous, and only an async call can be cancelled when its "
          + "deadline passes",
        "Sources/Feed.swift:9:3: note: the timeout decorator forwards next() without a "
          + "deadline: it cannot throw TimeoutError",
      ])
    let file = try #require(generation.files.first).contents
    #expect(file.contains("public init(_ base: Base, deadline: Duration = .seconds(5)) {"))
    #expect(file.contains("public func withTimeout(_ deadline: Duration = .seconds(5)) ->"))
    #expect(file.contains(#"__TimedCall.run("Feed.items(page:)", deadline: deadline)"#))
    #expect(file.contains(#"__TimedCall.run("Feed.refresh()", deadline: .seconds(0.5))"#))
    let checked = try project.typeCheckGenerated(flags: ["-warnings-as-errors"])
    #expect(checked.status == 0, "\(checked.errors)")
  }

  /// Without a default in `options`, the decorator is given its deadline when it is made.
  @Test func withoutOptionsTheDeadlineIsRequired() throws {
    let project = try Project([
      "Sources/Feed.swift": Self.feed, "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    let file = project.file("Feed+Decorators.swift")
    #expect(file.contains("public init(_ base: Base, deadline: Duration) {"))
    #expect(file.contains("public func withTimeout(_ deadline: Duration) ->"))
  }

  /// An option reaches code as the number it was checked to be, not as its text.
  @Test func anOptionIsRenderedAsTheNumberItIs() throws {
    let project = try Project([
      "Sources/Feed.swift": Self.feed,
      "veneer.yml": "sources: Sources\noutput: Out\noptions:\n  timeout: {seconds: 0x10}\n",
    ])
    #expect(
      project.file("Feed+Decorators.swift").contains(
        "public init(_ base: Base, deadline: Duration = .seconds(16)) {"))
  }

  /// A requirement that skips the timeout decorator is forwarded without a note.
  @Test func aSkippedRequirementIsForwardedSilently() throws {
    let project = try Project([
      "Sources/Feed.swift": """
      // veneer: timeout
      public protocol Feed: Sendable {
        // veneer: skip(timeout)
        func count() -> Int
        // veneer: skip(timeout)
        func items(page: Int) async throws -> [Int]
      }

      """,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    #expect(project.generate().diagnostics == [])
    #expect(!project.file("Feed+Decorators.swift").contains("__TimedCall"))
  }

  /// A protocol that is not Sendable cannot send its calls into a task of their own.
  @Test func aProtocolThatIsNotSendableIsForwardedWithANote() throws {
    let project = try Project([
      "Sources/Feed.swift": """
      // veneer: timeout
      public protocol Feed {
        func items(page: Int) async throws -> [Int]
      }

      """,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    #expect(
      project.generate().diagnostics == [
        "Sources/Feed.swift:3:3: note: the timeout decorator forwards items(page:) without a "
          + "deadline: Feed is not Sendable, so its calls cannot run in a task of their own"
      ])
    #expect(!project.file("Feed+Decorators.swift").contains("__TimedCall"))
  }

  @Test(arguments: [
    (
      "timeout: {seconds: -1}",
      "veneer.yml:4:22: error: 'seconds' must be a positive number of seconds"
    ),
    (
      "timeout: {second: 5}",
      "veneer.yml:4:13: error: unknown key 'second' in 'timeout'; did you mean 'seconds'?; "
        + "known keys: seconds"
    ),
    (
      "timeout: {seconds: soon}",
      "veneer.yml:4:22: error: 'seconds' must be a number of seconds, not soon"
    ),
  ])
  func badOptionsAreLocatedErrors(options: String, expected: String) throws {
    let project = try Project([
      "Sources/Feed.swift": Self.feed,
      "veneer.yml": "sources: Sources\noutput: Out\noptions:\n  \(options)\n",
    ])
    #expect(project.generate().diagnostics.first == expected)
  }

  @Test func annotationsAreCheckedAsTheBuiltInDeclaresThem() throws {
    let project = try Project([
      "Sources/Feed.swift": """
      public protocol Feed: Sendable {
        // veneer: timeout(secs: 5)
        func items() async throws -> [Int]
        // veneer: timeout(seconds: "5")
        func more() async throws -> [Int]
      }

      """,
      "veneer.yml": "sources: Sources\noutput: Out\ntemplates: [timeout]\nselection: all\n",
    ])
    #expect(
      project.generate().diagnostics == [
        "Sources/Feed.swift:2:14: error: 'timeout' has no argument 'secs' (known: seconds)",
        "Sources/Feed.swift:4:14: error: 'timeout(seconds:)' must be a number of seconds, "
          + "not \"5\"",
      ])
  }
}
