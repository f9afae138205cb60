import VeneerModel
import VeneerTemplates

/// What Objective-C templates write for one instance method of a protocol: its declaration,
/// the call forwarding it, and how its outcome is seen (a completion block, an `NSError **`,
/// a returned value).
///
/// Locals of generated methods start with `vnr_`, a prefix headers do not use, so that they never
/// hide a parameter.
package struct ObjCMethodPlan: Sendable {
  package let method: ObjCMethod
  let protocolName: String
  /// `- (void)loadWithCompletion:(void (^)(NSError *))completion`.
  let declaration: String
  /// `[_base loadWithCompletion:completion]`.
  let forwardCall: String
  let returnsValue: Bool
  /// `completion`, `errorOut`, `value` or `none`.
  let outcome: String
  /// The template names `skip(…)` lists for it, in lower case; every template for a bare `skip`.
  let skippedTemplates: [String]
  let logArguments: String
  let resultDescription: String
  let completion: Completion?
  /// The `NSError **` parameter's name.
  let errorOutName: String?
  /// Each built-in's part of it, by position in `ObjCDecoratorPlans.all`.
  let decoratorPlans: [any ObjCDecoratorPlan]

  /// A completion block the decorator wraps to see how the call ended.
  struct Completion: Sendable {
    /// `[_base loadWithCompletion:^(NSArray * items, NSError * error) {`, after `NSProgress *
    /// vnr_result = ` when the method also returns a value.
    var callOpening: String
    /// `if (completion) completion(items, error);`
    var forward: String
    /// `error`, the block's `NSError *` parameter, or empty.
    var errorName: String
    /// Logger metadata of the block's other arguments.
    var resultDescription: String
  }

  /// - Parameters:
  ///   - protocolAnnotations: the protocol's, which `Disclosure` reads beside the method's.
  init(
    _ method: ObjCMethod, protocolName: String, eventPrefix: String, options: RenderOptions,
    protocolAnnotations: [Annotation], hookName: String, eventFromWholeSelector: Bool,
    diagnostics: inout [Diagnostic]
  ) {
    self.method = method
    self.protocolName = protocolName
    let parameters = method.parameters
    let returnType = method.returnType.text
    returnsValue = returnType != "void"
    declaration = Self.declaration(of: method)
    forwardCall = Self.call(method, receiver: "_base")
    let annotations = method.annotations
    var skipped = annotations.filter { $0.key == "skip" }.flatMap { skip in
      skip.positionalValues.isEmpty
        ? BuiltInObjCTemplates.typedNames
        : skip.positionalValues.flatMap(\.texts).map { $0.lowercased() }
    }
    if options.leavesUntracked(annotations) { skipped.append("analytics") }
    skippedTemplates = skipped
    let firstPiece = String(method.firstSelectorPiece)
    // A selector piece is Objective-C's argument label: `setPassword:(NSString *)value`.
    let disclosure = Disclosure(
      name: firstPiece, parameters: parameters.map { ($0.name, $0.selectorPiece) },
      annotations: annotations, protocolAnnotations: protocolAnnotations)
    func level(_ parameter: ObjCParameter) -> Disclosure.Level {
      disclosure.level(ofParameter: parameter.name, label: parameter.selectorPiece)
    }
    // `value_limit`, or the runtime's default, the same as Swift's decorators use.
    let limit = options.logValueLimit.map(String.init) ?? "VNRDefaultValueLimit"

    logArguments = ObjCText.dictionary(
      parameters.filter { !ObjCText.isErrorOutParameter($0.type.text) }.map { parameter in
        (parameter.name, ObjCText.describe(parameter.name, level(parameter), limit: limit))
      })
    resultDescription = ObjCText.describe("vnr_result", disclosure.result, limit: limit)

    errorOutName = parameters.last { ObjCText.isErrorOutParameter($0.type.text) }?.name
    completion = Self.completion(of: method, result: disclosure.result, limit: limit)
    outcome =
      completion != nil
      ? "completion"
      : errorOutName != nil
        ? "errorOut"
        : returnsValue ? "value" : "none"

    let facts = ObjCMethodFacts(
      method: method, options: options, eventPrefix: eventPrefix, hookName: hookName,
      eventFromWholeSelector: eventFromWholeSelector, disclosure: disclosure, valueLimit: limit)
    decoratorPlans = ObjCDecoratorPlans.all.map { $0.plan(facts, &diagnostics) }
  }

  /// The part of the built-in at `position` in `ObjCDecoratorPlans.all`.
  func decoratorPlan<Plan: ObjCDecoratorPlan>(_ position: Int, as plan: Plan.Type) -> Plan {
    // Every built-in's part is planned for every method, in that order.
    decoratorPlans[position] as! Plan
  }

  /// `- (void)getPostWithID:(NSInteger)postID completion:(…)completion`, types as written.
  static func declaration(of method: ObjCMethod) -> String {
    let sign = method.isClassMethod ? "+" : "-"
    let head = "\(sign) (\(method.returnType.text))"
    guard !method.parameters.isEmpty else { return head + method.selector }
    return head
      + method.parameters.map { "\($0.selectorPiece):(\($0.type.text))\($0.name)" }
      .joined(separator: " ")
  }

  /// `NSString * _Nullable vnr_result`; `__auto_type` only where the type needs a declarator
  /// around the name, since it warns when it deduces `id`.
  static func resultDeclaration(of method: ObjCMethod) -> String {
    let type = method.returnType.text
    if ObjCText.needsDeclarator(type) { return "__auto_type vnr_result" }
    return (type == "instancetype" ? "id" : ObjCText.plainType(type)) + " vnr_result"
  }

  /// `[receiver getPostWithID:postID completion:completion]`.
  static func call(_ method: ObjCMethod, receiver: String, arguments: [String]? = nil) -> String {
    guard !method.parameters.isEmpty else { return "[\(receiver) \(method.selector)]" }
    let values = arguments ?? method.parameters.map(\.name)
    return "[\(receiver) "
      + zip(method.parameters, values).map { "\($0.selectorPiece):\($1)" }.joined(separator: " ")
      + "]"
  }

  /// Names a completion block is known by: the last parameter, a block returning nothing, is
  /// one when its name or selector piece says so. Other blocks (`enumerateWithBlock:`) may be
  /// called many times, or never, and are forwarded as they are.
  private static let completionWords = ["completion", "handler", "callback", "reply"]

  private static func completion(
    of method: ObjCMethod, result: Disclosure.Level, limit: String
  ) -> Completion? {
    guard let last = method.parameters.last, let block = last.type.block,
      block.returnType == "void",
      completionWords.contains(where: {
        last.name.lowercased().contains($0) || last.selectorPiece.lowercased().contains($0)
      }),
      // A block's own block parameters need a declarator around their names.
      !block.parameters.contains(where: { ObjCText.needsDeclarator($0.type) })
    else { return nil }
    let names = block.parameters.enumerated().map { index, parameter in
      parameter.name.map { "vnr_\($0)" } ?? "vnr_argument\(index)"
    }
    let literalParameters =
      block.parameters.isEmpty
      ? ""
      : "(" + zip(block.parameters, names).map { "\($0.type) \($1)" }.joined(separator: ", ") + ")"
    let errorIndex = block.parameters.lastIndex { ObjCText.isError($0.type) }
    let resultIndices = block.parameters.indices.filter { $0 != errorIndex }
    let results = resultIndices.map { index in
      let name = block.parameters[index].name ?? "argument\(index)"
      // What the block receives is the call's result; a secret's name hides it still.
      let level = Naming.looksSecret(name) ? .redacted : result
      return (key: name, value: ObjCText.describe(names[index], level, limit: limit))
    }
    let arguments = method.parameters.dropLast().map(\.name) + ["^\(literalParameters) {"]
    let call = Self.call(method, receiver: "_base", arguments: arguments)
    let invocation = "\(last.name)(\(names.joined(separator: ", ")));"
    return Completion(
      callOpening: (method.returnType.text == "void" ? "" : resultDeclaration(of: method) + " = ")
        + String(call.dropLast()),
      // Even a `nonnull` completion: a caller passing nil should see what the base does.
      forward: "if (\(last.name)) \(invocation)",
      errorName: errorIndex.map { names[$0] } ?? "",
      resultDescription: results.isEmpty
        ? "nil"
        : results.count == 1
          ? results[0].value
          : "[NSString stringWithFormat:"
            + ObjCText.literal(results.map { "\($0.key)=%@" }.joined(separator: ", "))
            + results.map { ", " + $0.value }.joined() + "]")
  }

}

extension ObjCMethodPlan: TemplateObject {
  /// What templates read on every method, and each built-in's members
  /// (`ObjCDecoratorPlans.membersOnMethods`).
  static let templateMembers = neutralMembers.merging(
    ObjCDecoratorPlans.membersOnMethods, uniquingKeysWith: { neutral, _ in neutral })

  /// What every method's plan has, whichever built-ins are registered.
  static let neutralMembers: [String: TemplateMember<ObjCMethodPlan>] = [
    "selector": .init(
      .text, "the full selector: `getPostWithID:completion:`", { $0.method.selector }),
    "requirementLiteral": .init(
      .text, "`@\"LoaderService.loadWithCompletion:\"`, what logs name the call by",
      { ObjCText.literal("\($0.protocolName).\($0.method.selector)") }),
    "declaration": .init(
      .text, "the method's declaration, types as written, without `;`", { $0.declaration }),
    "isOptional": .init(.bool, "declared under `@optional`", { $0.method.isOptional }),
    "returnsValue": .init(.bool, "whether it returns something", { $0.returnsValue }),
    "forwardCall": .init(.text, "`[_base loadWithCompletion:completion]`", { $0.forwardCall }),
    "forwardingImplementation": .init(
      .text, "the whole method, forwarding the call untouched",
      { "\($0.declaration) {\n\($0.returnsValue ? "return " : "")\($0.forwardCall);\n}" }),
    "outcome": .init(
      .text,
      "how the call ends: `completion` (a completion block), `errorOut` (an `NSError **`), "
        + "`value` or `none`", { $0.outcome }),
    "skippedTemplates": .init(
      .list(.text), "the templates `skip(…)` names on it, in lower case", { $0.skippedTemplates }),
    "logArguments": .init(
      .text,
      "an `NSDictionary` of the arguments described, private unless declared public, secrets "
        + "redacted", { $0.logArguments }),
    "resultDeclaration": .init(
      .text,
      "`NSString * _Nullable vnr_result`: the result's local, typed (`__auto_type` would warn "
        + "for `id`, and is kept for blocks and function pointers)",
      { resultDeclaration(of: $0.method) }),
    "resultDescription": .init(
      .text, "`vnr_result` described as `public(result)` allows, or `VNRRedacted`",
      { $0.resultDescription }),
    "completionCallOpening": .init(
      .text, "the forwarding call up to the body of the block wrapping the completion",
      { $0.completion?.callOpening ?? "" }),
    "completionForward": .init(
      .text, "calls the caller's completion with the block's arguments",
      { $0.completion?.forward ?? "" }),
    "completionErrorName": .init(
      .text, "the wrapping block's `NSError *` parameter, or empty",
      {
        $0.completion?.errorName ?? ""
      }),
    "completionResultDescription": .init(
      .text, "the completion's other arguments described, or `nil`",
      { $0.completion?.resultDescription ?? "nil" }),
    "errorOutName": .init(
      .text, "the `NSError **` parameter, or empty", { $0.errorOutName ?? "" }),
    "errorOutFailed": .init(
      .text,
      "whether a call with an `NSError **` failed: `!vnr_result` for a `BOOL` or object result, "
        + "else `vnr_error != nil`",
      { (plan: borrowing ObjCMethodPlan) -> String in
        let type = plan.method.returnType.text.split(separator: " ").filter {
          !ObjCText.nullabilityWords.contains(String($0))
        }.joined(separator: " ")
        let signalsFailure =
          type.contains("*") || type == "BOOL" || type == "bool" || type == "id"
          || type.hasPrefix("id<") || type == "instancetype"
        return signalsFailure ? "!vnr_result" : "vnr_error != nil"
      }),
    "forwardCallWithLocalError": .init(
      .text, "the forwarding call, its `NSError **` pointing at `vnr_error`",
      { (plan: borrowing ObjCMethodPlan) -> String in
        Self.call(
          plan.method, receiver: "_base",
          arguments: plan.method.parameters.map {
            $0.name == plan.errorOutName ? "&vnr_error" : $0.name
          })
      }),
  ]

  package func templateMember(_ name: String) -> Any? {
    Self.templateMembers[name]?.value(self).any
  }
}
