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
  /// Whether it reads a requirement's interception members, which plans otherwise leave out.
  public let readsInterception: Bool
  private let nodes: [RenderNode]
  /// The template's text, which `.text` nodes point into.
  private let text: [UInt8]
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
    text = compiler.text
    slotCount = compiler.slotCount
    readsInterception = !compiler.membersRead.names.isDisjoint(
      with: RequirementPlan.interceptionMembers.map { "RequirementPlan.\($0)" })
    self.source = source
    imports = source.imports
  }

  /// The template's output for one protocol, laid out like `swift format` would.
  public func render(_ plan: ProtocolPlan) throws(TemplateError) -> String {
    try renderBytes(plan).withUnsafeBufferPointer(SwiftLayout.format)
  }

  /// The template's output before layout: what Stencil would render.
  public func renderUnformatted(_ plan: ProtocolPlan) throws(TemplateError) -> String {
    String(decoding: try renderBytes(plan), as: UTF8.self)
  }

  /// The output as UTF-8, which layout reads: appending to bytes is several times quicker than
  /// appending to a `String`, which checks its capacity, uniqueness and encoding each time.
  private func renderBytes(_ plan: ProtocolPlan) throws(TemplateError) -> [UInt8] {
    let scope = RenderScope(slotCount: slotCount)
    scope.slots[Compiler.planSlot] = .object(TemplateReference(plan))
    scope.slots[Compiler.decoratorSlot] = .text(plan.decoratorName(template: source.name))
    scope.slots[Compiler.optionsSlot] = .dictionary(source.options.mapValues(TemplateValue.text))
    var output: [UInt8] = []
    output.reserveCapacity(4096)
    try text.withUnsafeBufferPointer { text throws(TemplateError) in
      try Self.render(nodes, scope, text: text, into: &output)
    }
    return output
  }

  private static func render(
    _ nodes: [RenderNode], _ scope: RenderScope, text: UnsafeBufferPointer<UInt8>,
    into output: inout [UInt8]
  ) throws(TemplateError) {
    for node in nodes {
      switch node {
      case .text(let range):
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
      case .output(let expression):
        output.append(utf8Of: try expression(scope).text)
      case .forLoop(let slot, let loopSlot, let sequence, let body, let empty):
        guard case .list(let elements) = try sequence(scope), !elements.isEmpty else {
          try render(empty, scope, text: text, into: &output)
          continue
        }
        for (index, element) in elements.enumerated() {
          scope.slots[slot] = element
          scope.slots[loopSlot] = .forLoop(index: index, length: elements.count)
          try render(body, scope, text: text, into: &output)
        }
      case .conditional(let branches, let otherwise):
        var taken: [RenderNode]?
        for branch in branches {
          if try branch.condition(scope) {
            taken = branch.body
            break
          }
        }
        try render(taken ?? otherwise, scope, text: text, into: &output)
      }
    }
  }
}

extension [UInt8] {
  /// Appends the bytes of `text`, copied at once from its storage when it has any.
  mutating func append(utf8Of text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }
}

// MARK: - Compiled form

/// Variables by slot: `plan`, `decorator` and `options` first, then each loop's variable and
/// its `forloop`. Slots are decided at compile time, so rendering never looks up a name. They
/// are a buffer rather than an array so that reading one needs no exclusivity check.
private final class RenderScope {
  let slots: UnsafeMutableBufferPointer<TemplateValue>

  init(slotCount: Int) {
    slots = .allocate(capacity: slotCount)
    slots.initialize(repeating: .nothing)
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }
}

/// Names collected while compiling, from the compiler's non-mutating methods.
private final class NameLog {
  var names: Set<String> = []
}

private typealias Evaluation = @Sendable (RenderScope) throws(TemplateError) -> TemplateValue
private typealias Test = @Sendable (RenderScope) throws(TemplateError) -> Bool

private enum RenderNode: Sendable {
  /// A range of the template's text: a node that holds no reference costs nothing to visit.
  case text(Range<Int>)
  case output(Evaluation)
  case forLoop(
    slot: Int, loopSlot: Int, sequence: Evaluation, body: [RenderNode], empty: [RenderNode])
  case conditional(branches: [Branch], otherwise: [RenderNode])
}

/// A struct rather than a tuple: a closure in an array's tuple is called through thunks.
private struct Branch {
  let condition: Test
  let body: [RenderNode]
}

private struct Compiler {
  static let planSlot = 0
  static let decoratorSlot = 1
  static let optionsSlot = 2

  var slotCount = 3
  /// The UTF-8 of every `.text` node, one after another.
  var text: [UInt8] = []
  /// `Object.member` for each member the template reads.
  let membersRead = NameLog()
  /// Each visible name's slot and type; loops shadow outer names.
  var scope: [String: (slot: Int, type: TemplateType)] = [
    "plan": (planSlot, .object("ProtocolPlan")), "decorator": (decoratorSlot, .text),
    "options": (optionsSlot, .dictionary(.text)),
  ]

  mutating func compile(_ nodes: [TemplateSyntax.Node]) -> [RenderNode] {
    nodes.map { node in
      switch node {
      case .text(let text):
        let start = self.text.count
        self.text.append(utf8Of: text)
        return .text(start..<self.text.count)
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
          branches: branches.map {
            Branch(condition: compile($0.condition), body: compile($0.body))
          },
          otherwise: compile(otherwise))
      }
    }
  }

  func compile(_ condition: TemplateSyntax.Condition) -> Test {
    switch condition {
    case .test(let expression):
      let evaluation = compile(expression).evaluation
      return { scope throws(TemplateError) in try evaluation(scope).isTruthy }
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
      let compare = TemplateValue.comparison(comparison)
      return { scope throws(TemplateError) in compare(try first(scope), try second(scope)) }
    }
  }

  func compile(_ expression: TemplateSyntax.Expression) -> (
    evaluation: Evaluation, type: TemplateType
  ) {
    var (evaluation, type) = compile(expression.operand)
    for filter in expression.filters {
      let arguments = filter.arguments.map { compile($0).evaluation }
      let apply = TemplateValue.filter(named: filter.name.text, at: filter.name.location)
      let input = evaluation
      evaluation = { scope throws(TemplateError) in
        var values: [TemplateValue] = []
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
      return ({ _ in .text(text) }, .text)
    case .number(let literal):
      // Stencil reads an integer literal as `Int`, any other number as `Float`.
      if let integer = Int(exactly: literal) { return ({ _ in .integer(integer) }, .number) }
      let float = Float(literal)
      return ({ _ in .float(float) }, .number)
    case .bool(let flag):
      return ({ _ in .bool(flag) }, .bool)
    case .variable(let names):
      // The checker has accepted every name, so each is in scope or a member of its owner.
      guard let root = scope[names[0].text] else { return ({ _ in .nothing }, .text) }
      let slot = root.slot
      var evaluation: Evaluation = { $0.slots[slot] }
      var type = root.type
      for (index, name) in names.dropFirst().enumerated() {
        let step = member(name.text, of: type)
        let owner = evaluation
        if index == 0 {
          // The first member reads the slot itself: one closure call less for `r.declaration`.
          evaluation = { scope throws(TemplateError) in step.read(scope.slots[slot]) }
        } else {
          evaluation = { scope throws(TemplateError) in step.read(try owner(scope)) }
        }
        type = step.type
      }
      return (evaluation, type)
    }
  }

  /// How to read `name` from a value of `type`, and what it gives.
  func member(_ name: String, of type: TemplateType) -> (
    read: @Sendable (TemplateValue) -> TemplateValue, type: TemplateType
  ) {
    switch type.unwrapped {
    case .object(let objectName):
      membersRead.names.insert("\(objectName).\(name)")
      let memberType = TemplateSchema.objects[objectName]?.first { $0.name == name }?.type ?? .text
      if objectName == "ForLoop" { return ({ $0.forLoopMember(name) }, memberType) }
      guard let reader = TemplateSchema.reader(of: name, on: objectName) else {
        return ({ _ in .nothing }, memberType)
      }
      return (reader.read, memberType)
    case .list(let element):
      let memberType = TemplateSchema.listMembers(of: element)[name] ?? .optional(element)
      return ({ $0.listMember(name) }, memberType)
    case .dictionary(let value):
      return ({ $0.dictionaryMember(name) }, .optional(value))
    default:
      return ({ _ in .nothing }, .text)
    }
  }
}
