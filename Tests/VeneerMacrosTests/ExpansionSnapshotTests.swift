import Foundation
import MacroTesting
import Testing
import VeneerMacroExpansion
import VeneerRenderer

/// What `@Decorated` expands to and says, as a reviewer reads it: each built-in on one small
/// protocol, and each kind of diagnostic where the compiler shows it, as inline snapshots
/// (swift-macro-testing). A change to a template shows here as a diff of the expansion; to
/// write them anew, set `record: .all` on the suite and run it once.
@Suite(.macros(["Decorated": DecoratedMacro.self], indentationWidth: .spaces(2)))
struct ExpansionSnapshotTests {
  /// Each built-in has its test below: one added to the descriptors without a snapshot fails.
  @Test(arguments: BuiltInDecorators.all.map(\.name))
  func everyBuiltInHasASnapshot(name: String) throws {
    let builtIn = try #require(BuiltInDecorators.all.first { $0.name == name })
    let member = MacroInterface.memberName(of: builtIn)
    let tests = try String(contentsOfFile: #filePath, encoding: .utf8)
    #expect(tests.contains("@Decorated(.\(member)"), "no snapshot of @Decorated(.\(member))")
  }

  @Test func logging() {
    assertMacro {
      """
      @Decorated(.logging(level: .info), public: ["id"])
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }

      /// Logs each call to a `Notes` and how it ended, then forwards it to `base`.
      public nonisolated struct LoggingNotes<Base: Notes>: Notes {
        public var base: Base
        public let logger: Logging.Logger
        public let level: Logging.Logger.Level
        public let errorLevel: Logging.Logger.Level

        public init(
          _ base: Base, logger: Logging.Logger, level: Logging.Logger.Level = .info,
          errorLevel: Logging.Logger.Level = .error
        ) {
          self.base = base
          self.logger = logger
          self.level = level
          self.errorLevel = errorLevel
        }

        public func note(id: Int) async throws -> String {
          let call = __LoggedCall(
            logger: logger, level: level, errorLevel: errorLevel, requirement: "Notes.note(id:)",
            arguments: ["id": __LoggedCall.publicValue(id)])
          return try await call.run {
            try await base.note(id: id)
          }
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, logging each call to `logger`.
        public func withLogging(
          _ logger: Logging.Logger, level: Logging.Logger.Level = .info,
          errorLevel: Logging.Logger.Level = .error
        ) -> LoggingNotes<Self> {
          LoggingNotes(self, logger: logger, level: level, errorLevel: errorLevel)
        }

        /// This `Notes`, logging each call to `logger`, for an existential.
        @_disfavoredOverload
        public func withLogging(
          _ logger: Logging.Logger, level: Logging.Logger.Level = .info,
          errorLevel: Logging.Logger.Level = .error
        ) -> any Notes {
          LoggingNotes(self, logger: logger, level: level, errorLevel: errorLevel)
        }
      }
      """
    }
  }

  @Test func analytics() {
    assertMacro {
      """
      @Decorated(.analytics)
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }

      /// Tracks an analytics event for each call to a `Notes`, then forwards it to
      /// `base`.
      public nonisolated struct AnalyticsNotes<Base: Notes>: Notes {
        public var base: Base
        public let tracker: any AnalyticsTracker

        public init(_ base: Base, tracker: any AnalyticsTracker) {
          self.base = base
          self.tracker = tracker
        }

        public func note(id: Int) async throws -> String {
          let call = __TrackedCall(
            tracker: tracker, properties: [:], success: "notes.note", failure: "notes.note_failed")
          do {
            let result = try await base.note(id: id)
            call.succeeded()
            return result
          } catch {
            call.failed(error)
            throw error
          }
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, tracking an event for each call.
        public func withAnalytics(_ tracker: any AnalyticsTracker) -> AnalyticsNotes<Self> {
          AnalyticsNotes(self, tracker: tracker)
        }

        /// This `Notes`, tracking an event for each call, for an existential.
        @_disfavoredOverload
        public func withAnalytics(_ tracker: any AnalyticsTracker) -> any Notes {
          AnalyticsNotes(self, tracker: tracker)
        }
      }
      """
    }
  }

  @Test func caching() {
    assertMacro {
      """
      @Decorated(.caching(ttl: .seconds(60)), cached: ["note(id:)"])
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }

      /// Answers calls to a `Notes` from a cache when their arguments were seen
      /// before, and forwards the others to `base`.
      public nonisolated struct CachingNotes<Base: Notes>: Notes {
        public var base: Base
        let cache: __CallCache

        public init(_ base: Base, cache: any DecoratorCache) {
          self.base = base
          self.cache = __CallCache(cache)
        }

        public func note(id: Int) async throws -> String {
          guard let key = cache.key(requirement: "Notes.note(id:) -> String", arguments: id) else {
            return try await base.note(id: id)
          }
          return try await cache.value(
            for: key, timeToLive: .seconds(60),
            compute: { [base] () async throws -> String in
              try await base.note(id: id)
            })
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, answering repeated calls from `cache`.
        public func withCaching(_ cache: any DecoratorCache) -> CachingNotes<Self> {
          CachingNotes(self, cache: cache)
        }

        /// This `Notes`, answering repeated calls from `cache`, for an existential.
        @_disfavoredOverload
        public func withCaching(_ cache: any DecoratorCache) -> any Notes {
          CachingNotes(self, cache: cache)
        }

        /// This `Notes`, answering repeated calls from a new in-memory cache.
        public func withCaching(maximumEntryCount: Int = 1000) -> CachingNotes<Self> {
          CachingNotes(self, cache: InMemoryCache(maximumEntryCount: maximumEntryCount))
        }

        /// This `Notes`, answering repeated calls from a new in-memory cache, for an
        /// existential.
        @_disfavoredOverload
        public func withCaching(maximumEntryCount: Int = 1000) -> any Notes {
          CachingNotes(self, cache: InMemoryCache(maximumEntryCount: maximumEntryCount))
        }
      }
      """
    }
  }

  @Test func intercepting() {
    assertMacro {
      """
      @Decorated(.intercepting)
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }

      /// Runs advice before, after or instead of calls to a `Notes`, which it
      /// forwards to `base`. Each hook's type follows its requirement, so advice of the wrong type
      /// does not compile.
      public nonisolated struct InterceptingNotes<Base: Notes>: Notes {
        /// The advice for each requirement that can take it, all empty at first. Requirements of
        /// actors and global actors are not intercepted: their arguments would cross into the
        /// advice's isolation.
        public struct Hooks: Sendable {
          public typealias NoteArguments = Int
          public var note = AsyncThrowingInterception<NoteArguments, String, any Swift.Error>()

          public init() {
          }
        }

        public var base: Base
        public let hooks: Hooks

        public init(_ base: Base, hooks: Hooks) {
          self.base = base
          self.hooks = hooks
        }

        public func note(id: Int) async throws -> String {
          return try await hooks.note.call(id) { arguments in
            try await base.note(id: arguments)
          }
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, running the advice `configure` sets before, after or instead
        /// of its calls.
        public func intercepted(
          _ configure: (inout InterceptingNotes<Self>.Hooks) -> Void
        ) -> InterceptingNotes<Self> {
          var hooks = InterceptingNotes<Self>.Hooks()
          configure(&hooks)
          return InterceptingNotes(self, hooks: hooks)
        }
      }
      """
    }
  }

  @Test func tracing() {
    assertMacro {
      """
      @Decorated(.tracing)
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }

      /// Runs each call to a `Notes` in a span of its own, then forwards it to
      /// `base`: a span named for the requirement, with its `code.function.name`,
      /// ended when the result is known (for a completion handler, when it is called), and marked
      /// failed with the error a call throws or returns.
      public nonisolated struct TracingNotes<Base: Notes>: Notes {
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

        public func note(id: Int) async throws -> String {
          let call = __TracedCall(
            tracer: tracer, operation: "Notes.note", function: "Notes.note(id:)", kind: spanKind)
          return try await call.run {
            try await base.note(id: id)
          }
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, running each call in a span of `tracer`.
        public func withTracing(
          _ tracer: any Tracing.Tracer = Instrumentation.InstrumentationSystem.tracer,
          kind: Tracing.SpanKind = .internal
        ) -> TracingNotes<Self> {
          TracingNotes(self, tracer: tracer, kind: kind)
        }

        /// This `Notes`, running each call in a span of `tracer`, for an existential.
        @_disfavoredOverload
        public func withTracing(
          _ tracer: any Tracing.Tracer = Instrumentation.InstrumentationSystem.tracer,
          kind: Tracing.SpanKind = .internal
        ) -> any Notes {
          TracingNotes(self, tracer: tracer, kind: kind)
        }
      }
      """
    }
  }

  @Test func metrics() {
    assertMacro {
      """
      @Decorated(.metrics)
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }

      /// Counts and times each call to a `Notes`, then forwards it to
      /// `base`: per requirement, a counter of calls (`veneer.calls`), a counter of
      /// failures (`veneer.failures`) and a timer of durations (`veneer.call.duration`), with the
      /// dimensions `protocol` and `requirement`, made once, when the decorator is.
      public nonisolated struct MetricsNotes<Base: Notes>: Notes {
        public var base: Base
        let noteMetrics: __RequirementMetrics

        /// - Parameters:
        ///   - prefix: what the metrics' labels start with: `veneer.calls` and so on.
        ///   - dimensions: dimensions every metric gets beside `protocol` and `requirement`.
        public init(
          _ base: Base, factory: any CoreMetrics.MetricsFactory = CoreMetrics.MetricsSystem.factory,
          prefix: String = "veneer", dimensions: [(String, String)] = []
        ) {
          self.base = base
          self.noteMetrics = __RequirementMetrics(
            namespace: "Notes", requirement: "note(id:)", prefix: prefix, dimensions: dimensions,
            factory: factory)
        }

        public func note(id: Int) async throws -> String {
          let call = __MeteredCall(self.noteMetrics)
          return try await call.run {
            try await base.note(id: id)
          }
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, counting and timing each call with `factory`'s metrics.
        public func withMetrics(
          _ factory: any CoreMetrics.MetricsFactory = CoreMetrics.MetricsSystem.factory,
          prefix: String = "veneer", dimensions: [(String, String)] = []
        ) -> MetricsNotes<Self> {
          MetricsNotes(self, factory: factory, prefix: prefix, dimensions: dimensions)
        }

        /// This `Notes`, counting and timing each call, for an existential.
        @_disfavoredOverload
        public func withMetrics(
          _ factory: any CoreMetrics.MetricsFactory = CoreMetrics.MetricsSystem.factory,
          prefix: String = "veneer", dimensions: [(String, String)] = []
        ) -> any Notes {
          MetricsNotes(self, factory: factory, prefix: prefix, dimensions: dimensions)
        }
      }
      """
    }
  }

  @Test func timeout() {
    assertMacro {
      """
      @Decorated(.timeout(.seconds(2)))
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }

      /// Gives each async call to a `Notes` a deadline, then forwards it to
      /// `base` in a task of its own: when the deadline passes first, that task is
      /// cancelled and the call throws `TimeoutError` once it has ended. Synchronous requirements, and
      /// those whose arguments or result are not known to be `Sendable`, are forwarded as they are.
      public nonisolated struct TimeoutNotes<Base: Notes>: Notes {
        public var base: Base
        public let deadline: Duration

        /// - Parameter deadline: how long each call may take, unless `timeout(seconds:)` says otherwise.
        public init(_ base: Base, deadline: Duration = .seconds(2)) {
          self.base = base
          self.deadline = deadline
        }

        public func note(id: Int) async throws -> String {
          return try await __TimedCall.run("Notes.note(id:)", deadline: deadline) { [base] in
            try await base.note(id: id)
          }
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, giving each async call `deadline` to finish.
        public func withTimeout(_ deadline: Duration = .seconds(2)) -> TimeoutNotes<Self> {
          TimeoutNotes(self, deadline: deadline)
        }

        /// This `Notes`, giving each async call `deadline` to finish, for an existential.
        @_disfavoredOverload
        public func withTimeout(_ deadline: Duration = .seconds(2)) -> any Notes {
          TimeoutNotes(self, deadline: deadline)
        }
      }
      """
    }
  }

  @Test func retry() {
    assertMacro {
      """
      @Decorated(.retry, idempotent: ["note(id:)"])
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } diagnostics: {
      """
      @Decorated(.retry, idempotent: ["note(id:)"])
      public protocol Notes: Sendable {
      ┬─────
      ╰─ ℹ️ the retry decorator of Notes makes a failed call of note(id:) again when its error adopts RetryableError (TimeoutError does) and says isRetryable, or when the policy's isRetryable accepts it; any other error is thrown at once
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }

      /// Makes a failed call to a `Notes` again, where its requirement is declared
      /// idempotent, then forwards it to `base`: as often as its policy allows, after a wait
      /// that grows and is spread by jitter, and only for errors the policy retries. Every other
      /// requirement is forwarded as it is, and a cancelled task stops retrying at once.
      public nonisolated struct RetryNotes<Base: Notes>: Notes {
        public var base: Base
        public let retryPolicy: VeneerRuntime.RetryPolicy
        let policyClock: VeneerRuntime.PolicyClock

        /// - Parameters:
        ///   - policy: how many attempts, how long between them, and which errors are retried.
        ///   - clock: what the waits are measured on.
        public init(
          _ base: Base, policy: VeneerRuntime.RetryPolicy = VeneerRuntime.RetryPolicy(),
          clock: some Swift.Clock<Swift.Duration> = Swift.ContinuousClock()
        ) {
          self.base = base
          self.retryPolicy = policy
          self.policyClock = VeneerRuntime.PolicyClock(clock)
        }

        public func note(id: Int) async throws -> String {
          return try await __RetriedCall.run("Notes.note(id:)", policy: retryPolicy, clock: policyClock) {
            try await base.note(id: id)
          }
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, making failed calls of its idempotent requirements again.
        public func withRetry(
          _ policy: VeneerRuntime.RetryPolicy = VeneerRuntime.RetryPolicy(),
          clock: some Swift.Clock<Swift.Duration> = Swift.ContinuousClock()
        ) -> RetryNotes<Self> {
          RetryNotes(self, policy: policy, clock: clock)
        }

        /// This `Notes`, retrying as `policy` says, for an existential.
        @_disfavoredOverload
        public func withRetry(
          _ policy: VeneerRuntime.RetryPolicy = VeneerRuntime.RetryPolicy(),
          clock: some Swift.Clock<Swift.Duration> = Swift.ContinuousClock()
        ) -> any Notes {
          RetryNotes(self, policy: policy, clock: clock)
        }
      }
      """
    }
  }

  @Test func circuitBreaker() {
    assertMacro {
      """
      @Decorated(.circuitBreaker)
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }

      /// Calls a `Notes` through a circuit breaker, then forwards it to
      /// `base`: while the breaker is open, a call throws `CircuitBreakerOpenError` at once
      /// instead. Requirements that cannot throw it (non-throwing, typed errors, completion handlers)
      /// are forwarded as they are.
      public nonisolated struct CircuitBreakerNotes<Base: Notes>: Notes {
        public var base: Base
        public let breaker: VeneerRuntime.CircuitBreaker

        /// - Parameter breaker: its breaker; one of its own unless given one to share.
        public init(
          _ base: Base,
          breaker: VeneerRuntime.CircuitBreaker = VeneerRuntime.CircuitBreaker(
            policy: VeneerRuntime.CircuitBreaker.Policy())
        ) {
          self.base = base
          self.breaker = breaker
        }

        public func note(id: Int) async throws -> String {
          return try await breaker.run("Notes.note(id:)") {
            try await base.note(id: id)
          }
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, calling it through `breaker`.
        public func withCircuitBreaker(
          _ breaker: VeneerRuntime.CircuitBreaker = VeneerRuntime.CircuitBreaker(
            policy: VeneerRuntime.CircuitBreaker.Policy())
        ) -> CircuitBreakerNotes<Self> {
          CircuitBreakerNotes(self, breaker: breaker)
        }

        /// This `Notes`, calling it through `breaker`, for an existential.
        @_disfavoredOverload
        public func withCircuitBreaker(
          _ breaker: VeneerRuntime.CircuitBreaker = VeneerRuntime.CircuitBreaker(
            policy: VeneerRuntime.CircuitBreaker.Policy())
        ) -> any Notes {
          CircuitBreakerNotes(self, breaker: breaker)
        }
      }
      """
    }
  }

  @Test func bulkhead() {
    assertMacro {
      """
      @Decorated(.bulkhead)
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }

      /// Calls a `Notes` through a bulkhead, then forwards it to
      /// `base`: at most so many at once, the next ones waiting their turn or refused
      /// with `BulkheadFullError`. Requirements that cannot wait or throw it are forwarded as they are.
      public nonisolated struct BulkheadNotes<Base: Notes>: Notes {
        public var base: Base
        public let bulkhead: VeneerRuntime.Bulkhead

        /// - Parameter bulkhead: its bulkhead; one of its own unless given one to share.
        public init(
          _ base: Base,
          bulkhead: VeneerRuntime.Bulkhead = VeneerRuntime.Bulkhead(
            policy: VeneerRuntime.Bulkhead.Policy())
        ) {
          self.base = base
          self.bulkhead = bulkhead
        }

        public func note(id: Int) async throws -> String {
          return try await bulkhead.run("Notes.note(id:)") {
            try await base.note(id: id)
          }
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, calling it through `bulkhead`.
        public func withBulkhead(
          _ bulkhead: VeneerRuntime.Bulkhead = VeneerRuntime.Bulkhead(
            policy: VeneerRuntime.Bulkhead.Policy())
        ) -> BulkheadNotes<Self> {
          BulkheadNotes(self, bulkhead: bulkhead)
        }

        /// This `Notes`, calling it through `bulkhead`, for an existential.
        @_disfavoredOverload
        public func withBulkhead(
          _ bulkhead: VeneerRuntime.Bulkhead = VeneerRuntime.Bulkhead(
            policy: VeneerRuntime.Bulkhead.Policy())
        ) -> any Notes {
          BulkheadNotes(self, bulkhead: bulkhead)
        }
      }
      """
    }
  }

  @Test func rateLimit() {
    assertMacro {
      """
      @Decorated(.rateLimit)
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }

      /// Calls a `Notes` through a rate limiter, then forwards it to
      /// `base`: a call waits for a token up to the limiter's limit, or is refused with
      /// `RateLimitExceededError`. Requirements that cannot wait or throw it are forwarded as they are.
      public nonisolated struct RateLimitNotes<Base: Notes>: Notes {
        public var base: Base
        public let rateLimiter: VeneerRuntime.RateLimiter

        /// - Parameter limiter: its limiter; one of its own unless given one to share.
        public init(
          _ base: Base,
          limiter: VeneerRuntime.RateLimiter = VeneerRuntime.RateLimiter(
            policy: VeneerRuntime.RateLimiter.Policy())
        ) {
          self.base = base
          self.rateLimiter = limiter
        }

        public func note(id: Int) async throws -> String {
          return try await rateLimiter.run("Notes.note(id:)") {
            try await base.note(id: id)
          }
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, calling it through `limiter`.
        public func withRateLimit(
          _ limiter: VeneerRuntime.RateLimiter = VeneerRuntime.RateLimiter(
            policy: VeneerRuntime.RateLimiter.Policy())
        ) -> RateLimitNotes<Self> {
          RateLimitNotes(self, limiter: limiter)
        }

        /// This `Notes`, calling it through `limiter`, for an existential.
        @_disfavoredOverload
        public func withRateLimit(
          _ limiter: VeneerRuntime.RateLimiter = VeneerRuntime.RateLimiter(
            policy: VeneerRuntime.RateLimiter.Policy())
        ) -> any Notes {
          RateLimitNotes(self, limiter: limiter)
        }
      }
      """
    }
  }

  @Test func behindAPreprocessorFlag() {
    assertMacro {
      """
      @Decorated(.logging, behindPreprocessorFlag: "DEBUG")
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }

      #if DEBUG
      public nonisolated struct LoggingNotes<Base: Notes>: Notes {
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

        public func note(id: Int) async throws -> String {
          let call = __LoggedCall(
            logger: logger, level: level, errorLevel: errorLevel, requirement: "Notes.note(id:)",
            arguments: ["id": __LoggedCall.privateValue(id)])
          return try await call.run {
            try await base.note(id: id)
          }
        }
      }
      #endif

      nonisolated extension Notes {
        #if DEBUG
        public func withLogging(
            _ logger: Logging.Logger, level: Logging.Logger.Level = .debug,
            errorLevel: Logging.Logger.Level = .error
          ) -> LoggingNotes<Self> {
            LoggingNotes(self, logger: logger, level: level, errorLevel: errorLevel)
          }

          /// This `Notes`, logging each call to `logger`, for an existential.
          @_disfavoredOverload
          public func withLogging(
            _ logger: Logging.Logger, level: Logging.Logger.Level = .debug,
            errorLevel: Logging.Logger.Level = .error
          ) -> any Notes {
            LoggingNotes(self, logger: logger, level: level, errorLevel: errorLevel)
          }
        #endif
      }
      """
    }
  }

  // Diagnostics, each where the compiler shows it.

  @Test func onAStruct() {
    assertMacro {
      """
      @Decorated(.logging)
      public struct Notes {}
      """
    } diagnostics: {
      """
      @Decorated(.logging)
      ┬───────────────────
      ╰─ 🛑 @Decorated applies to a protocol
      public struct Notes {}
      """
    }
  }

  @Test func aRequirementNotDeclaredCacheableIsForwardedWithANote() {
    assertMacro {
      """
      @Decorated(.caching, cached: ["note(id:)"])
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
        func nextNumber() async throws -> Int
        func save(_ note: String) async throws
      }
      """
    } diagnostics: {
      """
      @Decorated(.caching, cached: ["note(id:)"])
      public protocol Notes: Sendable {
      ┬─────
      ╰─ ℹ️ the caching decorator of Notes caches only what is declared cacheable, and forwards 1 requirement uncached (nextNumber()); annotate each that only reads '// veneer: cache'
        func note(id: Int) async throws -> String
        func nextNumber() async throws -> Int
        func save(_ note: String) async throws
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
        func nextNumber() async throws -> Int
        func save(_ note: String) async throws
      }

      /// Answers calls to a `Notes` from a cache when their arguments were seen
      /// before, and forwards the others to `base`.
      public nonisolated struct CachingNotes<Base: Notes>: Notes {
        public var base: Base
        let cache: __CallCache

        public init(_ base: Base, cache: any DecoratorCache) {
          self.base = base
          self.cache = __CallCache(cache)
        }

        public func note(id: Int) async throws -> String {
          guard let key = cache.key(requirement: "Notes.note(id:) -> String", arguments: id) else {
            return try await base.note(id: id)
          }
          return try await cache.value(
            for: key, timeToLive: nil,
            compute: { [base] () async throws -> String in
              try await base.note(id: id)
            })
        }

        public func nextNumber() async throws -> Int {
          try await base.nextNumber()
        }

        public func save(_ note: String) async throws {
          try await base.save(note)
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, answering repeated calls from `cache`.
        public func withCaching(_ cache: any DecoratorCache) -> CachingNotes<Self> {
          CachingNotes(self, cache: cache)
        }

        /// This `Notes`, answering repeated calls from `cache`, for an existential.
        @_disfavoredOverload
        public func withCaching(_ cache: any DecoratorCache) -> any Notes {
          CachingNotes(self, cache: cache)
        }

        /// This `Notes`, answering repeated calls from a new in-memory cache.
        public func withCaching(maximumEntryCount: Int = 1000) -> CachingNotes<Self> {
          CachingNotes(self, cache: InMemoryCache(maximumEntryCount: maximumEntryCount))
        }

        /// This `Notes`, answering repeated calls from a new in-memory cache, for an
        /// existential.
        @_disfavoredOverload
        public func withCaching(maximumEntryCount: Int = 1000) -> any Notes {
          CachingNotes(self, cache: InMemoryCache(maximumEntryCount: maximumEntryCount))
        }
      }
      """
    }
  }

  @Test func aMisspeltRequirementInTheAttributeIsAtItsString() {
    assertMacro {
      """
      @Decorated(.caching, cached: ["ntoe(id:)"])
      public protocol Notes: Sendable {
        func note(id: Int) async throws -> String
      }
      """
    } diagnostics: {
      """
      @Decorated(.caching, cached: ["ntoe(id:)"])
                                    ┬──────────
                                    ╰─ 🛑 'cached' names 'ntoe(id:)', which is not a requirement of Notes; did you mean 'note(id:)'?
      public protocol Notes: Sendable {
      ┬─────
      ╰─ ⚠️ the caching decorator of Notes caches only what is declared cacheable, and forwards 1 requirement uncached (note(id:)); annotate each that only reads '// veneer: cache'
        func note(id: Int) async throws -> String
      }
      """
    }
  }

  @Test func aMisspeltAnnotationHasAFixIt() {
    assertMacro {
      """
      @Decorated(.logging)
      public protocol Notes: Sendable {
        // veneer: pubilc(id)
        func note(id: Int) async throws -> String
      }
      """
    } diagnostics: {
      """
      @Decorated(.logging)
      public protocol Notes: Sendable {
        // veneer: pubilc(id)
                   ╰─ ⚠️ unknown veneer annotation 'pubilc'; did you mean 'public'?
                      ✏️ write 'public'
        func note(id: Int) async throws -> String
      }
      """
    } fixes: {
      """
      @Decorated(.logging)
      public protocol Notes: Sendable {
        // veneer: public(id)
        func note(id: Int) async throws -> String
      }
      """
    } expansion: {
      """
      public protocol Notes: Sendable {
        // veneer: public(id)
        func note(id: Int) async throws -> String
      }

      /// Logs each call to a `Notes` and how it ended, then forwards it to `base`.
      public nonisolated struct LoggingNotes<Base: Notes>: Notes {
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

        public func note(id: Int) async throws -> String {
          let call = __LoggedCall(
            logger: logger, level: level, errorLevel: errorLevel, requirement: "Notes.note(id:)",
            arguments: ["id": __LoggedCall.publicValue(id)])
          return try await call.run {
            try await base.note(id: id)
          }
        }
      }

      nonisolated extension Notes {
        /// This `Notes`, logging each call to `logger`.
        public func withLogging(
          _ logger: Logging.Logger, level: Logging.Logger.Level = .debug,
          errorLevel: Logging.Logger.Level = .error
        ) -> LoggingNotes<Self> {
          LoggingNotes(self, logger: logger, level: level, errorLevel: errorLevel)
        }

        /// This `Notes`, logging each call to `logger`, for an existential.
        @_disfavoredOverload
        public func withLogging(
          _ logger: Logging.Logger, level: Logging.Logger.Level = .debug,
          errorLevel: Logging.Logger.Level = .error
        ) -> any Notes {
          LoggingNotes(self, logger: logger, level: level, errorLevel: errorLevel)
        }
      }
      """
    }
  }

  @Test func aProtocolInheritingOneDeclaredElsewhere() {
    assertMacro {
      """
      @Decorated(.logging)
      public protocol Notes: Storage {
        func note(id: Int) async throws -> String
      }
      """
    } diagnostics: {
      """
      @Decorated(.logging)
      public protocol Notes: Storage {
                      ┬────
                      ╰─ 🛑 @Decorated sees only this declaration, and 'Storage' is declared elsewhere: decorate Notes with the build plugin (VeneerPlugin) or 'veneer generate', which read the files that declare what it inherits
        func note(id: Int) async throws -> String
      }
      """
    }
  }
}
