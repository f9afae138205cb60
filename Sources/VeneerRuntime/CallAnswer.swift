import CVeneerRuntime

/// What happened inside a call a decorator forwarded, that the decorator could not see from its
/// outcome: a caching decorator inside answered it, from its cache or by waiting for the same
/// call already under way; a retrying decorator made it again; a circuit breaker, bulkhead or
/// rate limiter refused it. A logging decorator's records say so (`cached=true`, `retries=2`,
/// `rejected=circuit_breaker`); a metrics decorator counts it; a tracing decorator records it on
/// the span.
///
/// Bound as a task-local around the forwarded call: by a logging decorator while the call is
/// logged, and by a metrics or tracing decorator once the process has made a resilience policy
/// (before, no retry or refusal can happen). A decorator inside marks every bound answer of its
/// own requirement, so a cache hit deep in the base's work (another service's cache, reached from
/// inside the call) does not mark the call; a logging record reads its own call's, by number.
/// A completion handler called later, from elsewhere, finds none: only a cache answers at once.
///
/// Generated code's, not an API for users: it changes with the templates.
/// `@unchecked Sendable`: `flags` and `retries` are only read and written atomically.
public final class __CallAnswer: @unchecked Sendable {
  /// How a caching decorator answered a call without its base.
  public enum Kind: Int, Sendable {
    /// From the cache.
    case cache
    /// By waiting for the same call already under way, whose result it shares.
    case callInFlight
  }

  /// Which policy refused a call, as records name it.
  public enum Rejection: Int, Sendable, CaseIterable, CustomStringConvertible {
    case circuitBreaker = 2
    case bulkhead
    case rateLimit

    /// `circuit_breaker`, `bulkhead` or `rate_limit`, as records, metrics and spans write it.
    public var description: String {
      switch self {
      case .circuitBreaker: "circuit_breaker"
      case .bulkhead: "bulkhead"
      case .rateLimit: "rate_limit"
      }
    }
  }

  /// Why a retrying decorator made a failed call no more: written on the call's log line
  /// (`not_retried=not_retryable`), so a failure that was not retried says why.
  public enum RetryStop: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// The error does not declare itself retryable (`RetryableError`), nor does the policy's
    /// `isRetryable` accept it.
    case notRetryable
    /// Every attempt the policy allows was made.
    case attemptsUsed
    /// The next wait would pass the policy's `maxElapsed`.
    case timeLimit
    /// The caller's task was cancelled.
    case cancelled

    /// `not_retryable`, `attempts_used`, `time_limit` or `cancelled`.
    public var description: String {
      switch self {
      case .notRetryable: "not_retryable"
      case .attemptsUsed: "attempts_used"
      case .timeLimit: "time_limit"
      case .cancelled: "cancelled"
      }
    }
  }

  /// What happened inside a call, as its answer recorded it.
  public struct Observed: Sendable, Equatable {
    /// How many times a retrying decorator made the call again.
    public var retries: Int
    /// Why a retrying decorator stopped making a call that failed, if one did.
    public var retryStop: RetryStop?
    /// The policy that refused the call, if one did.
    public var rejection: Rejection?
    /// Where the circuit breaker the call went through was when the call reached it.
    public var breakerState: CircuitBreaker.State?
    /// That breaker, whose changes a metrics decorator's gauge follows from then on.
    public var breaker: CircuitBreaker?

    /// Equal when they say the same, and name the same breaker (by identity).
    public static func == (lhs: Observed, rhs: Observed) -> Bool {
      lhs.retries == rhs.retries && lhs.retryStop == rhs.retryStop
        && lhs.rejection == rhs.rejection && lhs.breakerState == rhs.breakerState
        && lhs.breaker === rhs.breaker
    }

    /// Whether anything happened at all.
    public var isEmpty: Bool {
      retries == 0 && retryStop == nil && rejection == nil && breakerState == nil
    }
  }

  @TaskLocal static var current: __CallAnswer?

  /// The logged call's number; 0 for an answer a metrics or tracing decorator bound.
  private let call: UInt64
  /// The requirement the decorator forwarded, as it names it: `PostRepo.getPost(id:)`.
  private let requirement: String
  /// The answer bound around this one, which a mark reaches too.
  private let outer: __CallAnswer?
  /// One flag per `Kind`, per `Rejection`, then per breaker state; each set once by
  /// `veneer_set_once`.
  private let flags: UnsafeMutablePointer<UInt8>
  /// The count of retries, then the breaker the call went through: a retained reference's
  /// bits, stored once (`veneer_store_once`) and released with the answer. One allocation for
  /// both, as every logged call makes an answer.
  private let retries: UnsafeMutablePointer<UInt64>
  private var breakerSlot: UnsafeMutablePointer<UInt64> { retries + 1 }

  private static let breakerStates: [CircuitBreaker.State] = [.closed, .open, .halfOpen]
  /// Where the flags of a retry's stop start: after those of the breaker's states.
  private static let retryStopFlags = 5 + breakerStates.count
  private static let flagCount = retryStopFlags + RetryStop.allCases.count

  private init(call: UInt64, requirement: String) {
    self.call = call
    self.requirement = requirement
    outer = Self.current
    flags = .allocate(capacity: Self.flagCount)
    flags.initialize(repeating: 0, count: Self.flagCount)
    retries = .allocate(capacity: 2)
    retries.initialize(repeating: 0, count: 2)
  }

  deinit {
    flags.deallocate()
    if let breaker = breakerSlot.pointee.breaker { Unmanaged.passUnretained(breaker).release() }
    retries.deallocate()
  }

  /// How the logged call numbered `call` was answered, if it is under way here and was not
  /// answered by its base.
  static func kind(ofCall call: UInt64) -> Kind? {
    guard let answer = current, answer.call == call else { return nil }
    if veneer_is_set(answer.flags) { return .cache }
    if veneer_is_set(answer.flags + 1) { return .callInFlight }
    return nil
  }

  /// What happened inside the logged call numbered `call`, if it is under way here.
  static func observed(inCall call: UInt64) -> Observed? {
    guard let answer = current, answer.call == call else { return nil }
    return answer.observed
  }

  private var observed: Observed {
    Observed(
      retries: Int(veneer_load(retries)),
      retryStop: RetryStop.allCases.first {
        veneer_is_set(flags + Self.retryStopFlags + $0.rawValue)
      },
      rejection: Rejection.allCases.first { veneer_is_set(flags + $0.rawValue) },
      breakerState: Self.breakerStates.indices.first { veneer_is_set(flags + 5 + $0) }.map {
        Self.breakerStates[$0]
      }, breaker: veneer_load(breakerSlot).breaker)
  }

  /// Runs `body` with an answer for the logged call `call` bound, for a decorator inside it to
  /// mark.
  @usableFromInline
  static func binding<Value, Failure: Error>(
    call: UInt64, requirement: StaticString, _ body: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    veneer_answers_bind()
    defer { veneer_answers_unbind() }
    return try $current.withValue(__CallAnswer(call: call, requirement: "\(requirement)")) {
      () -> Result<Value, Failure> in
      do throws(Failure) { return .success(try body()) } catch { return .failure(error) }
    }.get()
  }

  /// The same for an asynchronous `body`.
  @usableFromInline
  static func binding<Value, Failure: Error>(
    call: UInt64, requirement: StaticString, isolation: isolated (any Actor)?,
    _ body: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    veneer_answers_bind()
    defer { veneer_answers_unbind() }
    return try await $current.withValue(
      __CallAnswer(call: call, requirement: "\(requirement)"),
      operation: { () async -> Result<Value, Failure> in
        do throws(Failure) { return .success(try await body()) } catch { return .failure(error) }
      }, isolation: isolation
    ).get()
  }

  /// Runs `body`, the forwarded call of `requirement`, and hands `observe` what happened inside
  /// it, when anything did; a metrics or tracing decorator calls it. Before the process has made
  /// a resilience policy it only runs `body`: nothing but a cache can mark a call then, and these
  /// decorators do not say how a cache answered.
  @inlinable
  public static func observing<Value, Failure: Error>(
    _ requirement: @autoclosure () -> String, _ body: () throws(Failure) -> Value,
    observe: (Observed) -> Void
  ) throws(Failure) -> Value {
    guard veneer_policies_exist() else { return try body() }
    return try observingBound(requirement(), body, observe: observe)
  }

  @usableFromInline
  static func observingBound<Value, Failure: Error>(
    _ requirement: String, _ body: () throws(Failure) -> Value,
    observe: (Observed) -> Void
  ) throws(Failure) -> Value {
    let answer = __CallAnswer(call: 0, requirement: requirement)
    veneer_answers_bind()
    defer {
      veneer_answers_unbind()
      let observed = answer.observed
      if !observed.isEmpty { observe(observed) }
    }
    return try $current.withValue(answer) { () -> Result<Value, Failure> in
      do throws(Failure) { return .success(try body()) } catch { return .failure(error) }
    }.get()
  }

  /// The same for an asynchronous `body`.
  @inlinable
  public static func observing<Value, Failure: Error>(
    _ requirement: @autoclosure () -> String, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(Failure) -> Value, observe: (Observed) -> Void
  ) async throws(Failure) -> Value {
    guard veneer_policies_exist() else { return try await body() }
    return try await observingBound(requirement(), isolation: isolation, body, observe: observe)
  }

  @usableFromInline
  static func observingBound<Value, Failure: Error>(
    _ requirement: String, isolation: isolated (any Actor)?,
    _ body: () async throws(Failure) -> Value, observe: (Observed) -> Void
  ) async throws(Failure) -> Value {
    let answer = __CallAnswer(call: 0, requirement: requirement)
    veneer_answers_bind()
    defer {
      veneer_answers_unbind()
      let observed = answer.observed
      if !observed.isEmpty { observe(observed) }
    }
    return try await $current.withValue(
      answer,
      operation: { () async -> Result<Value, Failure> in
        do throws(Failure) { return .success(try await body()) } catch { return .failure(error) }
      }, isolation: isolation
    ).get()
  }

  /// Whether any call is under way with an answer bound: a caching decorator marks its answers
  /// only then. Inlinable: most answers come with no call under way, and then cost one atomic
  /// read.
  @inlinable
  public static var anyIsBound: Bool { veneer_answers_are_bound() }

  /// Marks the calls under way of `requirement` (a cache key's, which may add ` -> ResultType`)
  /// as answered so.
  public static func mark(_ kind: Kind, requirement: String) {
    forEachBound(of: requirement) { _ = veneer_set_once($0.flags + kind.rawValue) }
  }

  /// Marks the calls under way of `requirement` as made once more.
  @usableFromInline
  static func noteRetry(requirement: StaticString) {
    guard anyIsBound else { return }
    forEachBound(of: "\(requirement)") { veneer_increment($0.retries) }
  }

  /// Marks the calls under way of `requirement` as made no more after a failure, for `reason`.
  @usableFromInline
  static func noteRetryStop(_ reason: RetryStop, requirement: StaticString) {
    guard anyIsBound else { return }
    forEachBound(of: "\(requirement)") {
      _ = veneer_set_once($0.flags + retryStopFlags + reason.rawValue)
    }
  }

  /// Marks the calls under way of `requirement` as refused by `policy`.
  static func noteRejection(_ policy: Rejection, requirement: StaticString) {
    guard anyIsBound else { return }
    forEachBound(of: "\(requirement)") { _ = veneer_set_once($0.flags + policy.rawValue) }
  }

  /// Marks the calls under way of `requirement` as having found their breaker in `state`.
  static func noteBreakerState(
    _ state: CircuitBreaker.State, of breaker: CircuitBreaker, requirement: StaticString
  ) {
    guard anyIsBound, let index = breakerStates.firstIndex(of: state) else { return }
    forEachBound(of: "\(requirement)") { answer in
      _ = veneer_set_once(answer.flags + 5 + index)
      let bits = UInt64(UInt(bitPattern: Unmanaged.passRetained(breaker).toOpaque()))
      if !veneer_store_once(answer.breakerSlot, bits) {
        Unmanaged.passUnretained(breaker).release()
      }
    }
  }

  private static func forEachBound(of requirement: String, _ mark: (__CallAnswer) -> Void) {
    var answer = current
    while let bound = answer {
      if bound.isCall(of: requirement) { mark(bound) }
      answer = bound.outer
    }
  }

  private func isCall(of keyRequirement: String) -> Bool {
    var logged = requirement
    var key = keyRequirement
    return logged.withUTF8 { logged in
      key.withUTF8 { key in
        key.count >= logged.count && key.starts(with: logged)
          && (key.count == logged.count || key[logged.count...].starts(with: " -> ".utf8))
      }
    }
  }
}

/// Called by each resilience policy when it is made: from then on, metrics and tracing
/// decorators bind an answer around the calls they forward, to see retries and refusals.
func policyMade() {
  veneer_policy_made()
}

extension UInt64 {
  /// The breaker whose retained reference these bits are, if any.
  fileprivate var breaker: CircuitBreaker? {
    guard self != 0, let pointer = UnsafeRawPointer(bitPattern: UInt(self)) else { return nil }
    return Unmanaged<CircuitBreaker>.fromOpaque(pointer).takeUnretainedValue()
  }
}
