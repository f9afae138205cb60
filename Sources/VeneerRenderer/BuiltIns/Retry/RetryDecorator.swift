import VeneerModel

extension BuiltInDecorator {
  /// Makes a failed call again, with backoff, where its requirement is declared idempotent;
  /// opt-in, since it changes what a failing call does.
  static let retry = BuiltInDecorator(
    name: "Retry",
    summary: "makes a failed call again, with jittered backoff, where declared idempotent",
    annotations: ["retry": ["attempts": .count], "idempotent": ["attempts": .count]],
    storage: [
      ("retryPolicy", "the retrying decorator's policy: `retryPolicy`"),
      ("policyClock", "the clock the retrying decorator waits on: `policyClock`"),
    ],
    plan: DecoratorPlanKind(RetryPlan.self),
    options: [BuiltInOption("attempts", .templateValue(.count))],
    isOptIn: true,
    annotationUses: [
      "retry": AnnotationUse(
        "retry, retry(attempts: number)", onProtocol: "decorate it with the Retry template",
        onRequirement: "declares nothing: `idempotent` declares a requirement retryable"),
      "idempotent": AnnotationUse(
        "idempotent, idempotent(attempts: number)", onProtocol: nil,
        onRequirement: "declares that making the call twice does what making it once does, so "
          + "a retrying decorator may make it again (`attempts` times at most); nothing else is "
          + "ever retried"),
    ],
    declarations: BuiltInDecorator.Declarations(macroLabel: "idempotent", key: "idempotent"))
}
