import VeneerModel
import VeneerTemplates

/// The typed advice an Objective-C intercepting decorator takes for a method, as
/// `InterceptionPlan` is for a Swift requirement; none for a method returning a block or a
/// function pointer, which has no plain spelling.
struct ObjCInterceptionPlan: ObjCDecoratorPlan {
  /// The parts of a method that can be intercepted; nil when it cannot.
  struct Advice: Sendable {
    /// `LoadWithCompletion`: the method's part of its advice's names.
    var hookName: String
    /// The parameter types of advice run before it: `NSInteger, void (^)(NSError *)`, or `void`.
    var beforeParameterTypes: String
    /// The same, the result first when the method returns one.
    var afterParameterTypes: String
    /// What advice run instead returns: the method's return type, `id` for `instancetype`.
    var returnType: String
    /// The arguments, each after a comma: `, index, completion`.
    var trailingArguments: String
    /// The arguments: `index, completion`.
    var arguments: String
  }

  let advice: Advice?

  static let templateMembers: [String: TemplateMember<ObjCInterceptionPlan>] = [
    "isIntercepted": .init(
      .bool, "whether advice can be typed for it (not when it returns a block)",
      { $0.advice != nil }),
    "hookName": .init(
      .text, "`LoadWithCompletion`: its part of the advice's names",
      { $0.advice?.hookName ?? "" }),
    "beforeParameterTypes": .init(
      .text, "the parameter types of advice before it",
      {
        $0.advice?.beforeParameterTypes ?? ""
      }),
    "afterParameterTypes": .init(
      .text, "the parameter types of advice after it, its result first",
      { $0.advice?.afterParameterTypes ?? "" }),
    "blockReturnType": .init(
      .text, "what advice instead of it returns", { $0.advice?.returnType ?? "" }),
    "arguments": .init(.text, "`index, completion`", { $0.advice?.arguments ?? "" }),
    "trailingArguments": .init(
      .text, "`, index, completion`", { $0.advice?.trailingArguments ?? "" }),
  ]

  init(_ facts: ObjCMethodFacts, diagnostics: inout [Diagnostic]) {
    let method = facts.method
    // A block returning a block or a function pointer has no plain spelling.
    guard !ObjCText.needsDeclarator(method.returnType.text) else {
      advice = nil
      return
    }
    let types = method.parameters.map { ObjCText.plainType($0.type.text) }
    let returnType = ObjCText.explicitlyNullable(
      method.returnType.text == "instancetype"
        ? "id" : ObjCText.plainType(method.returnType.text), method.returnType.nullability)
    let names = method.parameters.map(\.name)
    let after = (returnType == "void" ? [] : [returnType]) + types
    advice = Advice(
      hookName: facts.hookName,
      beforeParameterTypes: types.isEmpty ? "void" : types.joined(separator: ", "),
      afterParameterTypes: after.isEmpty ? "void" : after.joined(separator: ", "),
      returnType: returnType,
      trailingArguments: names.map { ", " + $0 }.joined(),
      arguments: names.joined(separator: ", "))
  }
}
