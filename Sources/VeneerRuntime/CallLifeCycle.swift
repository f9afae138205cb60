/// One call through a decorator, told how it ended: what each decorator's call type (logged,
/// tracked, traced, metered) does when its outcome is known, and the completion handlers built
/// from that here, once.
///
/// Generated code's, not an API for users: it changes with the templates.
public protocol __CallLifeCycle: Sendable {
  /// The call ended with `result`: a `Result` it returned, or one a completion handler was
  /// called with.
  func finished<Success, Failure>(_ result: Result<Success, Failure>)

  /// A completion handler was called with `values`, which are not a `Result`.
  func completed<each Value>(_ values: repeat each Value)

  /// Runs a completion handler once the call's outcome is recorded: in the caller's context,
  /// for a call that has one of its own (a span's).
  func resuming(_ handler: () -> Void)
}
extension __CallLifeCycle {
  /// Runs `handler` at once: a call without a context of its own has none to restore.
  public func resuming(_ handler: () -> Void) { handler() }

  /// `completion`, recording its result before it runs. Decorators of generic requirements pass
  /// this rather than a closure of their own, which would capture the requirement's generic
  /// parameters, and Swift warns about sending their metatypes.
  public func finishing<Success, Failure>(
    _ completion: @escaping @Sendable (Result<Success, Failure>) -> Void
  ) -> @Sendable (Result<Success, Failure>) -> Void {
    { result in
      finished(result)
      resuming { completion(result) }
    }
  }

  /// `completion`, recording that it was called before it runs; see `finishing`.
  public func completing<each Value>(
    _ completion: @escaping @Sendable (repeat each Value) -> Void
  ) -> @Sendable (repeat each Value) -> Void {
    { (values: repeat each Value) in
      completed(repeat each values)
      resuming { completion(repeat each values) }
    }
  }
}
