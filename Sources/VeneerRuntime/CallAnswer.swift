import CVeneerRuntime

/// Whether a call a logging decorator forwarded was answered by a caching decorator inside it,
/// from its cache or by waiting for the same call already under way, rather than by the base:
/// the logging decorator's records of how the call ended then say `cached`.
///
/// Bound as a task-local around the forwarded call and its records, and only while the call is
/// logged. A caching decorator marks it for its own requirement only, so a cache hit deep in the
/// base's work (another service's cache, reached from inside the call) does not mark the call;
/// a record reads it for its own call only, by number. A completion handler called later, from
/// elsewhere, finds none: only a cache answers at once.
///
/// Generated code's, not an API for users: it changes with the templates.
/// `@unchecked Sendable`: `flags` is only read and written atomically.
public final class __CallAnswer: @unchecked Sendable {
  /// How a caching decorator answered a call without its base.
  public enum Kind: Int, Sendable {
    /// From the cache.
    case cache
    /// By waiting for the same call already under way, whose result it shares.
    case callInFlight
  }

  @TaskLocal static var current: __CallAnswer?

  /// The logged call's number.
  private let call: UInt64
  /// The requirement the logging decorator forwarded, as `__LoggedCall` names it.
  private let requirement: StaticString
  /// One flag per `Kind`, set once by `veneer_set_once`.
  private let flags: UnsafeMutablePointer<UInt8>

  private init(call: UInt64, requirement: StaticString) {
    self.call = call
    self.requirement = requirement
    flags = .allocate(capacity: 2)
    flags.initialize(repeating: 0, count: 2)
  }

  deinit {
    flags.deallocate()
  }

  /// How the logged call numbered `call` was answered, if it is under way here and was not
  /// answered by its base.
  static func kind(ofCall call: UInt64) -> Kind? {
    guard let answer = current, answer.call == call else { return nil }
    if veneer_is_set(answer.flags) { return .cache }
    if veneer_is_set(answer.flags + 1) { return .callInFlight }
    return nil
  }

  /// Runs `body` with an answer for the logged call `call` bound, for a caching decorator
  /// inside it to mark.
  @usableFromInline
  static func binding<Value, Failure: Error>(
    call: UInt64, requirement: StaticString, _ body: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    veneer_answers_bind()
    defer { veneer_answers_unbind() }
    return try $current.withValue(__CallAnswer(call: call, requirement: requirement)) {
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
      __CallAnswer(call: call, requirement: requirement),
      operation: { () async -> Result<Value, Failure> in
        do throws(Failure) { return .success(try await body()) } catch { return .failure(error) }
      }, isolation: isolation
    ).get()
  }

  /// Whether any logged call is under way with an answer bound: a caching decorator marks its
  /// answers only then. Inlinable: most answers come with no logged call under way, and then
  /// cost one atomic read.
  @inlinable
  public static var anyIsBound: Bool { veneer_answers_are_bound() }

  /// Marks the logged call under way, if it is a call of `requirement` (a cache key's, which
  /// may add ` -> ResultType`), as answered so.
  public static func mark(_ kind: Kind, requirement: String) {
    guard let answer = current, answer.isCall(of: requirement) else { return }
    _ = veneer_set_once(answer.flags + kind.rawValue)
  }

  private func isCall(of keyRequirement: String) -> Bool {
    requirement.withUTF8Buffer { logged in
      var key = keyRequirement
      return key.withUTF8 { key in
        key.count >= logged.count && key.starts(with: logged)
          && (key.count == logged.count || key[logged.count...].starts(with: " -> ".utf8))
      }
    }
  }
}
