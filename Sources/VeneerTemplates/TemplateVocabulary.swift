import Foundation
import VeneerModel

/// The kind of a value a template can reach, known before rendering so that a misspelt name is
/// an error instead of empty text.
package indirect enum TemplateType: Sendable, Equatable, CustomStringConvertible {
  case text
  case bool
  case number
  case list(TemplateType)
  /// A value with named members, listed in the vocabulary's `objects`.
  case object(String)
  /// Any key, each with a value of this type (`options`, annotation arguments).
  case dictionary(TemplateType)
  case optional(TemplateType)

  package var description: String {
    switch self {
    case .text: "text"
    case .bool: "true or false"
    case .number: "a number"
    case .list(let element): "a list of \(element)"
    case .object(let name): name
    case .dictionary(let value): "a dictionary of \(value)"
    case .optional(let wrapped): "\(wrapped), or nothing"
    }
  }

  /// The type without `optional`, for looking up members.
  package var unwrapped: TemplateType {
    if case .optional(let wrapped) = self { return wrapped.unwrapped }
    return self
  }
}

/// A value whose members templates read by name: plans, and views of the parsed model.
package protocol TemplateObject {
  func templateMember(_ name: String) -> Any?
}

/// One name on an object, what it is, and how to read it.
package struct TemplateMember<Owner>: Sendable {
  package let type: TemplateType
  package let summary: String
  /// Borrows its owner: a copy of a plan would retain every one of its members.
  package let value: @Sendable (borrowing Owner) -> TemplateValue
  /// The member itself, for text members: `{{ r.member }}` writes it without making a value.
  package let text: Accessor<String>?
  /// The member itself, for true-or-false members: `{% if r.flag %}` tests it directly.
  package let flag: Accessor<Bool>?
  /// The group of members it belongs to, if any: a compiled template knows which groups it
  /// reads (`CompiledTemplate.groupsRead`), so that values of other groups need not be made.
  package var group: Int?

  /// A closure in a struct: an optional closure is called through reabstraction thunks, which
  /// cost more than the read.
  package struct Accessor<Value>: Sendable {
    package let read: @Sendable (borrowing Owner) -> Value

    package init(read: @escaping @Sendable (borrowing Owner) -> Value) {
      self.read = read
    }
  }

  package init(
    type: TemplateType, summary: String,
    text: Accessor<String>? = nil,
    flag: Accessor<Bool>? = nil,
    value: @escaping @Sendable (borrowing Owner) -> TemplateValue
  ) {
    self.type = type
    self.summary = summary
    self.text = text
    self.flag = flag
    self.value = value
  }

  // One initializer per kind of member, so that each entry reads as plain Swift.

  package init(
    _ type: TemplateType, _ summary: String, _ read: @escaping @Sendable (borrowing Owner) -> String
  ) {
    self.init(type: type, summary: summary, text: Accessor(read: read)) { .text(read($0)) }
  }

  package init(
    _ type: TemplateType, _ summary: String,
    _ read: @escaping @Sendable (borrowing Owner) -> String?
  ) {
    self.init(type: type, summary: summary) { read($0).map(TemplateValue.text) ?? .nothing }
  }

  package init(
    _ type: TemplateType, _ summary: String, _ read: @escaping @Sendable (borrowing Owner) -> Bool
  ) {
    self.init(type: type, summary: summary, flag: Accessor(read: read)) { .bool(read($0)) }
  }

  package init(
    _ type: TemplateType, _ summary: String, _ read: @escaping @Sendable (borrowing Owner) -> Int
  ) {
    self.init(type: type, summary: summary) { .integer(read($0)) }
  }

  package init(
    _ type: TemplateType, _ summary: String,
    _ read: @escaping @Sendable (borrowing Owner) -> [String]
  ) {
    self.init(type: type, summary: summary) { .list(read($0).map(TemplateValue.text)) }
  }

  package init<Object>(
    _ type: TemplateType, _ summary: String,
    _ read: @escaping @Sendable (borrowing Owner) -> TemplateReference<Object>
  ) {
    self.init(type: type, summary: summary) { .object(read($0)) }
  }

  package init<Object>(
    _ type: TemplateType, _ summary: String,
    _ read: @escaping @Sendable (borrowing Owner) -> [TemplateReference<Object>]
  ) {
    self.init(type: type, summary: summary) { .list(read($0).map { .object($0) }) }
  }

  package init(
    _ type: TemplateType, _ summary: String,
    _ read: @escaping @Sendable (borrowing Owner) -> [String: [String: String]]
  ) {
    self.init(type: type, summary: summary) {
      .dictionary(read($0).mapValues { .dictionary($0.mapValues(TemplateValue.text)) })
    }
  }
}

/// Everything a template may name — its variables, the members of each kind of object, the
/// filters — against which templates are checked and compiled. The language knows nothing of
/// what the values are: Veneer's renderer gives its plans as the objects (`TemplateSchema`).
package struct TemplateVocabulary: Sendable {
  package typealias Entry = (name: String, type: TemplateType, summary: String)

  /// What templates of each language start with: `plan`, `decorator`, `options`.
  package let variables: [TemplateLanguage: [Entry]]
  /// The members of each kind of object, by its name, sorted by name.
  package let objects: [String: [Entry]]
  /// How compiled templates read each member, by object and member.
  let readers: [String: [String: Reader]]
  package let filters: [Filter]

  /// One kind of object's members, as templates name them and as compiled templates read them.
  /// Whoever gives the objects erases their members (`Reader`), in the module that knows their
  /// types, where the generic code that reads them is specialized.
  package struct Members: Sendable {
    let entries: [Entry]
    let readers: [String: Reader]

    package init(entries: [Entry], readers: [String: Reader] = [:]) {
      self.entries = entries
      self.readers = readers
    }
  }

  package init(
    variables: [TemplateLanguage: [Entry]], objects: [String: Members], filters: [Filter]
  ) {
    self.variables = variables
    var objects = objects
    objects["ForLoop"] = Members(entries: [
      ("counter", .number, "the iteration, from 1"),
      ("counter0", .number, "the iteration, from 0"),
      ("first", .bool, "whether this is the first iteration"),
      ("last", .bool, "whether this is the last iteration"),
      ("length", .number, "how many iterations there are"),
    ])
    self.objects = objects.mapValues { $0.entries.sorted { $0.name < $1.name } }
    readers = objects.mapValues(\.readers)
    self.filters = filters + Self.standardFilters
  }

  /// The members every list has.
  static func listMembers(of element: TemplateType) -> [String: TemplateType] {
    ["count": .number, "first": .optional(element), "last": .optional(element)]
  }

  /// A filter: its name, what it takes and what it gives, and what it does to a value at a
  /// place in a template (to report a misuse there).
  package struct Filter: Sendable {
    package typealias Apply =
      @Sendable (TemplateValue, [TemplateValue]) throws(TemplateError) ->
      TemplateValue

    package let name: String
    package let argument: String?
    package let summary: String
    let result: @Sendable (TemplateType) -> TemplateType
    let apply: @Sendable (SourceLocation) -> Apply

    package init(
      name: String, argument: String?, summary: String,
      result: @escaping @Sendable (TemplateType) -> TemplateType,
      apply: @escaping @Sendable (SourceLocation) -> Apply
    ) {
      self.name = name
      self.argument = argument
      self.summary = summary
      self.result = result
      self.apply = apply
    }
  }

  /// Stencil's filters that templates use, as Stencil applies them.
  static let standardFilters: [Filter] = [
    Filter(
      name: "default", argument: "a value",
      summary: "the value, or the argument when there is no value (empty text is a value)",
      result: { $0.unwrapped },
      apply: { _ in
        { value, arguments in
          // Stencil takes a value that prints as `nil` for none.
          switch value {
          case .nothing: break
          case .text(let text) where text == "nil": break
          default: return value
          }
          return arguments.first { if case .nothing = $0 { false } else { true } } ?? .nothing
        }
      }),
    Filter(
      name: "join", argument: "a separator",
      summary: "the items of a list, joined by the separator", result: { _ in .text },
      apply: { _ in
        { value, arguments in
          guard case .list(let elements) = value else { return value }
          let separator = arguments.first?.text ?? ""
          return .text(elements.map(\.text).joined(separator: separator))
        }
      }),
    Filter(
      name: "lowercase", argument: nil, summary: "the text in lower case", result: { _ in .text },
      apply: { _ in { value, _ in value.transformed { $0.lowercased() } } }),
    Filter(
      name: "uppercase", argument: nil, summary: "the text in upper case", result: { _ in .text },
      apply: { _ in { value, _ in value.transformed { $0.uppercased() } } }),
    Filter(
      name: "capitalize", argument: nil, summary: "the text with its first letter in upper case",
      result: { _ in .text },
      apply: { _ in { value, _ in value.transformed { $0.capitalized } } }),
  ]

  /// How to read one member. A struct, because a closure stored bare in a dictionary comes back
  /// wrapped in reabstraction thunks, one more call for every read.
  package struct Reader: Sendable {
    /// Takes the value lent, as the others do: a copy retains what the value holds.
    package let read: @Sendable (UnsafePointer<TemplateValue>) -> TemplateValue
    /// A text member as it is, for outputs and comparisons; nil for other members.
    let text: Text?
    /// A true-or-false member as it is, for conditions; nil for other members.
    let flag: Flag?
    /// The member's group (`TemplateMember.group`), if it has one.
    let group: Int?

    /// The member's text, or nil from a value that is not its object.
    package struct Text: Sendable {
      let read: @Sendable (UnsafePointer<TemplateValue>) -> String?

      package init(read: @escaping @Sendable (UnsafePointer<TemplateValue>) -> String?) {
        self.read = read
      }
    }

    /// The member, or false from a value that is not its object.
    package struct Flag: Sendable {
      let read: @Sendable (UnsafePointer<TemplateValue>) -> Bool

      package init(read: @escaping @Sendable (UnsafePointer<TemplateValue>) -> Bool) {
        self.read = read
      }
    }

    package init(
      read: @escaping @Sendable (UnsafePointer<TemplateValue>) -> TemplateValue, text: Text?,
      flag: Flag?, group: Int?
    ) {
      self.read = read
      self.text = text
      self.flag = flag
      self.group = group
    }
  }

  /// Reads `member` from a value of the object type `object`.
  package func reader(of member: String, on object: String) -> Reader? {
    readers[object]?[member]
  }
}
