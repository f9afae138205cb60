import VeneerModel

/// How a requirement delivers its outcome, and, for a completion handler, the pieces a
/// template wraps around it.
///
/// Only a last parameter is taken for a completion handler (an escaping closure elsewhere may
/// be called any number of times), so the call always ends in a trailing closure. A method that
/// also returns a value is forwarded as it is: its value must be returned. An async method
/// returns its result; a closure it takes is no completion handler.
struct OutcomePlan {
  var outcome: RequirementPlan.Outcome
  var valueType: String?
  var completionCallOpening: String?
  var completionArguments: String?
  var completionForward: String?
  var callPassingCompletion: String?
  var completionName: String?
  var completionIsSendable = false
  var completionSuccessCase = "success"

  init(
    _ requirement: Requirement, parameters: [ForwardedParameter], arguments: [String],
    names: LocalNames, target: String, effectPrefix: String, singleNameIsLabel: Bool,
    nameableResultType: String?
  ) {
    guard requirement.kind == .method, !requirement.effects.isAsync,
      let handler = parameters.last, var completion = handler.completion,
      requirement.returnType.map({ ["Void", "()"].contains($0.text) }) ?? true
    else {
      if let returnType = requirement.returnType, !returnType.isVoid {
        if let success = returnType.resultSuccessType {
          (outcome, valueType) = (.result, RequirementPlan.parenthesized(success))
        } else {
          outcome = .value
          valueType = RequirementPlan.parenthesized(nameableResultType ?? returnType.text)
        }
      } else {
        outcome = .none
      }
      return
    }
    // A generic requirement's handler passes through the runtime, which knows `Result` only.
    if completion.resultEnum != nil, !requirement.genericParameters.isEmpty {
      completion.resultSuccessType = nil
      completion.resultEnum = nil
    }
    let closureArguments =
      completion.parameterCount == 1
      ? (completion.resultSuccessType != nil ? names.result : names.value)
      : (0..<completion.parameterCount).map { "\(names.value)\($0)" }.joined(separator: ", ")
    // A generic requirement's type parameters are inferred from the closure's types.
    let typedArguments = zip(closureArguments.split(separator: ","), completion.parameterTypes)
      .map { "\($0.0.trimmingWhitespace): \($0.1)" }.joined(separator: ", ")
    let closureHead =
      closureArguments.isEmpty
      ? "{"
      : requirement.genericParameters.isEmpty
        ? "{ \(closureArguments) in" : "{ (\(typedArguments)) in"
    let otherArguments = arguments.dropLast().joined(separator: ", ")
    let call = "\(effectPrefix)\(target).\(requirement.name)"
    var opening =
      (otherArguments.isEmpty ? call : "\(call)(\(otherArguments))") + " \(closureHead)"
    completionName = handler.name
    // The runtime's `finishing(_:)` keeps the handler, so it must be escaping.
    completionIsSendable =
      handler.parameter.isEscaping
      && handler.parameter.type.attributes.contains { $0.name == "Sendable" }
    var receivedArguments = closureArguments
    if let resultEnum = completion.resultEnum, let success = completion.resultSuccessType {
      // The app's own result, read as `Swift.Result` (which its name may shadow).
      opening +=
        "\nlet \(names.outcome): Swift.Result<\(success), any Swift.Error>\n"
        + "switch \(closureArguments) {\n"
        + "case .\(resultEnum.successCase)(let \(names.value)): "
        + "\(names.outcome) = .success(\(names.value))\n"
        + "case .\(resultEnum.failureCase)(let error): \(names.outcome) = .failure(error)\n}"
      receivedArguments = names.outcome
      completionSuccessCase = resultEnum.successCase
    }
    completionArguments = receivedArguments
    completionCallOpening = opening
    completionForward = "\(handler.name)(\(closureArguments))"
    let handlerLabel = handler.argument(singleNameIsLabel: singleNameIsLabel, value: "")
    callPassingCompletion =
      "\(call)(" + (otherArguments.isEmpty ? "" : "\(otherArguments), ") + handlerLabel
    if let success = completion.resultSuccessType {
      (outcome, valueType) = (.completionResult, RequirementPlan.parenthesized(success))
    } else {
      outcome = .completion
    }
  }
}
