// Advice before, after or instead of a call, as the Objective-C Aspects library gives it, with
// types the compiler checks. One type for each combination of effects: a generic
// `throws(Failure)` instantiated with `Never` crashes Swift 6.3's SILGen in reabstraction thunks,
// so non-throwing requirements get types without a thrown error at all.

/// Advice around one synchronous requirement that cannot throw: `before` sees the arguments,
/// `after` sees them and the value returned, and `instead` replaces the call and may call the
/// original.
///
/// `Arguments` is the requirement's parameters (a tuple labelled with their names when there are
/// several, the one parameter's type, or `Void`), and `Value` what it returns.
///
/// ```swift
/// let repo = PostRepoImpl().intercepted { hooks in
///   hooks.getPost.before = { id in print("fetching", id) }
///   hooks.getPost.instead = { id, original in id < 0 ? nil : original(id) }
/// }
/// ```
public struct Interception<Arguments, Value>: Sendable {
  /// Runs before the call, with its arguments.
  public var before: (@Sendable (Arguments) -> Void)?
  /// Runs after the call, with its arguments and what it returned.
  public var after: (@Sendable (Arguments, Value) -> Void)?
  /// Runs in place of the call, with its arguments and the original call, which it may make
  /// or not.
  public var instead: (@Sendable (Arguments, _ original: (Arguments) -> Value) -> Value)?

  /// Advice made of any of `before`, `after` and `instead`; none forwards the call as it is.
  public init(
    before: (@Sendable (Arguments) -> Void)? = nil,
    after: (@Sendable (Arguments, Value) -> Void)? = nil,
    instead: (@Sendable (Arguments, _ original: (Arguments) -> Value) -> Value)? = nil
  ) {
    self.before = before
    self.after = after
    self.instead = instead
  }

  /// Runs the advice around `original`.
  public func call(_ arguments: Arguments, original: (Arguments) -> Value) -> Value {
    before?(arguments)
    let value: Value
    if let instead {
      value = instead(arguments, original)
    } else {
      value = original(arguments)
    }
    after?(arguments, value)
    return value
  }
}

/// Advice around one synchronous requirement that throws `Failure`; see `Interception`.
public struct ThrowingInterception<Arguments, Value, Failure: Error>: Sendable {
  /// Runs before the call, with its arguments.
  public var before: (@Sendable (Arguments) -> Void)?
  /// Runs after the call, with its arguments and what it returned or threw.
  public var after: (@Sendable (Arguments, Result<Value, Failure>) -> Void)?
  /// Runs in place of the call, with its arguments and the original call, which it may make
  /// or not.
  public var instead:
    (
      @Sendable (Arguments, _ original: (Arguments) throws(Failure) -> Value) throws(Failure) ->
        Value
    )?

  /// Advice made of any of `before`, `after` and `instead`; none forwards the call as it is.
  public init(
    before: (@Sendable (Arguments) -> Void)? = nil,
    after: (@Sendable (Arguments, Result<Value, Failure>) -> Void)? = nil,
    instead: (
      @Sendable (Arguments, _ original: (Arguments) throws(Failure) -> Value) throws(Failure) ->
        Value
    )? = nil
  ) {
    self.before = before
    self.after = after
    self.instead = instead
  }

  /// Runs the advice around `original`.
  public func call(_ arguments: Arguments, original: (Arguments) throws(Failure) -> Value)
    throws(Failure) -> Value
  {
    before?(arguments)
    do throws(Failure) {
      let value: Value
      if let instead {
        value = try instead(arguments, original)
      } else {
        value = try original(arguments)
      }
      after?(arguments, .success(value))
      return value
    } catch {
      after?(arguments, .failure(error))
      throw error
    }
  }
}

/// Advice around one async requirement that cannot throw; see `Interception`.
public struct AsyncInterception<Arguments, Value>: Sendable {
  /// Runs before the call, with its arguments.
  public var before: (@Sendable (Arguments) -> Void)?
  /// Runs after the call, with its arguments and what it returned.
  public var after: (@Sendable (Arguments, Value) -> Void)?
  /// Runs in place of the call, with its arguments and the original call, which it may make
  /// or not.
  public var instead:
    (@Sendable (Arguments, _ original: (Arguments) async -> Value) async -> Value)?

  /// Advice made of any of `before`, `after` and `instead`; none forwards the call as it is.
  public init(
    before: (@Sendable (Arguments) -> Void)? = nil,
    after: (@Sendable (Arguments, Value) -> Void)? = nil,
    instead: (@Sendable (Arguments, _ original: (Arguments) async -> Value) async -> Value)? = nil
  ) {
    self.before = before
    self.after = after
    self.instead = instead
  }

  /// Runs the advice around `original`. Nonisolated: the arguments would otherwise cross from
  /// the caller's actor to the advice's, so actor-isolated requirements are not intercepted.
  public func call(_ arguments: Arguments, original: (Arguments) async -> Value) async -> Value {
    before?(arguments)
    let value: Value
    if let instead {
      value = await instead(arguments, original)
    } else {
      value = await original(arguments)
    }
    after?(arguments, value)
    return value
  }
}

/// Advice around one async requirement that throws `Failure`; see `Interception`.
public struct AsyncThrowingInterception<Arguments, Value, Failure: Error>: Sendable {
  /// Runs before the call, with its arguments.
  public var before: (@Sendable (Arguments) -> Void)?
  /// Runs after the call, with its arguments and what it returned or threw.
  public var after: (@Sendable (Arguments, Result<Value, Failure>) -> Void)?
  /// Runs in place of the call, with its arguments and the original call, which it may make
  /// or not.
  public var instead:
    (
      @Sendable (Arguments, _ original: (Arguments) async throws(Failure) -> Value)
        async throws(Failure) -> Value
    )?

  /// Advice made of any of `before`, `after` and `instead`; none forwards the call as it is.
  public init(
    before: (@Sendable (Arguments) -> Void)? = nil,
    after: (@Sendable (Arguments, Result<Value, Failure>) -> Void)? = nil,
    instead: (
      @Sendable (Arguments, _ original: (Arguments) async throws(Failure) -> Value)
        async throws(Failure) -> Value
    )? = nil
  ) {
    self.before = before
    self.after = after
    self.instead = instead
  }

  /// Runs the advice around `original`. Nonisolated: the arguments would otherwise cross from
  /// the caller's actor to the advice's, so actor-isolated requirements are not intercepted.
  public func call(_ arguments: Arguments, original: (Arguments) async throws(Failure) -> Value)
    async throws(Failure) -> Value
  {
    before?(arguments)
    do throws(Failure) {
      let value: Value
      if let instead {
        value = try await instead(arguments, original)
      } else {
        value = try await original(arguments)
      }
      after?(arguments, .success(value))
      return value
    } catch {
      after?(arguments, .failure(error))
      throw error
    }
  }
}
