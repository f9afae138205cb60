import Foundation
import VeneerModel

/// A template parsed, checked and compiled once into closures over the typed members of
/// `TemplateSchema`, then rendered for any number of protocols, on any thread.
///
/// It renders what Stencil renders for the same template, byte for byte (the tests hold
/// Stencil to that as an oracle): the same whitespace trimming, truthiness, comparisons,
/// filters and text for values. Where Stencil would reach into arbitrary values through
/// `Mirror`, the checker has already rejected the template.
public struct CompiledTemplate: Sendable {
  public let source: TemplateSource
  /// `source.imports`, read once rather than for every protocol.
  public let imports: [String]
  private let nodes: [RenderNode]
  private let slotCount: Int

  /// Compiles `source`, or gives every mistake in it, each at its line and column.
  public static func compile(_ source: TemplateSource) -> Result<CompiledTemplate, TemplateErrors> {
    let syntax: TemplateSyntax
    do {
      syntax = try TemplateSyntax(source.text, file: source.path)
    } catch {
      return .failure(TemplateErrors(diagnostics: [error.diagnostic]))
    }
    let mistakes = TemplateChecker.check(syntax)
    guard mistakes.isEmpty else { return .failure(TemplateErrors(diagnostics: mistakes)) }
    return .success(CompiledTemplate(source: source, syntax: syntax))
  }

  private init(source: TemplateSource, syntax: TemplateSyntax) {
    var compiler = Compiler()
    nodes = compiler.compile(syntax.nodes)
    slotCount = compiler.slotCount
    self.source = source
    imports = source.imports
  }

  /// The template's output for one protocol, laid out like `swift format` would.
  public func render(_ plan: ProtocolPlan) throws(TemplateError) -> String {
    SwiftLayout.format(try renderUnformatted(plan))
  }

  /// The template's output before layout: what Stencil would render.
  public func renderUnformatted(_ plan: ProtocolPlan) throws(TemplateError) -> String {
    let scope = RenderScope(slotCount: slotCount)
    scope.slots[Compiler.planSlot] = TemplateReference(plan)
    scope.slots[Compiler.decoratorSlot] = plan.decoratorName(template: source.name)
    scope.slots[Compiler.optionsSlot] = source.options
    var output = ""
    try Self.render(nodes, scope, into: &output)
    return output
  }

  private static func render(_ nodes: [RenderNode], _ scope: RenderScope, into output: inout String)
    throws(TemplateError)
  {
    for node in nodes {
      switch node {
      case .text(let text):
        output += text
      case .output(let expression):
        output += TemplateValues.text(of: try expression(scope))
      case .forLoop(let slot, let loopSlot, let sequence, let body, let empty):
        let elements = TemplateValues.elements(of: try sequence(scope))
        guard !elements.isEmpty else {
          try render(empty, scope, into: &output)
          continue
        }
        for (index, element) in elements.enumerated() {
          scope.slots[slot] = element
          scope.slots[loopSlot] = ForLoopState(index: index, length: elements.count)
          try render(body, scope, into: &output)
        }
      case .conditional(let branches, let otherwise):
        var taken: [RenderNode]?
        for branch in branches {
          if try branch.condition(scope) {
            taken = branch.body
            break
          }
        }
        try render(taken ?? otherwise, scope, into: &output)
      }
    }
  }
}

// MARK: - Compiled form

/// Variables by slot: `plan`, `decorator` and `options` first, then each loop's variable and
/// its `forloop`. Slots are decided at compile time, so rendering never looks up a name.
private final class RenderScope {
  var slots: [Any?]
  init(slotCount: Int) { slots = Array(repeating: nil, count: slotCount) }
}

private typealias Evaluation = @Sendable (RenderScope) throws(TemplateError) -> Any?
private typealias Test = @Sendable (RenderScope) throws(TemplateError) -> Bool

private indirect enum RenderNode: Sendable {
  case text(String)
  case output(Evaluation)
  case forLoop(
    slot: Int, loopSlot: Int, sequence: Evaluation, body: [RenderNode], empty: [RenderNode])
  case conditional(branches: [(condition: Test, body: [RenderNode])], otherwise: [RenderNode])
}

/// What `forloop` is inside a `for`.
private struct ForLoopState {
  var index: Int
  var length: Int

  static let members: [String: @Sendable (ForLoopState) -> Any] = [
    "counter": { $0.index + 1 }, "counter0": { $0.index }, "first": { $0.index == 0 },
    "last": { $0.index == $0.length - 1 }, "length": { $0.length },
  ]
}

private struct Compiler {
  static let planSlot = 0
  static let decoratorSlot = 1
  static let optionsSlot = 2

  var slotCount = 3
  /// Each visible name's slot and type; loops shadow outer names.
  var scope: [String: (slot: Int, type: TemplateType)] = [
    "plan": (planSlot, .object("ProtocolPlan")), "decorator": (decoratorSlot, .text),
    "options": (optionsSlot, .dictionary(.text)),
  ]

  mutating func compile(_ nodes: [TemplateSyntax.Node]) -> [RenderNode] {
    nodes.map { node in
      switch node {
      case .text(let text):
        return .text(text)
      case .output(let expression):
        return .output(compile(expression).evaluation)
      case .forLoop(let variable, let sequence, let body, let empty):
        let (evaluation, type) = compile(sequence)
        let compiledEmpty = compile(empty)
        let outer = scope
        let slot = slotCount
        slotCount += 2
        if case .list(let element) = type.unwrapped {
          scope[variable.text] = (slot, element)
        }
        scope["forloop"] = (slot + 1, .object("ForLoop"))
        let compiledBody = compile(body)
        scope = outer
        return .forLoop(
          slot: slot, loopSlot: slot + 1, sequence: evaluation, body: compiledBody,
          empty: compiledEmpty)
      case .conditional(let branches, let otherwise):
        return .conditional(
          branches: branches.map { (compile($0.condition), compile($0.body)) },
          otherwise: compile(otherwise))
      }
    }
  }

  func compile(_ condition: TemplateSyntax.Condition) -> Test {
    switch condition {
    case .test(let expression):
      let evaluation = compile(expression).evaluation
      return { scope throws(TemplateError) in TemplateValues.isTruthy(try evaluation(scope)) }
    case .not(let inner):
      let test = compile(inner)
      return { scope throws(TemplateError) in !(try test(scope)) }
    case .and(let left, let right):
      let (first, second) = (compile(left), compile(right))
      return { scope throws(TemplateError) in
        guard try first(scope) else { return false }
        return try second(scope)
      }
    case .or(let left, let right):
      let (first, second) = (compile(left), compile(right))
      return { scope throws(TemplateError) in
        if try first(scope) { return true }
        return try second(scope)
      }
    case .comparison(let left, let comparison, let right):
      let (first, second) = (compile(left).evaluation, compile(right).evaluation)
      let compare = TemplateValues.comparison(comparison)
      return { scope throws(TemplateError) in compare(try first(scope), try second(scope)) }
    }
  }

  func compile(_ expression: TemplateSyntax.Expression) -> (
    evaluation: Evaluation, type: TemplateType
  ) {
    var (evaluation, type) = compile(expression.operand)
    for filter in expression.filters {
      let arguments = filter.arguments.map { compile($0).evaluation }
      let apply = TemplateValues.filter(named: filter.name.text, at: filter.name.location)
      let input = evaluation
      evaluation = { scope throws(TemplateError) in
        var values: [Any?] = []
        for argument in arguments { values.append(try argument(scope)) }
        return try apply(try input(scope), values)
      }
      type = TemplateSchema.filters.first { $0.name == filter.name.text }?.result(type) ?? type
    }
    return (evaluation, type)
  }

  func compile(_ operand: TemplateSyntax.Operand) -> (evaluation: Evaluation, type: TemplateType) {
    switch operand {
    case .string(let text):
      return ({ _ in text }, .text)
    case .number(let literal):
      // Stencil reads an integer literal as `Int`, any other number as `Float`.
      if let integer = Int(exactly: literal) { return ({ _ in integer }, .number) }
      let float = Float(literal)
      return ({ _ in float }, .number)
    case .bool(let flag):
      return ({ _ in flag }, .bool)
    case .variable(let names):
      // The checker has accepted every name, so each is in scope or a member of its owner.
      guard let root = scope[names[0].text] else { return ({ _ in nil }, .text) }
      let slot = root.slot
      var evaluation: Evaluation = { $0.slots[slot] }
      var type = root.type
      for name in names.dropFirst() {
        let step = member(name.text, of: type)
        let owner = evaluation
        evaluation = { scope throws(TemplateError) in try owner(scope).flatMap(step.read) }
        type = step.type
      }
      return (evaluation, type)
    }
  }

  /// How to read `name` from a value of `type`, and what it gives.
  func member(_ name: String, of type: TemplateType) -> (
    read: @Sendable (Any) -> Any?, type: TemplateType
  ) {
    switch type.unwrapped {
    case .object(let objectName):
      let memberType = TemplateSchema.objects[objectName]?.first { $0.name == name }?.type ?? .text
      if objectName == "ForLoop" {
        let read = ForLoopState.members[name]
        return ({ ($0 as? ForLoopState).flatMap { read?($0) } }, memberType)
      }
      let read = TemplateSchema.reader(of: name, on: objectName)
      return ({ read?($0) }, memberType)
    case .list(let element):
      let memberType = TemplateSchema.listMembers(of: element)[name] ?? .optional(element)
      return ({ TemplateValues.member(name, ofList: $0) }, memberType)
    case .dictionary(let value):
      return ({ TemplateValues.member(name, ofDictionary: $0) }, .optional(value))
    default:
      return ({ _ in nil }, .text)
    }
  }
}

// MARK: - Values, as Stencil treats them

/// Lists and dictionaries of any element type, read without converting them to `[Any]` first.
private protocol TemplateList {
  var templateElements: [Any] { get }
  var templateCount: Int { get }
}

extension Array: TemplateList {
  fileprivate var templateElements: [Any] { map { $0 } }
  fileprivate var templateCount: Int { count }
}

private protocol TemplateDictionary {
  func templateValue(forKey key: String) -> Any?
  var templateCount: Int { get }
}

extension Dictionary: TemplateDictionary where Key == String {
  fileprivate func templateValue(forKey key: String) -> Any? { self[key] }
  fileprivate var templateCount: Int { count }
}

private enum TemplateValues {
  /// Stencil's `stringify`.
  static func text(of value: Any?) -> String {
    switch value {
    case let text as String: text
    case let list as TemplateList: "\(list.templateElements)"
    case let describable as CustomStringConvertible: describable.description
    default: ""
    }
  }

  static func elements(of value: Any?) -> [Any] {
    (value as? TemplateList)?.templateElements ?? []
  }

  /// Stencil's truthiness: non-empty lists, dictionaries and text, `true`, numbers above zero,
  /// and any other value that is there.
  static func isTruthy(_ value: Any?) -> Bool {
    // The commonest first: casts to a protocol are slower than to a type.
    switch value {
    case nil: false
    case let flag as Bool: flag
    case let text as String: !text.isEmpty
    case let list as TemplateList: list.templateCount > 0
    case let dictionary as TemplateDictionary: dictionary.templateCount > 0
    default: number(value).map { $0 > 0 } ?? true
    }
  }

  static func number(_ value: Any?) -> Float? {
    switch value {
    case let integer as Int: Float(integer)
    case let float as Float: float
    case let double as Double: Float(double)
    default: nil
    }
  }

  static func member(_ name: String, ofList value: Any) -> Any? {
    guard let list = value as? TemplateList else { return nil }
    switch name {
    case "count": return list.templateCount
    case "first": return list.templateElements.first
    case "last": return list.templateElements.last
    default:
      let elements = list.templateElements
      return Int(name).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
    }
  }

  static func member(_ name: String, ofDictionary value: Any) -> Any? {
    guard let dictionary = value as? TemplateDictionary else { return nil }
    return name == "count" ? dictionary.templateCount : dictionary.templateValue(forKey: name)
  }

  static func comparison(_ symbol: String) -> @Sendable (Any?, Any?) -> Bool {
    switch symbol {
    case "==": return isEqual
    case "!=": return { !isEqual($0, $1) }
    case "in": return isContained
    default:
      let compare: @Sendable (Float, Float) -> Bool =
        switch symbol {
        case "<": { $0 < $1 }
        case ">": { $0 > $1 }
        case "<=": { $0 <= $1 }
        default: { $0 >= $1 }
        }
      return { left, right in
        guard let left = number(left), let right = number(right) else { return false }
        return compare(left, right)
      }
    }
  }

  private static func isEqual(_ left: Any?, _ right: Any?) -> Bool {
    guard let left, let right else { return left == nil && right == nil }
    if let left = left as? String, let right = right as? String { return left == right }
    if let left = number(left), let right = number(right) { return left == right }
    if let left = left as? Bool, let right = right as? Bool { return left == right }
    return false
  }

  private static func isContained(_ left: Any?, in right: Any?) -> Bool {
    if let left = left as? AnyHashable, let list = right as? TemplateList {
      return list.templateElements.contains { ($0 as? AnyHashable) == left }
    }
    if let left = left as? String, let right = right as? String { return right.contains(left) }
    return left == nil && right == nil
  }

  static func filter(named name: String, at location: SourceLocation)
    -> @Sendable (Any?, [Any?]) throws(TemplateError) -> Any?
  {
    switch name {
    case "skips":
      return { value, arguments throws(TemplateError) in
        guard let requirement = value as? TemplateReference<RequirementPlan>,
          let template = arguments.first as? String
        else {
          throw TemplateError(
            diagnostic: Diagnostic(
              .error, "template error: 'skips' applies to a requirement and takes a template name",
              at: location))
        }
        return requirement.value.isSkipped(by: template)
      }
    case "default":
      return { value, arguments in
        if let value, "\(value)" != "nil" { return value }
        return arguments.first { $0 != nil } ?? nil
      }
    case "join":
      return { value, arguments in
        guard let list = value as? TemplateList else { return value }
        let separator = text(of: arguments.first ?? "")
        return list.templateElements.map(text(of:)).joined(separator: separator)
      }
    case "lowercase": return { value, _ in transform(value) { $0.lowercased() } }
    case "uppercase": return { value, _ in transform(value) { $0.uppercased() } }
    default: return { value, _ in transform(value) { $0.capitalized } }
    }
  }

  private static func transform(_ value: Any?, _ change: (String) -> String) -> Any? {
    if let list = value as? TemplateList {
      return list.templateElements.map { change(text(of: $0)) }
    }
    return change(text(of: value))
  }
}
