import VeneerModel
import VeneerTemplates

extension RequirementPlan: TemplateObject {
  /// The neutral members; the decorator plans' are added to them.
  static let neutralMembers: [String: TemplateMember<RequirementPlan>] = [
    "requirement": .init(
      .object("Requirement"), "the parsed requirement",
      {
        TemplateReference(RequirementView($0.requirement))
      }),
    "kind": .init(.text, "`method`, `property` or `subscript`", { $0.kind.rawValue }),
    "isMethod": .init(.bool, "whether it is a method", { $0.isMethod }),
    "isStatic": .init(.bool, "whether it is static", { $0.isStatic }),
    "isGeneric": .init(.bool, "whether it has generic parameters of its own", { $0.isGeneric }),
    "qualifiedSelector": .init(
      .text,
      "the identity in logs and cache keys, a span's `code.function.name`: "
        + "`PostRepo.getPost(id:completion:)`",
      { $0.qualifiedSelector }),
    "qualifiedSelectorLiteral": .init(
      .text, "the same as a Swift string literal", { $0.qualifiedSelectorLiteral }),
    "effectsPrefix": .init(
      .text, "`try await ` (with its space), `try `, `await ` or empty, before a call",
      { $0.effectsPrefix }),
    "selectorLiteral": .init(
      .text, "`\"getPost(id:completion:)\"`, a metric's `requirement`", { $0.selectorLiteral }),
    "typedClosureSignature": .init(
      .text, "`() throws(E) -> T in` for a typed error, which closures do not infer; else empty",
      { $0.typedClosureSignature }),
    "declaration": .init(
      .text, "the member's declaration in a decorator, without a body", { $0.declaration }),
    "forwardingImplementation": .init(
      .text, "the whole member, forwarding to `base` without decoration",
      { $0.forwardingImplementation }),
    "forwardCall": .init(
      .text, "the call to `base` with its effects: `try await base.load(id: id)`",
      { $0.forwardCall }),
    "isThrowing": .init(.bool, "whether it throws", { $0.isThrowing }),
    "isAsync": .init(.bool, "whether it is async", { $0.isAsync }),
    "doStatement": .init(
      .text, "`do throws(E)` for typed throws, else `do`", { $0.doStatement }),
    "thrownType": .init(
      .optional(.text), "the error type of typed throws: `PostError`", { $0.thrownType }),
    "completionIsSendable": .init(
      .bool, "whether the completion handler is escaping and `@Sendable`",
      { $0.completionIsSendable }),
    "completionSuccessCase": .init(
      .text, "the case a result handler's success goes in: `success`, or an app's own (`value`)",
      { $0.completionSuccessCase }),
    "outcome": .init(
      .text,
      "how it delivers its outcome: `none`, `value`, `result`, `completionResult` or `completion`",
      { $0.outcome.rawValue }),
    "valueType": .init(
      .optional(.text), "the type returned, or a `Result`'s success type", { $0.valueType }),
    "completionName": .init(
      .optional(.text), "the completion handler's name", { $0.completionName }),
    "completionCallOpening": .init(
      .optional(.text), "the call to `base` with a trailing closure, up to `in`",
      { $0.completionCallOpening }),
    "completionArguments": .init(
      .optional(.text), "the names the trailing closure receives", { $0.completionArguments }),
    "completionForward": .init(
      .optional(.text), "the original handler called with those names",
      {
        $0.completionForward
      }),
    "callPassingCompletion": .init(
      .optional(.text),
      "the same call up to the handler's value, for passing one the runtime makes: "
        + "`base.get(path, completion: `",
      { $0.callPassingCompletion }),
    "names": .init(
      .object("LocalNames"), "local names that do not clash with the parameters",
      { $0.namesReference }),
    "storage": .init(
      .object("StorageNames"),
      "the decorator's stored properties as its body reaches them: `self.logger` where a "
        + "parameter is called `logger`",
      { $0.storageReference }),
    "annotations": .init(
      .dictionary(.dictionary(.text)),
      "its `// veneer:` annotations (then the protocol's), by key, each with `key` and its "
        + "labelled arguments as Swift of their kind (a string a string literal, a number a "
        + "number, a name a reference): `r.annotations.retry.attempts`",
      { $0.annotationArguments }),
    "conditionsOpening": .init(
      .text, "the `#if` lines around the requirement, or empty", { $0.conditionsOpening }),
    "conditionsClosing": .init(.text, "the matching `#endif` lines", { $0.conditionsClosing }),
  ]

  /// Every member templates read on a requirement: the neutral ones and each decorator plan's.
  static let templateMembers = neutralMembers.merging(
    DecoratorPlans.membersOnPlans, uniquingKeysWith: { neutral, _ in neutral })

  package func templateMember(_ name: String) -> Any? {
    Self.templateMembers[name]?.value(self).any
  }
}
