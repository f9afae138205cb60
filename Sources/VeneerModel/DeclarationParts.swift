/// Swift's access levels, ordered from most to least restrictive.
package enum AccessLevel: String, Codable, Sendable, Hashable, Comparable, CaseIterable {
  case `private`
  case `fileprivate`
  case `internal`
  case `package`
  case `public`
  case `open`

  package static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// An attribute such as `@MainActor`, `@available(iOS 15, *)` or `@objc(name)`.
package struct Attribute: Codable, Sendable, Hashable, CustomStringConvertible {
  /// The name without `@`, e.g. `available`.
  package var name: String
  /// The text between the parentheses, e.g. `iOS 15, *`.
  package var arguments: String?

  package init(name: String, arguments: String? = nil) {
    self.name = name
    self.arguments = arguments
  }

  package var description: String { arguments.map { "@\(name)(\($0))" } ?? "@\(name)" }

  /// Whether it names a global actor, `@MainActor` or one of the user's (`@DatabaseActor`): by
  /// the convention of their names, since Veneer reads no type's declaration.
  package var namesGlobalActor: Bool { arguments == nil && name.hasSuffix("Actor") }
}

/// A generic parameter of a method or subscript, e.g. `T: Codable`.
package struct GenericParameter: Codable, Sendable, Hashable {
  package var name: String
  /// The inheritance constraint after the colon, e.g. `Codable`.
  package var constraint: TypeRef?
  /// Whether the parameter is a pack, `each T`.
  package var isPack: Bool
  /// Whether the parameter is a value, `let N: Int` (SE-0452's integer generics).
  package var isValue: Bool

  package init(
    name: String, constraint: TypeRef? = nil, isPack: Bool = false, isValue: Bool = false
  ) {
    self.name = name
    self.constraint = constraint
    self.isPack = isPack
    self.isValue = isValue
  }
}

/// An `associatedtype` declaration.
package struct AssociatedType: Codable, Sendable, Hashable {
  package var name: String
  /// Constraints after the colon, e.g. `Hashable & Sendable` as two entries.
  package var inheritedTypes: [TypeRef]
  /// The default after `=`.
  package var defaultType: TypeRef?
  /// Requirements of its `where` clause, as written, e.g. `Element: Codable`.
  package var whereClause: [String]
  package var conditions: [String]
  package var location: SourceLocation

  package init(
    name: String, inheritedTypes: [TypeRef] = [], defaultType: TypeRef? = nil,
    whereClause: [String] = [], conditions: [String] = [], location: SourceLocation
  ) {
    self.name = name
    self.inheritedTypes = inheritedTypes
    self.defaultType = defaultType
    self.whereClause = whereClause
    self.conditions = conditions
    self.location = location
  }
}

/// A parameter of a method, initializer or subscript requirement.
package struct Parameter: Codable, Sendable, Hashable {
  /// The argument label callers write, or `nil` for `_`.
  package var label: String?
  /// The name inside the declaration; `_` when the declaration gives none.
  package var name: String
  /// The type as written, including `inout`, `@escaping` and the like.
  package var type: TypeRef
  package var isVariadic: Bool

  package init(label: String?, name: String, type: TypeRef, isVariadic: Bool = false) {
    self.label = label
    self.name = name
    self.type = type
    self.isVariadic = isVariadic
  }

  /// Whether an annotation naming `name` names it: by its name or its argument label (an
  /// Objective-C selector piece).
  package func answers(to name: String) -> Bool {
    self.name == name || label == name
  }

  package var isInout: Bool { type.specifiers.contains("inout") }
  /// Whether the parameter takes a value of the conforming type itself: `rhs: Self`.
  package var isSelfValue: Bool {
    type.specifiers.isEmpty && type.attributes.isEmpty && type.unattributed.text == "Self"
  }
  package var isEscaping: Bool { type.attributes.contains { $0.name == "escaping" } }
  package var isSendable: Bool { type.attributes.contains { $0.name == "Sendable" } }
  package var isAutoclosure: Bool { type.attributes.contains { $0.name == "autoclosure" } }
  /// Whether the argument is a function, such as a completion handler.
  package var isClosure: Bool { type.isFunction }
}
