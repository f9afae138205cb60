/// Swift's access levels, ordered from most to least restrictive.
public enum AccessLevel: String, Codable, Sendable, Hashable, Comparable, CaseIterable {
  case `private`
  case `fileprivate`
  case `internal`
  case `package`
  case `public`
  case `open`

  public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// An attribute such as `@MainActor`, `@available(iOS 15, *)` or `@objc(name)`.
public struct Attribute: Codable, Sendable, Hashable, CustomStringConvertible {
  /// The name without `@`, e.g. `available`.
  public var name: String
  /// The text between the parentheses, e.g. `iOS 15, *`.
  public var arguments: String?

  public init(name: String, arguments: String? = nil) {
    self.name = name
    self.arguments = arguments
  }

  public var description: String { arguments.map { "@\(name)(\($0))" } ?? "@\(name)" }
}

/// A generic parameter of a method or subscript, e.g. `T: Codable`.
public struct GenericParameter: Codable, Sendable, Hashable {
  public var name: String
  /// The inheritance constraint after the colon, e.g. `Codable`.
  public var constraint: TypeRef?
  /// Whether the parameter is a pack, `each T`.
  public var isPack: Bool

  public init(name: String, constraint: TypeRef? = nil, isPack: Bool = false) {
    self.name = name
    self.constraint = constraint
    self.isPack = isPack
  }
}

/// An `associatedtype` declaration.
public struct AssociatedType: Codable, Sendable, Hashable {
  public var name: String
  /// Constraints after the colon, e.g. `Hashable & Sendable` as two entries.
  public var inheritedTypes: [TypeRef]
  /// The default after `=`.
  public var defaultType: TypeRef?
  /// Requirements of its `where` clause, as written, e.g. `Element: Codable`.
  public var whereClause: [String]
  public var conditions: [String]
  public var location: SourceLocation

  public init(
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
public struct Parameter: Codable, Sendable, Hashable {
  /// The argument label callers write, or `nil` for `_`.
  public var label: String?
  /// The name inside the declaration; `_` when the declaration gives none.
  public var name: String
  /// The type as written, including `inout`, `@escaping` and the like.
  public var type: TypeRef
  public var isVariadic: Bool

  public init(label: String?, name: String, type: TypeRef, isVariadic: Bool = false) {
    self.label = label
    self.name = name
    self.type = type
    self.isVariadic = isVariadic
  }

  public var isInout: Bool { type.specifiers.contains("inout") }
  /// Whether the parameter takes a value of the conforming type itself: `rhs: Self`.
  public var isSelfValue: Bool {
    type.specifiers.isEmpty && type.attributes.isEmpty && type.unattributed.text == "Self"
  }
  public var isEscaping: Bool { type.attributes.contains { $0.name == "escaping" } }
  public var isSendable: Bool { type.attributes.contains { $0.name == "Sendable" } }
  public var isAutoclosure: Bool { type.attributes.contains { $0.name == "autoclosure" } }
  /// Whether the argument is a function, such as a completion handler.
  public var isClosure: Bool { type.isFunction }
}
