import VeneerModel
import VeneerTemplates

/// How an intercepting decorator runs advice around a call: the arguments travel as one value,
/// a labelled tuple when there are several, to typed advice named after the requirement.
final class InterceptionPlan: DecoratorPlan {
  static let name = "interception"
  let hookName: String
  let interceptionType: String?
  let interceptionArguments: String?
  let interceptionArgumentsType: String?
  let interceptingBody: String?

  static let templateMembers: [String: TemplateMember<InterceptionPlan>] = [
    "hookName": .init(
      .text, "the name of its advice in an intercepting decorator's hooks", { $0.hookName }),
    "interceptionType": .init(
      .optional(.text),
      "the type of its advice, `AsyncThrowingInterception<CreatePostArguments, Post, any Error>`, "
        + "or nothing when it cannot be intercepted (see the Intercepting template)",
      { $0.interceptionType }),
    "interceptionArguments": .init(
      .optional(.text), "the name of its arguments' type: `CreatePostArguments`",
      { $0.interceptionArguments }),
    "interceptionArgumentsType": .init(
      .optional(.text),
      "its arguments' type: a labelled tuple `(title: String, body: String)`, one parameter's "
        + "type, or `Void`", { $0.interceptionArgumentsType }),
    "interceptingBody": .init(
      .optional(.text), "the body that runs the advice around the call to `base`",
      { $0.interceptingBody }),
  ]

  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic]) {
    hookName = plan.hookName
    guard Self.canIntercept(plan) else {
      (interceptionType, interceptionArguments) = (nil, nil)
      (interceptionArgumentsType, interceptingBody) = (nil, nil)
      let proto = plan.context.proto
      if DecoratorIsolation.isolatesItself(plan.requirement), proto.globalActor == nil,
        !proto.isActorBound, !plan.isSkipped(by: "intercepting")
      {
        diagnostics.append(
          Diagnostic(
            .note,
            "the intercepting decorator forwards \(plan.requirement.selector) as it is: it runs "
              + "where it says (nonisolated(nonsending), @concurrent, an isolated parameter or "
              + "its own actor), and its arguments would cross into the nonisolated advice",
            at: plan.requirement.location))
      }
      return
    }
    let parameters = plan.parameters
    let names = plan.names
    let singleNameIsLabel = plan.singleNameIsLabel
    let argumentsType: String
    let argumentsValue: String
    let closureParameter: String
    let forwardedArguments: [String]
    switch parameters.count {
    case 0:
      (argumentsType, argumentsValue, closureParameter) = ("Void", "()", "_")
      forwardedArguments = []
    case 1:
      (argumentsType, argumentsValue, closureParameter) = (
        parameters[0].storedType, parameters[0].name, names.arguments
      )
      forwardedArguments = [
        parameters[0].argument(singleNameIsLabel: singleNameIsLabel, value: names.arguments)
      ]
    default:
      argumentsType =
        "(" + parameters.map { "\($0.name): \($0.storedType)" }.joined(separator: ", ") + ")"
      argumentsValue = names.arguments
      closureParameter = names.arguments
      forwardedArguments = parameters.map {
        $0.argument(singleNameIsLabel: singleNameIsLabel, value: "\(names.arguments).\($0.name)")
      }
    }
    let requirement = plan.requirement
    let effects = requirement.effects
    // Swift's: a module the decorators import may declare an `Error` of its own (OpenAPIKit).
    let failure = plan.isThrowing ? ", \(effects.thrownType?.text ?? "any Swift.Error")" : ""
    let alias = Naming.rawIdentifierIfNeeded(
      hookName.trimmingBackticks.prefix(1).uppercased()
        + hookName.trimmingBackticks.dropFirst() + "Arguments")
    interceptionArguments = alias
    // Declared in the decorator's `Hooks`, where `Self` is `Hooks`: `Self.Span` is the base's.
    let baseType = plan.context.baseType
    func outsideHooks(_ type: String) -> String {
      guard type.containsBytes(of: "Self.") else { return type }
      return type.replacingOccurrences(
        of: #"(?<![A-Za-z0-9_])Self\."#, with: "\(baseType).", options: .regularExpression)
    }
    interceptionArgumentsType = outsideHooks(argumentsType)
    interceptionType = outsideHooks(
      "\(plan.isAsync ? "Async" : "")\(plan.isThrowing ? "Throwing" : "")Interception<\(alias), "
        + "\(plan.nameableResultType ?? "Void")\(failure)>")
    let packing =
      parameters.count > 1
      ? "let \(names.arguments) = ("
        + parameters.map { "\(ForwardedParameter.label($0.name)): \($0.name)" }
        .joined(separator: ", ") + ")\n" : ""
    interceptingBody =
      packing
      + "return \(plan.effectsPrefix)\(plan.storage["hooks"]).\(hookName).call(\(argumentsValue)) "
      + "{ \(closureParameter)"
      // Closures do not infer a typed error from their context (yet), so it is spelt out.
      + (effects.thrownType.map { "\(plan.isAsync ? " async" : "") throws(\($0.text))" } ?? "")
      + " in \(plan.effectsPrefix)\(plan.target).\(requirement.name)("
      + "\(forwardedArguments.joined(separator: ", "))) }"
  }

  /// Whether advice can run around the requirement: an instance method, not generic, not
  /// deprecated (its advice's types would be, in `Hooks`: SwiftNIO's `joinGroup(_:interface:…)`
  /// takes a deprecated `NIONetworkInterface`), not a builder returning `Self` (its advice
  /// would see a decorator made after the call), whose
  /// arguments can travel as one value to nonisolated advice (no `inout`, pack, autoclosure,
  /// `Self`, opaque or non-escaping closure parameter), in a protocol bound to no actor.
  private static func canIntercept(_ plan: RequirementPlan) -> Bool {
    let requirement = plan.requirement
    guard requirement.kind == .method, !requirement.isStatic,
      requirement.genericParameters.isEmpty, plan.selfResult == nil,
      !requirement.attributes.contains(where: {
        $0.name == "available" && $0.arguments?.containsBytes(of: "deprecated") == true
      })
    else { return false }
    let canTravel = plan.parameters.allSatisfy { parameter in
      // An opaque parameter type (`some P`) is a hidden generic parameter.
      !parameter.parameter.isInout && !parameter.isPack && !parameter.parameter.isAutoclosure
        && !parameter.parameter.isSelfValue
        && !parameter.parameter.type.mentionsOpaqueType
        && !(parameter.parameter.isClosure && !parameter.parameter.isEscaping
          && !parameter.parameter.type.isOptional)
    }
    // The advice is nonisolated; an actor's arguments, or those of a call that runs where its
    // caller or an `isolated` parameter says, would have to cross into it. Asked last, since
    // each looks through the protocol's inherited types or attributes.
    let proto = plan.context.proto
    return canTravel && !DecoratorIsolation.isolatesItself(requirement) && !proto.isActorBound
      && proto.globalActor == nil
  }
}
