import Foundation
import VeneerModel

// A template's compiled form (`CompiledTemplate` renders it): a program of instructions over
// typed slots, each expression a closure that reads the schema's members directly, made once by
// the `Compiler` from the checked syntax.

/// Variables by slot: `plan`, `decorator` and `options` first, then each loop's variable and
/// its `forloop`. Slots are decided at compile time, so rendering never looks up a name. They
/// are a buffer rather than an array so that reading one needs no exclusivity check.
final class RenderScope {
  let slots: UnsafeMutableBufferPointer<TemplateValue>
  /// Loop iterations left to this render: nested loops multiply, and five over a hundred
  /// requirements each would run ten billion times.
  var iterationsLeft = RenderScope.maximumIterations
  /// The protocol this render is for, named in its errors.
  var protocolName = ""

  /// A render's bounds: far above any real template's, far below what exhausts memory or time.
  static let maximumIterations = 1_000_000
  static let maximumOutput = 16 << 20

  init(slotCount: Int) {
    slots = .allocate(capacity: slotCount)
    slots.initialize(repeating: .nothing)
  }

  /// The value in `slot`, lent rather than copied: a copy retains what the value holds.
  func slot(_ slot: Int) -> UnsafePointer<TemplateValue> {
    UnsafePointer(slots.baseAddress! + slot)
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }
}

/// Names collected while compiling, from the compiler's non-mutating methods.
final class GroupLog {
  var groups: Set<Int> = []
}

final class LocationLog {
  var locations: [String: SourceLocation] = [:]
}

typealias Evaluation = @Sendable (RenderScope) throws(TemplateError) -> TemplateValue
typealias ConditionTest = @Sendable (RenderScope) throws(TemplateError) -> Bool

/// One step of a compiled template. Blocks (a template, a loop's body, a branch) are ranges of
/// one flat list of these. Each refers to its closures unretained, in a node that
/// `Program.nodes` keeps alive: taking a closure out of an array retained its context, and
/// released it after the call, an atomic pair for nearly every step.
enum Instruction {
  /// A range of the template's text.
  case text(Range<Int>)
  case output(Unmanaged<OutputExpression>)
  /// `{{ r.member }}`, most outputs, written with no value between.
  case memberText(Unmanaged<MemberText>)
  case forLoop(Unmanaged<Loop>)
  /// An index into `conditionals`.
  case conditional(Int)
}

final class OutputExpression: Sendable {
  let evaluate: Evaluation

  init(evaluate: @escaping Evaluation) { self.evaluate = evaluate }
}

final class MemberText: Sendable {
  /// The slot of the object whose member it writes.
  let slot: Int
  let text: TemplateVocabulary.Reader.Text

  init(slot: Int, text: TemplateVocabulary.Reader.Text) {
    self.slot = slot
    self.text = text
  }
}

final class Loop: Sendable {
  /// The loop variable's slot; `forloop` has the next.
  let slot: Int
  let sequence: Evaluation
  let body: Range<Int>
  let empty: Range<Int>

  init(slot: Int, sequence: @escaping Evaluation, body: Range<Int>, empty: Range<Int>) {
    self.slot = slot
    self.sequence = sequence
    self.body = body
    self.empty = empty
  }
}

final class Condition: Sendable {
  let isTrue: ConditionTest

  init(_ isTrue: @escaping ConditionTest) { self.isTrue = isTrue }
}

struct Conditional {
  struct Branch {
    let condition: Unmanaged<Condition>
    let body: Range<Int>
  }

  /// Indices into `branches`, whose conditions are tested in order.
  let branches: Range<Int>
  let otherwise: Range<Int>
}

/// A compiled template's instructions and the tables they refer to.
struct Program {
  var instructions: [Instruction] = []
  /// The template file and line of each instruction but conditionals (line 0), to say where
  /// rendered code that does not parse, or a loop that ran too long, came from.
  var lines: [SourceLocation] = []
  /// The UTF-8 of every text, one after another.
  var text: [UInt8] = []
  var conditionals: [Conditional] = []
  var branches: [Conditional.Branch] = []
  /// Every node an instruction or branch refers to, kept for as long as the program.
  var nodes: [any AnyObject & Sendable] = []

  /// `node`, kept alive by the program, to be referred to unretained.
  mutating func keep<Node: AnyObject & Sendable>(_ node: Node) -> Unmanaged<Node> {
    nodes.append(node)
    return .passUnretained(node)
  }
}

extension Unmanaged {
  /// `body`'s result for the node, which is neither retained nor released: its program keeps it.
  func withNode<Value, Failure>(_ body: (Instance) throws(Failure) -> Value)
    throws(Failure) -> Value
  {
    try _withUnsafeGuaranteedRef { node in Result { () throws(Failure) in try body(node) } }.get()
  }
}

struct Compiler {
  static let planSlot = 0
  static let decoratorSlot = 1
  static let optionsSlot = 2

  var slotCount = 3
  var program = Program()
  /// The groups of the members the template reads.
  let groupsRead = GroupLog()
  /// `NAME` for each `options.NAME` the template reads, where it first does.
  let optionsRead = LocationLog()
  /// Each visible name's slot and type; loops shadow outer names.
  var scope: [String: (slot: Int, type: TemplateType)]
  let vocabulary: TemplateVocabulary

  /// For a template of `language`, whose variables `plan`, `decorator` and `options` are in
  /// their slots.
  init(language: TemplateLanguage, vocabulary: TemplateVocabulary) {
    let types = Dictionary(
      (vocabulary.variables[language] ?? []).map { ($0.name, $0.type) },
      uniquingKeysWith: { first, _ in first })
    scope = [
      "plan": (Self.planSlot, types["plan"] ?? .text),
      "decorator": (Self.decoratorSlot, types["decorator"] ?? .text),
      "options": (Self.optionsSlot, types["options"] ?? .dictionary(.text)),
    ]
    self.vocabulary = vocabulary
  }

  /// Compiles `nodes` into a block of the program: the blocks nested in it first, then its own
  /// instructions, one after another.
  mutating func compileBlock(_ nodes: [TemplateSyntax.Node]) -> Range<Int> {
    var lines: [SourceLocation] = []
    let instructions = nodes.map { node -> Instruction in
      switch node {
      case .text(let text, let location):
        lines.append(location)
        let start = program.text.count
        program.text += text.utf8
        return .text(start..<program.text.count)
      case .output(let expression, let location):
        lines.append(location)
        if let (slot, reader) = directMember(expression), let text = reader.text {
          return .memberText(program.keep(MemberText(slot: slot, text: text)))
        }
        return .output(program.keep(OutputExpression(evaluate: compile(expression).evaluation)))
      case .forLoop(let variable, let sequence, let body, let empty):
        lines.append(
          SourceLocation(file: variable.location.file, line: variable.location.line, column: 1))
        let (evaluation, type) = compile(sequence)
        let compiledEmpty = compileBlock(empty)
        let outer = scope
        let slot = slotCount
        slotCount += 2
        if case .list(let element) = type.unwrapped {
          scope[variable.text] = (slot, element)
        }
        scope["forloop"] = (slot + 1, .object("ForLoop"))
        let compiledBody = compileBlock(body)
        scope = outer
        return .forLoop(
          program.keep(
            Loop(slot: slot, sequence: evaluation, body: compiledBody, empty: compiledEmpty)))
      case .conditional(let branches, let otherwise):
        lines.append(SourceLocation(file: "", line: 0, column: 0))
        let compiledBranches = branches.map {
          Conditional.Branch(
            condition: program.keep(Condition(compile($0.condition))), body: compileBlock($0.body))
        }
        let start = program.branches.count
        program.branches += compiledBranches
        program.conditionals.append(
          Conditional(
            branches: start..<program.branches.count, otherwise: compileBlock(otherwise)))
        return .conditional(program.conditionals.count - 1)
      }
    }
    let start = program.instructions.count
    program.instructions += instructions
    program.lines += lines
    return start..<program.instructions.count
  }

  func compile(_ condition: TemplateSyntax.Condition) -> ConditionTest {
    switch condition {
    case .test(let expression):
      if let (slot, reader) = directMember(expression), let flag = reader.flag {
        return { scope in flag.read(scope.slot(slot)) }
      }
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
      // `r.outcome == "value"`, the most common comparison, compares the member's text itself.
      if comparison == "==" || comparison == "!=", right.filters.isEmpty,
        case .string(let literal) = right.operand, let (slot, reader) = directMember(left),
        let text = reader.text
      {
        let isEqual = comparison == "=="
        return { scope in (text.read(scope.slot(slot)) == literal) == isEqual }
      }
      let compare = TemplateValue.comparison(comparison)
      // Other comparisons with a literal (`forloop.counter > 1`): its value is made here.
      if right.filters.isEmpty, let value = literal(right.operand)?.value {
        let first = compile(left).evaluation
        return { scope throws(TemplateError) in compare(try first(scope), value) }
      }
      let (first, second) = (compile(left).evaluation, compile(right).evaluation)
      return { scope throws(TemplateError) in compare(try first(scope), try second(scope)) }
    }
  }

  func compile(_ expression: TemplateSyntax.Expression) -> (
    evaluation: Evaluation, type: TemplateType
  ) {
    var (evaluation, type) = compile(expression.operand)
    for filter in expression.filters {
      // The checker has refused an unknown filter.
      let known = vocabulary.filters.first { $0.name == filter.name.text }
      let unknown: TemplateVocabulary.Filter.Apply = { value, _ in value }
      let apply = known?.apply(filter.name.location) ?? unknown
      let input = evaluation
      // Filters' arguments are nearly always literals (`r|skips:"logging"`), whose list is
      // made once here rather than on every call.
      let constants = filter.arguments.compactMap { literal($0)?.value }
      if constants.count == filter.arguments.count {
        evaluation = { scope throws(TemplateError) in try apply(try input(scope), constants) }
      } else {
        let arguments = filter.arguments.map { compile($0).evaluation }
        evaluation = { scope throws(TemplateError) in
          var values: [TemplateValue] = []
          for argument in arguments { values.append(try argument(scope)) }
          return try apply(try input(scope), values)
        }
      }
      type = known?.result(type) ?? type
    }
    return (evaluation, type)
  }

  /// A literal's value and type, or nil for a variable.
  func literal(_ operand: TemplateSyntax.Operand) -> (value: TemplateValue, type: TemplateType)? {
    switch operand {
    case .string(let text): (.text(text), .text)
    // Stencil reads an integer literal as `Int`, any other number as `Float`.
    case .number(let number):
      (Int(exactly: number).map { .integer($0) } ?? .float(Float(number)), .number)
    case .bool(let flag): (.bool(flag), .bool)
    case .variable: nil
    }
  }

  func compile(_ operand: TemplateSyntax.Operand) -> (evaluation: Evaluation, type: TemplateType) {
    switch operand {
    case .string, .number, .bool:
      let (value, type) = literal(operand) ?? (.nothing, .text)
      return ({ _ in value }, type)
    case .variable(let names):
      // The checker has accepted every name, so each is in scope or a member of its owner.
      guard let root = scope[names[0].text] else { return ({ _ in .nothing }, .text) }
      let slot = root.slot
      if slot == Self.optionsSlot, names.count > 1,
        optionsRead.locations[names[1].text] == nil
      {
        optionsRead.locations[names[1].text] = names[1].location
      }
      var evaluation: Evaluation = { $0.slots[slot] }
      var type = root.type
      for (index, name) in names.dropFirst().enumerated() {
        let step = member(name.text, of: type)
        let owner = evaluation
        if index == 0 {
          // The first member reads the slot itself: one closure call less for `r.declaration`.
          evaluation = { scope throws(TemplateError) in step.read(scope.slot(slot)) }
        } else {
          evaluation = { scope throws(TemplateError) in
            withUnsafePointer(to: try owner(scope), step.read)
          }
        }
        type = step.type
      }
      return (evaluation, type)
    }
  }

  /// The slot and reader of an object's member read with no filters, `r.member`: the form of
  /// most outputs and conditions, which reading directly spares making a value.
  func directMember(_ expression: TemplateSyntax.Expression) -> (
    slot: Int, reader: TemplateVocabulary.Reader
  )? {
    guard expression.filters.isEmpty, case .variable(let names) = expression.operand,
      names.count == 2, let root = scope[names[0].text],
      let reader = member(names[1].text, of: root.type).reader
    else { return nil }
    return (root.slot, reader)
  }

  /// How to read `name` from a value of `type`, what it gives, and its reader when it is a
  /// member of a template object.
  func member(_ name: String, of type: TemplateType) -> (
    read: @Sendable (UnsafePointer<TemplateValue>) -> TemplateValue, type: TemplateType,
    reader: TemplateVocabulary.Reader?
  ) {
    switch type.unwrapped {
    case .object(let objectName):
      let memberType = vocabulary.objects[objectName]?.first { $0.name == name }?.type ?? .text
      if objectName == "ForLoop" { return ({ $0.pointee.forLoopMember(name) }, memberType, nil) }
      guard let reader = vocabulary.reader(of: name, on: objectName) else {
        return ({ _ in .nothing }, memberType, nil)
      }
      if let group = reader.group { groupsRead.groups.insert(group) }
      return (reader.read, memberType, reader)
    case .list(let element):
      let memberType = TemplateVocabulary.listMembers(of: element)[name] ?? .optional(element)
      return ({ $0.pointee.listMember(name) }, memberType, nil)
    case .dictionary(let value):
      return ({ $0.pointee.dictionaryMember(name) }, .optional(value), nil)
    default:
      return ({ _ in .nothing }, .text, nil)
    }
  }
}
