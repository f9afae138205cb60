import Foundation
import VeneerModel
import VeneerTemplates

extension TemplateMember where Owner == RequirementPlan {
  /// `member` of the decorator plan a requirement plan holds at `position`, read on the plan.
  /// Its group is the plan's position, so that a template's reads name the plans it needs.
  init<Plan: DecoratorPlan>(_ member: TemplateMember<Plan>, at position: Int) {
    self.init(member, readThrough: { $0.decoratorPlan(position, as: Plan.self) })
    group = position
  }
}

extension TemplateMember {
  /// `member` of a part its owner holds, read on the owner through `part`: a decorator plan's
  /// members on a requirement's plan or an Objective-C method's. In the renderer's module, where
  /// it is specialized for each plan, as the members' readers are (PERFORMANCE.md).
  init<Part>(
    _ member: TemplateMember<Part>,
    readThrough part: @escaping @Sendable (borrowing Owner) -> Part
  ) {
    self.init(
      type: member.type, summary: member.summary,
      text: member.text.map { text in Accessor(read: { text.read(part($0)) }) },
      flag: member.flag.map { flag in Accessor(read: { flag.read(part($0)) }) },
      value: { member.value(part($0)) })
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

  /// Everything Veneer's templates may name: plans and views of the parsed model as objects,
  /// and `skips` beside Stencil's filters. `Templates/REFERENCE.md` is generated from it.
  package static let vocabulary = TemplateVocabulary(
    variables: [.swift: variables, .objectiveC: objectiveCVariables],
    objects: [
      "ProtocolPlan": erase(ProtocolPlan.templateMembers),
      "RequirementPlan": erase(RequirementPlan.templateMembers),
      "LocalNames": erase(LocalNames.templateMembers),
      "StorageNames": erase(StorageNames.templateMembers),
      "Protocol": erase(ProtocolView.templateMembers),
      "Requirement": erase(RequirementView.templateMembers),
      "Parameter": erase(ParameterView.templateMembers),
      "ObjCProtocolPlan": erase(ObjCProtocolPlan.templateMembers),
      "ObjCMethodPlan": erase(ObjCMethodPlan.templateMembers),
    ],
    filters: [
      TemplateVocabulary.Filter(
        name: "skips", argument: "a template name",
        summary: "whether a requirement opted out of that template with `skip(…)`",
        result: { _ in .bool },
        apply: { location in
          { value, arguments throws(TemplateError) in
            guard case .object(let object) = value,
              let requirement = object as? TemplateReference<RequirementPlan>,
              case .text(let template)? = arguments.first
            else {
              throw TemplateError(
                diagnostic: Diagnostic(
                  .error,
                  "template error: 'skips' applies to a requirement and takes a template name",
                  at: location))
            }
            return .bool(requirement.value.isSkipped(by: template))
          }
        })
    ])

  /// `members`, read from a value holding an `Owner`: erased here, in the module of the plans,
  /// where this generic code is specialized for each (erased in the template language's own
  /// module, it ran unspecialized and looked up generic metadata on every read: 4 % of a run).
  private static func erase<Owner: TemplateObject & Sendable>(
    _ members: [String: TemplateMember<Owner>]
  ) -> TemplateVocabulary.Members {
    typealias Reader = TemplateVocabulary.Reader
    return TemplateVocabulary.Members(
      entries: members.map { ($0.key, $0.value.type, $0.value.summary) },
      readers: members.mapValues { member in
        // Each reads what `value` would give for the value, or nothing from any other value.
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
          }, text: text, flag: flag, group: member.group)
      })
  }

  /// The object in `value`, if it is one of `Owner`.
  @inline(__always)
  private static func reference<Owner>(
    in value: UnsafePointer<TemplateValue>, to _: Owner.Type
  ) -> TemplateReference<Owner>? {
    guard case .object(let object) = value.pointee else { return nil }
    return object as? TemplateReference<Owner>
  }

  /// Members of each object type, by type name, with their types and summaries.
  package static var objects: [String: [TemplateVocabulary.Entry]] { vocabulary.objects }

  /// The filters a template may use: Veneer's own, and the few of Stencil's that Veneer
  /// supports.
  package static var filters: [TemplateVocabulary.Filter] { vocabulary.filters }

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
      guard let members = objects[name] else { return nil }
      var result: [String: Any] = [:]
      for member in members {
        result[member.name] =
          vocabulary.reader(of: member.name, on: name).flatMap { reader in
            snapshot(withUnsafePointer(to: value, reader.read), as: member.type)
          } ?? NSNull()
      }
      return result
    }
  }
}
