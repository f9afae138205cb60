import Testing
import VeneerGenerator
import VeneerParser
import VeneerRenderer
import VeneerSupport
import VeneerTemplates

/// One protocol in, one built-in template's decorator out, side by side: each pins a feature
/// of the built-in templates without regenerating the fixture catalog, and a difference is
/// reported as a unified diff from the expected decorator to the rendered one. The fixture
/// catalog's decorators are compiled and called elsewhere; these show what a feature writes.
@Suite("Snippets: a protocol and the decorator a template writes for it")
struct SnippetTests {
  /// The decorator `template` renders for the one protocol `source` declares (after its other
  /// declarations, such as a result enum).
  static func decorator(of source: String, template name: String) throws -> String {
    let catalog = ProtocolParser.resolve([
      ProtocolParser.withBuiltIns.parse(source: source, file: "Snippet.swift")
    ])
    #expect(catalog.diagnostics.isEmpty)
    let proto = try #require(catalog.protocols.first)
    let source = try #require(BuiltInTemplates.all.first { $0.name == name })
    let template = try CompiledTemplate.compile(source).get()
    let plan = try ProtocolPlan.make(for: proto, decoratorPlans: template.plansRead).get()
    #expect(plan.diagnostics.isEmpty)
    return try template.render(plan)
  }

  static func expect(
    _ source: String, _ template: String, renders expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let rendered = try decorator(of: source, template: template)
    guard rendered != expected else { return }
    Issue.record(
      Comment(
        rawValue: UnifiedDiff.make(
          old: expected, new: rendered, oldLabel: "expected", newLabel: "rendered")),
      sourceLocation: sourceLocation)
  }

  /// A password never reaches the log, nor what a call given one returns.
  @Test func passwordAndWhatTheCallReturnsAreRedacted() throws {
    try Self.expect(
      #"""
      public protocol UserService {
        func authenticate(username: String, password: String) -> User?
      }
      """#,
      "Logging",
      renders: #"""
        /// Logs each call to a `UserService` and how it ended, then forwards it to `base`.
        public nonisolated struct LoggingUserService<Base: UserService>: UserService {
          public var base: Base
          public let logger: Logging.Logger
          public let level: Logging.Logger.Level
          public let errorLevel: Logging.Logger.Level

          public init(
            _ base: Base, logger: Logging.Logger, level: Logging.Logger.Level = .debug,
            errorLevel: Logging.Logger.Level = .error
          ) {
            self.base = base
            self.logger = logger
            self.level = level
            self.errorLevel = errorLevel
          }

          public func authenticate(username: String, password: String) -> User? {
            let call = __LoggedCall(
              logger: logger, level: level, errorLevel: errorLevel,
              requirement: "UserService.authenticate(username:password:)",
              arguments: [
                "username": __LoggedCall.privateValue(username), "password": __LoggedCall.redacted,
              ],
              results: .redacted)
            return call.run {
              base.authenticate(username: username, password: password)
            }
          }
        }

        nonisolated extension UserService {
          /// This `UserService`, logging each call to `logger`.
          public func withLogging(
            _ logger: Logging.Logger, level: Logging.Logger.Level = .debug,
            errorLevel: Logging.Logger.Level = .error
          ) -> LoggingUserService<Self> {
            LoggingUserService(self, logger: logger, level: level, errorLevel: errorLevel)
          }

          /// This `UserService`, logging each call to `logger`, for an existential.
          @_disfavoredOverload
          public func withLogging(
            _ logger: Logging.Logger, level: Logging.Logger.Level = .debug,
            errorLevel: Logging.Logger.Level = .error
          ) -> any UserService {
            LoggingUserService(self, logger: logger, level: level, errorLevel: errorLevel)
          }
        }
        """# + "\n")
  }

  /// A completion handler's success and failure are tracked, then the result forwarded.
  @Test func completionHandlerOutcomesAreTracked() throws {
    try Self.expect(
      #"""
      public protocol LoaderService {
        func load(completion: @escaping (Result<[String], Error>) -> Void)
      }
      """#,
      "Analytics",
      renders: #"""
        /// Tracks an analytics event for each call to a `LoaderService`, then forwards it to
        /// `base`.
        public nonisolated struct AnalyticsLoaderService<Base: LoaderService>: LoaderService {
          public var base: Base
          public let tracker: any AnalyticsTracker

          public init(_ base: Base, tracker: any AnalyticsTracker) {
            self.base = base
            self.tracker = tracker
          }

          public func load(completion: @escaping (Result<[String], Error>) -> Void) {
            let call = __TrackedCall(
              tracker: tracker, properties: [:], success: "loader_service.load",
              failure: "loader_service.load_failed")
            base.load { result in
              call.finished(result)
              completion(result)
            }
          }
        }

        nonisolated extension LoaderService {
          /// This `LoaderService`, tracking an event for each call.
          public func withAnalytics(_ tracker: any AnalyticsTracker) -> AnalyticsLoaderService<Self> {
            AnalyticsLoaderService(self, tracker: tracker)
          }

          /// This `LoaderService`, tracking an event for each call, for an existential.
          @_disfavoredOverload
          public func withAnalytics(_ tracker: any AnalyticsTracker) -> any LoaderService {
            AnalyticsLoaderService(self, tracker: tracker)
          }
        }
        """# + "\n")
  }

  /// A read is answered from the cache; a write is never, and invalidates the read.
  @Test func readsAreCachedAndWritesInvalidate() throws {
    try Self.expect(
      #"""
      public protocol PostRepo: Sendable {
        // veneer: cache
        func getPost(id: Int) async throws -> Post
        // veneer: invalidates(getPost)
        func createPost(title: String, body: String) async throws -> Post
      }
      """#,
      "Caching",
      renders: #"""
        /// Answers calls to a `PostRepo` from a cache when their arguments were seen
        /// before, and forwards the others to `base`.
        public nonisolated struct CachingPostRepo<Base: PostRepo>: PostRepo {
          public var base: Base
          let cache: __CallCache

          public init(_ base: Base, cache: any DecoratorCache) {
            self.base = base
            self.cache = __CallCache(cache)
          }

          public func getPost(id: Int) async throws -> Post {
            guard let key = cache.key(requirement: "PostRepo.getPost(id:) -> Post", arguments: id) else {
              return try await base.getPost(id: id)
            }
            return try await cache.value(
              for: key, timeToLive: nil,
              compute: { [base] () async throws -> Post in try await base.getPost(id: id) })
          }

          public func createPost(title: String, body: String) async throws -> Post {
            defer { cache.invalidate("PostRepo.getPost(id:) -> Post") }
            return try await base.createPost(title: title, body: body)
          }
        }

        nonisolated extension PostRepo {
          /// This `PostRepo`, answering repeated calls from `cache`.
          public func withCaching(_ cache: any DecoratorCache) -> CachingPostRepo<Self> {
            CachingPostRepo(self, cache: cache)
          }

          /// This `PostRepo`, answering repeated calls from `cache`, for an existential.
          @_disfavoredOverload
          public func withCaching(_ cache: any DecoratorCache) -> any PostRepo {
            CachingPostRepo(self, cache: cache)
          }

          /// This `PostRepo`, answering repeated calls from a new in-memory cache.
          public func withCaching(maximumEntryCount: Int = 1000) -> CachingPostRepo<Self> {
            CachingPostRepo(self, cache: InMemoryCache(maximumEntryCount: maximumEntryCount))
          }

          /// This `PostRepo`, answering repeated calls from a new in-memory cache, for an
          /// existential.
          @_disfavoredOverload
          public func withCaching(maximumEntryCount: Int = 1000) -> any PostRepo {
            CachingPostRepo(self, cache: InMemoryCache(maximumEntryCount: maximumEntryCount))
          }
        }
        """# + "\n")
  }

  /// An app's own `Result<T>` and a non-escaping handler: read as `Swift.Result`, cached, forwarded as they came.
  @Test func appsOwnResultEnumIsCachedThroughSwiftResult() throws {
    try Self.expect(
      #"""
      public enum Result<T> {
        case success(T)
        case failure(Error)
      }

      public protocol LegacyPostRepo {
        // veneer: cache
        func getPost(id: Int, completion: (Result<Post>) -> Void)
      }
      """#,
      "Caching",
      renders: #"""
        /// Answers calls to a `LegacyPostRepo` from a cache when their arguments were seen
        /// before, and forwards the others to `base`.
        public nonisolated struct CachingLegacyPostRepo<Base: LegacyPostRepo>: LegacyPostRepo {
          public var base: Base
          let cache: __CallCache

          public init(_ base: Base, cache: any DecoratorCache) {
            self.base = base
            self.cache = __CallCache(cache)
          }

          public func getPost(id: Int, completion: (Result<Post>) -> Void) {
            guard
              let key = cache.key(requirement: "LegacyPostRepo.getPost(id:completion:)", arguments: id)
            else {
              base.getPost(id: id, completion: completion)
              return
            }
            if let cached = cache.cachedValue(for: key, as: Post.self) {
              completion(.success(cached))
              return
            }
            let cache = self.cache
            base.getPost(id: id) { result in
              let outcome: Swift.Result<Post, any Swift.Error>
              switch result {
              case .success(let value): outcome = .success(value)
              case .failure(let error): outcome = .failure(error)
              }
              if case .success(let value) = outcome {
                cache.store(value, for: key, timeToLive: nil)
              }
              completion(result)
            }
          }
        }

        nonisolated extension LegacyPostRepo {
          /// This `LegacyPostRepo`, answering repeated calls from `cache`.
          public func withCaching(_ cache: any DecoratorCache) -> CachingLegacyPostRepo<Self> {
            CachingLegacyPostRepo(self, cache: cache)
          }

          /// This `LegacyPostRepo`, answering repeated calls from `cache`, for an existential.
          @_disfavoredOverload
          public func withCaching(_ cache: any DecoratorCache) -> any LegacyPostRepo {
            CachingLegacyPostRepo(self, cache: cache)
          }

          /// This `LegacyPostRepo`, answering repeated calls from a new in-memory cache.
          public func withCaching(maximumEntryCount: Int = 1000) -> CachingLegacyPostRepo<Self> {
            CachingLegacyPostRepo(self, cache: InMemoryCache(maximumEntryCount: maximumEntryCount))
          }

          /// This `LegacyPostRepo`, answering repeated calls from a new in-memory cache, for an
          /// existential.
          @_disfavoredOverload
          public func withCaching(maximumEntryCount: Int = 1000) -> any LegacyPostRepo {
            CachingLegacyPostRepo(self, cache: InMemoryCache(maximumEntryCount: maximumEntryCount))
          }
        }
        """# + "\n")
  }

  /// A generic service called as a function: typed advice before, after or instead of it.
  @Test func primaryAssociatedTypesGetTypedAdvice() throws {
    try Self.expect(
      #"""
      public protocol Service<Input, Output>: Sendable {
        associatedtype Input: Sendable
        associatedtype Output: Sendable
        func callAsFunction(input: Input) async throws -> Output
      }
      """#,
      "Intercepting",
      renders: #"""
        /// Runs advice before, after or instead of calls to a `Service`, which it
        /// forwards to `base`. Each hook's type follows its requirement, so advice of the wrong type
        /// does not compile.
        public nonisolated struct InterceptingService<Base: Service>: Service {
          public typealias Input = Base.Input
          public typealias Output = Base.Output
          /// The advice for each requirement that can take it, all empty at first. Requirements of
          /// actors and global actors are not intercepted: their arguments would cross into the
          /// advice's isolation.
          public struct Hooks: Sendable {
            public typealias CallAsFunctionArguments = Input
            public var callAsFunction = AsyncThrowingInterception<
              CallAsFunctionArguments, Output, any Swift.Error
            >()

            public init() {}
          }

          public var base: Base
          public let hooks: Hooks

          public init(_ base: Base, hooks: Hooks) {
            self.base = base
            self.hooks = hooks
          }

          public func callAsFunction(input: Input) async throws -> Output {
            return try await hooks.callAsFunction.call(input) { arguments in
              try await base.callAsFunction(input: arguments)
            }
          }
        }

        nonisolated extension Service {
          /// This `Service`, running the advice `configure` sets before, after or instead
          /// of its calls.
          public func intercepted(
            _ configure: (inout InterceptingService<Self>.Hooks) -> Void
          ) -> InterceptingService<Self> {
            var hooks = InterceptingService<Self>.Hooks()
            configure(&hooks)
            return InterceptingService(self, hooks: hooks)
          }
        }
        """# + "\n")
  }

  /// A span named by the annotation, with the page as an attribute.
  @Test func spansTakeTheirNameAndAttributesFromTheAnnotation() throws {
    try Self.expect(
      #"""
      public protocol ShowService: Sendable {
        // veneer: tracing(span: "shows.list", attributes: [page])
        func allShows(page: Int) async -> [String]
      }
      """#,
      "Tracing",
      renders: #"""
        /// Runs each call to a `ShowService` in a span of its own, then forwards it to
        /// `base`: a span named for the requirement, with its `code.function.name`,
        /// ended when the result is known (for a completion handler, when it is called), and marked
        /// failed with the error a call throws or returns.
        public nonisolated struct TracingShowService<Base: ShowService>: ShowService {
          public var base: Base
          public let tracer: any Tracing.Tracer
          public let spanKind: Tracing.SpanKind

          /// - Parameter kind: `.client` for a service that calls out to another.
          public init(
            _ base: Base, tracer: any Tracing.Tracer = Instrumentation.InstrumentationSystem.tracer,
            kind: Tracing.SpanKind = .internal
          ) {
            self.base = base
            self.tracer = tracer
            self.spanKind = kind
          }

          public func allShows(page: Int) async -> [String] {
            let call = __TracedCall(
              tracer: tracer, operation: "shows.list", function: "ShowService.allShows(page:)",
              kind: spanKind)
            call.setAttribute("page", page)
            return await call.run {
              await base.allShows(page: page)
            }
          }
        }

        nonisolated extension ShowService {
          /// This `ShowService`, running each call in a span of `tracer`.
          public func withTracing(
            _ tracer: any Tracing.Tracer = Instrumentation.InstrumentationSystem.tracer,
            kind: Tracing.SpanKind = .internal
          ) -> TracingShowService<Self> {
            TracingShowService(self, tracer: tracer, kind: kind)
          }

          /// This `ShowService`, running each call in a span of `tracer`, for an existential.
          @_disfavoredOverload
          public func withTracing(
            _ tracer: any Tracing.Tracer = Instrumentation.InstrumentationSystem.tracer,
            kind: Tracing.SpanKind = .internal
          ) -> any ShowService {
            TracingShowService(self, tracer: tracer, kind: kind)
          }
        }
        """# + "\n")
  }
}
