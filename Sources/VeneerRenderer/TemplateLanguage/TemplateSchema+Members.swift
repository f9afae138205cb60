import Foundation
import VeneerModel
import VeneerTemplates

// What each object a template reaches offers it, member by member: the kind of each value,
// the words REFERENCE.md says of it, and how it is read.

extension ProtocolPlan: TemplateObject {
  static let templateMembers: [String: TemplateMember<ProtocolPlan>] = [
    "proto": .init(
      .object("Protocol"), "the parsed protocol",
      { TemplateReference(ProtocolView($0.proto)) }),
    "access": .init(.text, "`public`, `package` or empty: the decorators' access", { $0.access }),
    "memberAccess": .init(
      .text, "`public ` (with its space) or empty, to start a member", { $0.memberAccess }),
    "decoratorKind": .init(.text, "`struct`, `final class` or `actor`", { $0.decoratorKind }),
    "isolation": .init(
      .text,
      "`@MainActor` for isolated protocols, `nonisolated` for others (and for isolated ones with "
        + "nonisolated requirements), empty for actors",
      { $0.isolation }),
    "availability": .init(
      .text,
      "the protocol's `@available` attributes, one per line, for decorators and helpers, macros "
        + "spelt out",
      { $0.availability }),
    "extensionDeclarationPrefix": .init(
      .text, "`extension` for a global-actor protocol, else `nonisolated extension`",
      { $0.extensionDeclarationPrefix }),
    "typeDeclarationPrefix": .init(
      .text,
      "everything before a decorator's name: `@MainActor public final class`, `public "
        + "nonisolated struct`",
      { $0.typeDeclarationPrefix }),
    "baseStorage": .init(
      .text, "`var` when members may mutate the decorated value, else `let`", { $0.baseStorage }),
    "baseType": .init(
      .text, "the decorators' generic parameter: `Base` unless that name is taken",
      { $0.baseType }),
    "protocolName": .init(
      .text, "the protocol as code names it: `Outer.Nested`",
      {
        $0.protocolName
      }),
    "article": .init(
      .text, "`a` or `an`, to precede the protocol's name in documentation: `an APIClient`",
      { $0.article }),
    "decoratorSuffix": .init(
      .text, "the protocol's part of decorator names: `OuterNested`", { $0.decoratorSuffix }),
    "existentialType": .init(
      .text, "what helpers return for existentials: `any Service<Input, Output>`",
      { $0.existentialType }),
    "storage": .init(
      .object("StorageNames"),
      "names of the decorators' stored properties: `_logger` where a requirement is called "
        + "`logger`",
      { $0.storageReference }),
    "selectorArguments": .init(
      .text,
      "`, \"getPost(id:)\", \"save(_:)\"`: each requirement's selector as a literal, to end "
        + "an argument list (empty for none)",
      {
        $0.requirements.map { ", \($0.selectorLiteral)" }.joined()
      }),
    // Libraries' declarations, qualified unless a protocol of the run has the module's name.
    "loggerType": .init(
      .text, "swift-log's `Logging.Logger`", { $0.options.libraryName("Logger", in: "Logging") }),
    "tracerType": .init(
      .text, "`Tracing.Tracer`", { $0.options.libraryName("Tracer", in: "Tracing") }),
    "spanKindType": .init(
      .text, "`Tracing.SpanKind`", { $0.options.libraryName("SpanKind", in: "Tracing") }),
    "instrumentationSystem": .init(
      .text, "`Instrumentation.InstrumentationSystem`",
      { $0.options.libraryName("InstrumentationSystem", in: "Instrumentation") }),
    "metricsFactoryType": .init(
      .text, "`CoreMetrics.MetricsFactory`",
      { $0.options.libraryName("MetricsFactory", in: "CoreMetrics") }),
    "metricsSystem": .init(
      .text, "`CoreMetrics.MetricsSystem`",
      { $0.options.libraryName("MetricsSystem", in: "CoreMetrics") }),
    "protocolNameLiteral": .init(
      .text, "the protocol's name as a Swift string literal: `\"PostRepo\"`",
      { $0.proto.qualifiedName.swiftLiteral }),
    "typeAliases": .init(
      .list(.text), "`public typealias Input = Base.Input` for each associated type",
      { $0.typeAliases }),
    "requirements": .init(
      .list(.object("RequirementPlan")), "every requirement, inherited ones first",
      { $0.requirementReferences }),
    "conditionsOpening": .init(
      .text, "the `#if` lines around the protocol, or empty", { $0.conditionsOpening }),
    "conditionsClosing": .init(.text, "the matching `#endif` lines", { $0.conditionsClosing }),
    "logLevel": .init(.text, "the default log level: `.debug`", { $0.logLevel }),
    "logErrorLevel": .init(
      .text, "the default log level of failures: `.error`",
      {
        $0.logErrorLevel
      }),
    "cacheCapacity": .init(.number, "how many values `withCaching()` keeps", { $0.cacheCapacity }),
  ]

  package func templateMember(_ name: String) -> Any? {
    Self.templateMembers[name]?.value(self).any
  }
}

extension LocalNames: TemplateObject {
  static let templateMembers: [String: TemplateMember<LocalNames>] = [
    "call": .init(.text, "for the logged or tracked call: `call`", { $0.call }),
    "result": .init(.text, "for the result: `result`", { $0.result }),
    "value": .init(.text, "for a value a handler receives: `value`", { $0.value }),
    "key": .init(.text, "for the cache key: `key`", { $0.key }),
    "arguments": .init(.text, "for intercepted arguments: `arguments`", { $0.arguments }),
    "cache": .init(
      .text, "for the cache, held apart from `self` in a completion handler: `cache`",
      { $0.cache }),
    "outcome": .init(
      .text, "for an app's own result read as `Swift.Result`: `outcome`", { $0.outcome }),
  ]

  package func templateMember(_ name: String) -> Any? {
    Self.templateMembers[name]?.value(self).any
  }
}

extension StorageNames: TemplateObject {
  /// `base`, then each property a built-in decorator declares, with what it holds: for a name
  /// two built-ins declare, what each one's holds.
  static let templateMembers: [String: TemplateMember<StorageNames>] = {
    var summaries = ["base": ["what the decorator wraps: `base`"]]
    for property in BuiltInDecorators.all.flatMap(\.storage) {
      summaries[property.name, default: []].append(property.summary)
    }
    // At the positions of `StorageNames.declared`, which the members read.
    return Dictionary(
      uniqueKeysWithValues: StorageNames.declared.enumerated().map { position, name in
        let summary = summaries[name]!.joined(separator: "; ")
        return (name, TemplateMember<StorageNames>(.text, summary) { $0.spelling(at: position) })
      })
  }()

  package func templateMember(_ name: String) -> Any? {
    Self.templateMembers[name]?.value(self).any
  }
}

/// A parsed protocol, as templates see it.
struct ProtocolView: TemplateObject {
  let proto: ProtocolDecl
  init(_ proto: ProtocolDecl) { self.proto = proto }

  static let templateMembers: [String: TemplateMember<ProtocolView>] = [
    "name": .init(.text, "its name: `Nested`", { $0.proto.name }),
    "qualifiedName": .init(
      .text, "with enclosing types: `Outer.Nested`",
      {
        $0.proto.qualifiedName
      }),
    "accessLevel": .init(.text, "`public`, `internal` …", { $0.proto.accessLevel.rawValue }),
    "documentation": .init(
      .optional(.text), "its doc comment as `///` lines, each of its lines prefixed",
      { $0.proto.documentation.map(SourceText.docComment) }),
    "primaryAssociatedTypes": .init(
      .list(.text), "`Input`, `Output` of `Service<Input, Output>`",
      {
        $0.proto.primaryAssociatedTypes
      }),
    "inheritedTypes": .init(
      .list(.text), "what it inherits: `Sendable` …",
      {
        $0.proto.inheritedTypes.map(\.text)
      }),
    "file": .init(
      .text, "the file that declares it, as a Swift string literal",
      { $0.proto.location.file.swiftLiteral }),
    "line": .init(.number, "the line that declares it", { $0.proto.location.line }),
  ]

  func templateMember(_ name: String) -> Any? {
    Self.templateMembers[name]?.value(self).any
  }
}

/// A parsed requirement, as templates see it.
struct RequirementView: TemplateObject {
  let requirement: Requirement
  init(_ requirement: Requirement) { self.requirement = requirement }

  static let templateMembers: [String: TemplateMember<RequirementView>] = [
    "name": .init(.text, "its name: `getPost`", { $0.requirement.name }),
    "selector": .init(
      .text, "its name with labels: `getPost(id:completion:)`",
      {
        $0.requirement.selector
      }),
    "documentation": .init(
      .optional(.text), "its doc comment as `///` lines, each of its lines prefixed",
      { $0.requirement.documentation.map(SourceText.docComment) }),
    "parameters": .init(
      .list(.object("Parameter")), "its parameters",
      {
        $0.requirement.parameters.map { TemplateReference(ParameterView($0)) }
      }),
    "returnType": .init(
      .optional(.text), "what a method or subscript returns",
      {
        $0.requirement.returnType?.text
      }),
    "type": .init(.optional(.text), "a property's type", { $0.requirement.type?.text }),
    "declaredIn": .init(.text, "the protocol that declares it", { $0.requirement.declaredIn }),
  ]

  func templateMember(_ name: String) -> Any? {
    Self.templateMembers[name]?.value(self).any
  }
}

/// A parameter, as templates see it.
struct ParameterView: TemplateObject {
  let parameter: Parameter
  init(_ parameter: Parameter) { self.parameter = parameter }

  static let templateMembers: [String: TemplateMember<ParameterView>] = [
    "label": .init(
      .optional(.text), "its argument label, when it differs from its name",
      {
        $0.parameter.label
      }),
    "name": .init(
      .text, "its name inside the function (`_` when unnamed)",
      {
        $0.parameter.name
      }),
    "type": .init(
      .text, "its type as written: `@escaping (Post) -> Void`",
      {
        $0.parameter.type.text
      }),
    "isInout": .init(.bool, "whether it is `inout`", { $0.parameter.isInout }),
    "isClosure": .init(.bool, "whether its type is a function", { $0.parameter.isClosure }),
  ]

  func templateMember(_ name: String) -> Any? {
    Self.templateMembers[name]?.value(self).any
  }
}

/// Text read from sources, headers, annotations and `veneer.yml`, as templates receive it:
/// never as code, whatever template uses it.
enum SourceText {
  /// `text` as a doc comment: each of its lines after `/// `, any other line break or control
  /// character written as `\u{…}`, so that no line of it is read as code.
  static func docComment(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.isEmpty ? "///" : "/// \(String(line).escapedForComment)"
    }.joined(separator: "\n")
  }
}
