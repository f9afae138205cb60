import Foundation
import VeneerModel

/// The kind of a value a template can reach, known before rendering so that a misspelt name is
/// an error instead of empty text.
package indirect enum TemplateType: Sendable, Equatable, CustomStringConvertible {
  case text
  case bool
  case number
  case list(TemplateType)
  /// A value with named members, listed in `TemplateSchema.objects`.
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
  var unwrapped: TemplateType {
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
  let value: @Sendable (borrowing Owner) -> TemplateValue
  /// The member itself, for text members: `{{ r.member }}` writes it without making a value.
  let text: Accessor<String>?
  /// The member itself, for true-or-false members: `{% if r.flag %}` tests it directly.
  let flag: Accessor<Bool>?

  /// A closure in a struct: an optional closure is called through reabstraction thunks, which
  /// cost more than the read.
  struct Accessor<Value>: Sendable {
    let read: @Sendable (borrowing Owner) -> Value
  }

  private init(
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

  init(
    _ type: TemplateType, _ summary: String, _ read: @escaping @Sendable (borrowing Owner) -> String
  ) {
    self.init(type: type, summary: summary, text: Accessor(read: read)) { .text(read($0)) }
  }

  init(
    _ type: TemplateType, _ summary: String,
    _ read: @escaping @Sendable (borrowing Owner) -> String?
  ) {
    self.init(type: type, summary: summary) { read($0).map(TemplateValue.text) ?? .nothing }
  }

  init(
    _ type: TemplateType, _ summary: String, _ read: @escaping @Sendable (borrowing Owner) -> Bool
  ) {
    self.init(type: type, summary: summary, flag: Accessor(read: read)) { .bool(read($0)) }
  }

  init(
    _ type: TemplateType, _ summary: String, _ read: @escaping @Sendable (borrowing Owner) -> Int
  ) {
    self.init(type: type, summary: summary) { .integer(read($0)) }
  }

  init(
    _ type: TemplateType, _ summary: String,
    _ read: @escaping @Sendable (borrowing Owner) -> [String]
  ) {
    self.init(type: type, summary: summary) { .list(read($0).map(TemplateValue.text)) }
  }

  init<Object>(
    _ type: TemplateType, _ summary: String,
    _ read: @escaping @Sendable (borrowing Owner) -> TemplateReference<Object>
  ) {
    self.init(type: type, summary: summary) { .object(read($0)) }
  }

  init<Object>(
    _ type: TemplateType, _ summary: String,
    _ read: @escaping @Sendable (borrowing Owner) -> [TemplateReference<Object>]
  ) {
    self.init(type: type, summary: summary) { .list(read($0).map { .object($0) }) }
  }

  init(
    _ type: TemplateType, _ summary: String,
    _ read: @escaping @Sendable (borrowing Owner) -> [String: [String: String]]
  ) {
    self.init(type: type, summary: summary) {
      .dictionary(read($0).mapValues { .dictionary($0.mapValues(TemplateValue.text)) })
    }
  }
}

extension TemplateMember where Owner == RequirementPlan {
  /// `member` of the decorator plan a requirement plan holds at `position`, read on the plan.
  init<Plan: DecoratorPlan>(_ member: TemplateMember<Plan>, at position: Int) {
    self.init(
      type: member.type, summary: member.summary,
      text: member.text.map { text in
        Accessor(read: { text.read($0.decoratorPlan(position, as: Plan.self)) })
      },
      flag: member.flag.map { flag in
        Accessor(read: { flag.read($0.decoratorPlan(position, as: Plan.self)) })
      },
      value: { member.value($0.decoratorPlan(position, as: Plan.self)) })
  }
}

/// Everything a template can use: its variables, the members of each object, the filters.
/// `Templates/REFERENCE.md` is generated from this, and a test keeps the two equal.
package enum TemplateSchema {
  /// The variables a template starts with.
  package static let variables: [(name: String, type: TemplateType, summary: String)] = [
    (
      "plan", .object("ProtocolPlan"),
      "the protocol being decorated, and everything worked out for it"
    ),
    ("decorator", .text, "the type name of this template's decorator, after `naming.decorator`"),
    ("options", .dictionary(.text), "this template's settings under `options:` in `veneer.yml`"),
  ]

  /// The variables an Objective-C template starts with.
  package static let objectiveCVariables: [(name: String, type: TemplateType, summary: String)] =
    [
      ("plan", .object("ObjCProtocolPlan"), "the `@protocol` being decorated, worked out"),
      ("decorator", .text, "the class name of its decorator: `VNRLoggingLoaderService`"),
      ("options", .dictionary(.text), "this template's settings under `options:` in `veneer.yml`"),
    ]

  static func variables(for language: TemplateLanguage) -> [(
    name: String, type: TemplateType, summary: String
  )] {
    language == .swift ? variables : objectiveCVariables
  }

  /// Members of each object type, by type name, with their types and summaries.
  package static let objects: [String: [(name: String, type: TemplateType, summary: String)]] = [
    "ProtocolPlan": ProtocolPlan.templateMembers.map { ($0.key, $0.value.type, $0.value.summary) },
    "RequirementPlan": RequirementPlan.templateMembers.map {
      ($0.key, $0.value.type, $0.value.summary)
    },
    "LocalNames": LocalNames.templateMembers.map { ($0.key, $0.value.type, $0.value.summary) },
    "StorageNames": StorageNames.templateMembers.map {
      ($0.key, $0.value.type, $0.value.summary)
    },
    "Protocol": ProtocolView.templateMembers.map { ($0.key, $0.value.type, $0.value.summary) },
    "Requirement": RequirementView.templateMembers.map {
      ($0.key, $0.value.type, $0.value.summary)
    },
    "Parameter": ParameterView.templateMembers.map { ($0.key, $0.value.type, $0.value.summary) },
    "ObjCProtocolPlan": ObjCProtocolPlan.templateMembers.map {
      ($0.key, $0.value.type, $0.value.summary)
    },
    "ObjCMethodPlan": ObjCMethodPlan.templateMembers.map {
      ($0.key, $0.value.type, $0.value.summary)
    },
    "ForLoop": [
      ("counter", .number, "the iteration, from 1"),
      ("counter0", .number, "the iteration, from 0"),
      ("first", .bool, "whether this is the first iteration"),
      ("last", .bool, "whether this is the last iteration"),
      ("length", .number, "how many iterations there are"),
    ],
  ].mapValues { $0.sorted { $0.name < $1.name } }

  /// Members every list has.
  static func listMembers(of element: TemplateType) -> [String: TemplateType] {
    ["count": .number, "first": .optional(element), "last": .optional(element)]
  }

  package struct Filter: Sendable {
    package let name: String
    /// What the filter's argument is, if it takes one.
    package let argument: String?
    package let summary: String
    let result: @Sendable (TemplateType) -> TemplateType
  }

  /// The filters a template may use: Veneer's own, and the few of Stencil's that Veneer
  /// supports.
  package static let filters: [Filter] = [
    Filter(
      name: "skips", argument: "a template name",
      summary: "whether a requirement opted out of that template with `skip(…)`",
      result: { _ in .bool }),
    Filter(
      name: "default", argument: "a value",
      summary: "the value, or the argument when there is no value (empty text is a value)",
      result: { $0.unwrapped }),
    Filter(
      name: "join", argument: "a separator",
      summary: "the items of a list, joined by the separator", result: { _ in .text }),
    Filter(
      name: "lowercase", argument: nil, summary: "the text in lower case", result: { _ in .text }),
    Filter(
      name: "uppercase", argument: nil, summary: "the text in upper case", result: { _ in .text }),
    Filter(
      name: "capitalize", argument: nil, summary: "the text with its first letter in upper case",
      result: { _ in .text }),
  ]
}

// MARK: - Values

extension TemplateSchema {
  /// How to read one member. A struct, because a closure stored bare in a dictionary comes back
  /// wrapped in reabstraction thunks, one more call for every read.
  struct Reader: Sendable {
    /// Takes the value lent, as the others do: a copy retains what the value holds.
    let read: @Sendable (UnsafePointer<TemplateValue>) -> TemplateValue
    /// A text member as it is, for outputs and comparisons; nil for other members.
    let text: Text?
    /// A true-or-false member as it is, for conditions; nil for other members.
    let flag: Flag?

    /// The member's text, or nil from a value that is not its object.
    struct Text: Sendable {
      let read: @Sendable (UnsafePointer<TemplateValue>) -> String?
    }

    /// The member, or false from a value that is not its object.
    struct Flag: Sendable {
      let read: @Sendable (UnsafePointer<TemplateValue>) -> Bool
    }
  }

  /// Reads each member of each object type from a value of that type.
  private static let readers: [String: [String: Reader]] = [
    "ProtocolPlan": erase(ProtocolPlan.templateMembers),
    "RequirementPlan": erase(RequirementPlan.templateMembers),
    "LocalNames": erase(LocalNames.templateMembers),
    "StorageNames": erase(StorageNames.templateMembers),
    "Protocol": erase(ProtocolView.templateMembers),
    "Requirement": erase(RequirementView.templateMembers),
    "Parameter": erase(ParameterView.templateMembers),
    "ObjCProtocolPlan": erase(ObjCProtocolPlan.templateMembers),
    "ObjCMethodPlan": erase(ObjCMethodPlan.templateMembers),
  ]

  /// Reads `member` from a value of the object type `object`.
  static func reader(of member: String, on object: String) -> Reader? {
    readers[object]?[member]
  }

  private static func erase<Owner: TemplateObject & Sendable>(
    _ members: [String: TemplateMember<Owner>]
  ) -> [String: Reader] {
    members.mapValues { member in
      // Each reads what `read` would give for the value, or nothing from any other value.
      let text = member.text.map { text in
        Reader.Text { value in reference(in: value, to: Owner.self).map { text.read($0.value) } }
      }
      let flag = member.flag.map { flag in
        Reader.Flag { value in
          reference(in: value, to: Owner.self).map { flag.read($0.value) } ?? false
        }
      }
      return Reader(
        read: { value in
          reference(in: value, to: Owner.self).map { member.value($0.value) } ?? .nothing
        }, text: text, flag: flag)
    }
  }

  /// The object in `value`, if it is one of `Owner`.
  @inline(__always)
  private static func reference<Owner>(
    in value: UnsafePointer<TemplateValue>, to _: Owner.Type
  ) -> TemplateReference<Owner>? {
    guard case .object(let object) = value.pointee else { return nil }
    return object as? TemplateReference<Owner>
  }

  /// What templates see for `plan`, as text, numbers, booleans, lists and dictionaries, for
  /// `veneer parse --template-model` and the reference's examples.
  package static func snapshot(of plan: ProtocolPlan) -> [String: Any] {
    snapshot(.object(TemplateReference(plan)), as: .object("ProtocolPlan")) as? [String: Any]
      ?? [:]
  }

  static func snapshot(_ value: TemplateValue, as type: TemplateType) -> Any? {
    if case .nothing = value { return nil }
    switch type {
    case .optional(let wrapped): return snapshot(value, as: wrapped)
    case .text, .bool, .number, .dictionary: return value.any
    case .list(let element):
      guard case .list(let elements) = value else { return nil }
      return elements.map { snapshot($0, as: element) ?? NSNull() }
    case .object(let name):
      guard let members = objects[name], let readers = readers[name] else { return nil }
      var result: [String: Any] = [:]
      for member in members {
        result[member.name] =
          readers[member.name].flatMap { reader in
            snapshot(withUnsafePointer(to: value, reader.read), as: member.type)
          } ?? NSNull()
      }
      return result
    }
  }
}
