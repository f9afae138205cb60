/// A protocol found in source, with what it requires and how it is to be decorated.
package struct ProtocolDecl: Codable, Sendable, Hashable {
  package var name: String
  /// Types the protocol is nested in, outermost first (an extension contributes the type it
  /// extends).
  package var enclosingTypes: [String]
  package var accessLevel: AccessLevel
  package var documentation: String?
  package var attributes: [Attribute]
  /// The types after the colon, e.g. `Sendable`, `AnyObject`, `PostRepo`.
  package var inheritedTypes: [TypeRef]
  /// `Input` and `Output` in `protocol Service<Input, Output>`.
  package var primaryAssociatedTypes: [String]
  package var associatedTypes: [AssociatedType]
  /// The type aliases it declares (`typealias Duration = UInt64`), which its decorators declare
  /// again as their base's.
  package var typeAliases: [String]
  /// Requirements of the protocol's own `where` clause, as written.
  package var whereClause: [String]
  /// The `#if` conditions, outermost first, under which the protocol exists.
  package var conditions: [String]
  /// The imports of the protocol's file, which code using its types needs too.
  package var imports: [Import]
  package var annotations: [Annotation]
  package var location: SourceLocation
  /// The requirements declared in the protocol's body, in source order.
  package var requirements: [Requirement]
  /// Requirements inherited from protocols found in the scanned sources, deduplicated, in
  /// inheritance order; filled in by the resolver.
  package var inheritedRequirements: [Requirement]
  /// Associated types inherited from protocols found in the scanned sources.
  package var inheritedAssociatedTypes: [AssociatedType]
  /// Inherited protocols that are not declared in the scanned sources (marker protocols such as
  /// `Sendable` excepted), so later stages can say why their requirements are unknown.
  package var externalProtocols: [String]
  /// Inherited protocols of the standard library or Foundation whose requirements Veneer knows
  /// and counts among the inherited ones (`CustomStringConvertible`).
  package var standardProtocols: [String]
  /// What the protocols it inherits from impose on every conformer, filled in by the resolver:
  /// marker constraints (`AnyObject`, `Sendable`, `Actor`) and global actors (`@MainActor`), so
  /// that `protocol Writer: Reader` is class-bound when `Reader: AnyObject` is.
  package var inheritedConstraints: [String] = []
  /// Whether it is declared `nonisolated protocol`: isolated to no actor whatever its target's
  /// default isolation.
  package var isDeclaredNonisolated = false

  package init(
    name: String, enclosingTypes: [String] = [], accessLevel: AccessLevel = .internal,
    documentation: String? = nil, attributes: [Attribute] = [], inheritedTypes: [TypeRef] = [],
    primaryAssociatedTypes: [String] = [], associatedTypes: [AssociatedType] = [],
    typeAliases: [String] = [], whereClause: [String] = [], conditions: [String] = [],
    imports: [Import] = [],
    annotations: [Annotation] = [],
    location: SourceLocation, requirements: [Requirement] = [],
    inheritedRequirements: [Requirement] = [], inheritedAssociatedTypes: [AssociatedType] = [],
    externalProtocols: [String] = [], standardProtocols: [String] = []
  ) {
    self.name = name
    self.enclosingTypes = enclosingTypes
    self.accessLevel = accessLevel
    self.documentation = documentation
    self.attributes = attributes
    self.inheritedTypes = inheritedTypes
    self.primaryAssociatedTypes = primaryAssociatedTypes
    self.associatedTypes = associatedTypes
    self.typeAliases = typeAliases
    self.whereClause = whereClause
    self.conditions = conditions
    self.imports = imports
    self.annotations = annotations
    self.location = location
    self.requirements = requirements
    self.inheritedRequirements = inheritedRequirements
    self.inheritedAssociatedTypes = inheritedAssociatedTypes
    self.externalProtocols = externalProtocols
    self.standardProtocols = standardProtocols
  }

  /// `Outer.Inner.Name`, how code outside the protocol's scope refers to it.
  package var qualifiedName: String {
    enclosingTypes.isEmpty ? name : (enclosingTypes + [name]).joined(separator: ".")
  }

  /// Own and inherited requirements together.
  package var allRequirements: [Requirement] { inheritedRequirements + requirements }
  /// The result-like enums of the scanned sources that its requirements use.
  package var resultEnums: [ResultLikeEnum] = []

  /// Own and inherited associated types together.
  package var allAssociatedTypes: [AssociatedType] { inheritedAssociatedTypes + associatedTypes }

  /// The names of the inherited types, with compositions such as `A & B` taken apart.
  package var inheritedNames: [String] {
    inheritedTypes.flatMap(\.componentNames)
  }

  /// Its own inherited names and the constraints its ancestors impose.
  private var constraints: [String] { inheritedNames + inheritedConstraints }

  package var isSendable: Bool { constraints.contains { $0 == "Sendable" || $0 == "Actor" } }
  /// Whether only classes (or actors) can conform, so a decorator must be a class.
  package var isClassBound: Bool {
    constraints.contains { ["AnyObject", "class", "Actor", "AnyActor"].contains($0) }
  }
  package var isActorBound: Bool { constraints.contains { $0 == "Actor" || $0 == "AnyActor" } }

  /// The global actor the protocol is isolated to, e.g. `MainActor`: its own, or an ancestor's.
  package var globalActor: String? {
    ownGlobalActor
      ?? inheritedConstraints.first { $0.hasPrefix("@") }.map { String($0.dropFirst()) }
  }

  /// The global actor its own attributes name.
  package var ownGlobalActor: String? {
    attributes.first(where: \.namesGlobalActor)?.name
  }
}

extension TypeRef {
  /// `["A", "B"]` for `A & B`, `["Swift.Sendable"]` → `["Sendable"]` for a qualified marker.
  package var componentNames: [String] {
    switch shape {
    case .composition(let types): return types.flatMap(\.componentNames)
    case .member(let base, let name, _) where base.text == "Swift": return [name]
    default: return [text]
    }
  }
}

/// An `import` declaration of a source file.
package struct Import: Codable, Sendable, Hashable {
  /// The declaration without attributes, e.g. `import Foundation` or `import struct Foo.Bar`.
  package var text: String
  /// The `#if` conditions, outermost first, under which the file imports it.
  package var conditions: [String]

  package init(text: String, conditions: [String] = []) {
    self.text = text
    self.conditions = conditions
  }
}
