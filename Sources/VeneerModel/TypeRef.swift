/// A type as written in source, kept both as exact text and as a structure templates can query.
package struct TypeRef: Codable, Sendable, Hashable, CustomStringConvertible {
  /// The type's source text with comments removed and white space normalised, e.g. `[String: Int]?`.
  package var text: String
  package var shape: TypeShape

  package init(text: String, shape: TypeShape) {
    self.text = text
    self.shape = shape
  }

  package var description: String { text }
}

/// The structure of a type.
package indirect enum TypeShape: Codable, Sendable, Hashable {
  /// `Int`, `Self`, `Result<[String], any Error>`.
  case named(name: String, genericArguments: [TypeRef])
  /// `Foundation.Date`, `Outer.Inner<T>`.
  case member(base: TypeRef, name: String, genericArguments: [TypeRef])
  /// `T?`.
  case optional(wrapped: TypeRef)
  /// `T!`.
  case implicitlyUnwrappedOptional(wrapped: TypeRef)
  /// `[T]`.
  case array(element: TypeRef)
  /// `[K: V]`.
  case dictionary(key: TypeRef, value: TypeRef)
  /// `(Int, label: String)`; `()` is a tuple without elements.
  case tuple(elements: [TupleElement])
  /// `(Int) async throws -> String`.
  case function(parameters: [TupleElement], effects: Effects, returnType: TypeRef)
  /// `@escaping @Sendable (Int) -> Void`, `inout T`, `sending T`, `__shared T`.
  case attributed(attributes: [Attribute], specifiers: [String], base: TypeRef)
  /// `some P`.
  case opaque(constraint: TypeRef)
  /// `any P`.
  case existential(constraint: TypeRef)
  /// `T.Type` or `P.Protocol`.
  case metatype(base: TypeRef, isProtocolMetatype: Bool)
  /// `A & B`.
  case composition(types: [TypeRef])
  /// `repeat each T`.
  case packExpansion(pattern: TypeRef)
  /// `each T`.
  case packElement(pack: TypeRef)
  /// A type form the model does not structure further (its `text` is still exact).
  case other
}

/// An element of a tuple type or a parameter of a function type.
package struct TupleElement: Codable, Sendable, Hashable {
  package var label: String?
  package var name: String?
  package var type: TypeRef
  package var isInout: Bool
  package var isVariadic: Bool

  package init(
    label: String? = nil, name: String? = nil, type: TypeRef, isInout: Bool = false,
    isVariadic: Bool = false
  ) {
    self.label = label
    self.name = name
    self.type = type
    self.isInout = isInout
    self.isVariadic = isVariadic
  }
}

/// `async`, `throws`, `rethrows` and typed `throws(E)` on a function, accessor or function type.
package struct Effects: Codable, Sendable, Hashable {
  package enum Throwing: String, Codable, Sendable, Hashable {
    case `throws`
    case `rethrows`
  }

  package var isAsync: Bool
  package var throwing: Throwing?
  /// The `E` of `throws(E)`.
  package var thrownType: TypeRef?

  package init(isAsync: Bool = false, throwing: Throwing? = nil, thrownType: TypeRef? = nil) {
    self.isAsync = isAsync
    self.throwing = throwing
    self.thrownType = thrownType
  }

  package static let none = Effects()

  package var isThrowing: Bool { throwing != nil }

  /// `async throws(E)`, as it stands between a signature's parameters and its arrow.
  package var text: String {
    guard let throwing else { return isAsync ? "async" : "" }
    let throwsText = thrownType.map { "\(throwing.rawValue)(\($0.text))" } ?? throwing.rawValue
    return isAsync ? "async " + throwsText : throwsText
  }
}

extension TypeRef {
  /// The type with attributes and specifiers such as `@escaping` or `inout` removed.
  package var unattributed: TypeRef {
    if case .attributed(_, _, let base) = shape { return base.unattributed }
    return self
  }

  /// The attributes written on the type, such as `@escaping` and `@Sendable`.
  package var attributes: [Attribute] {
    if case .attributed(let attributes, _, let base) = shape { return attributes + base.attributes }
    return []
  }

  /// Specifiers written on the type, such as `inout`, `sending` or `__shared`.
  package var specifiers: [String] {
    if case .attributed(_, let specifiers, let base) = shape { return specifiers + base.specifiers }
    return []
  }

  package var isOptional: Bool {
    switch unattributed.shape {
    case .optional, .implicitlyUnwrappedOptional: true
    default: false
    }
  }

  /// Whether the type is a function type, possibly optional, e.g. a completion handler.
  package var isFunction: Bool {
    switch unattributed.shape {
    case .function: true
    case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped): wrapped.isFunction
    case .tuple(let elements) where elements.count == 1: elements[0].type.isFunction
    default: false
    }
  }

  /// `()` and `Void`.
  package var isVoid: Bool {
    switch unattributed.shape {
    case .tuple(let elements): elements.isEmpty
    case .named(let name, let arguments): name == "Void" && arguments.isEmpty
    case .member(let base, let name, let arguments):
      base.text == "Swift" && name == "Void" && arguments.isEmpty
    default: false
    }
  }

  /// Whether `Self` appears anywhere in the type, which ties a requirement to the conforming type.
  package var mentionsSelf: Bool { mentionsSelf(besides: []) }

  /// The same, but for `Self.Name` with `Name` among `associatedTypes`: a decorator names its
  /// base's associated type by the same name.
  package func mentionsSelf(besides associatedTypes: Set<String>) -> Bool {
    switch shape {
    case .named(let name, let arguments):
      return name == "Self" || arguments.contains { $0.mentionsSelf(besides: associatedTypes) }
    case .member(let base, let name, let arguments):
      let isAssociatedType =
        associatedTypes.contains(name) && base.text == "Self"
      return (!isAssociatedType && base.mentionsSelf(besides: associatedTypes))
        || arguments.contains { $0.mentionsSelf(besides: associatedTypes) }
    case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped):
      return wrapped.mentionsSelf(besides: associatedTypes)
    case .array(let element):
      return element.mentionsSelf(besides: associatedTypes)
    case .dictionary(let key, let value):
      return key.mentionsSelf(besides: associatedTypes)
        || value.mentionsSelf(besides: associatedTypes)
    case .tuple(let elements):
      return elements.contains { $0.type.mentionsSelf(besides: associatedTypes) }
    case .function(let parameters, let effects, let returnType):
      return parameters.contains { $0.type.mentionsSelf(besides: associatedTypes) }
        || returnType.mentionsSelf(besides: associatedTypes)
        || effects.thrownType?.mentionsSelf == true
    case .attributed(_, _, let base), .opaque(let base), .existential(let base),
      .metatype(let base, _), .packExpansion(let base), .packElement(let base):
      return base.mentionsSelf(besides: associatedTypes)
    case .composition(let types):
      return types.contains { $0.mentionsSelf(besides: associatedTypes) }
    case .other:
      return text.contains("Self")
    }
  }
}

extension TypeRef {
  /// Whether this type or any type inside it satisfies `predicate`.
  package func contains(where predicate: (TypeRef) -> Bool) -> Bool {
    if predicate(self) { return true }
    switch shape {
    case .named(_, let arguments): return arguments.contains { $0.contains(where: predicate) }
    case .member(let base, _, let arguments):
      return base.contains(where: predicate) || arguments.contains { $0.contains(where: predicate) }
    case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped):
      return wrapped.contains(where: predicate)
    case .array(let element): return element.contains(where: predicate)
    case .dictionary(let key, let value):
      return key.contains(where: predicate) || value.contains(where: predicate)
    case .tuple(let elements): return elements.contains { $0.type.contains(where: predicate) }
    case .function(let parameters, let effects, let returnType):
      return parameters.contains { $0.type.contains(where: predicate) }
        || returnType.contains(where: predicate)
        || effects.thrownType?.contains(where: predicate) == true
    case .attributed(_, _, let base), .opaque(let base), .existential(let base),
      .metatype(let base, _), .packExpansion(let base), .packElement(let base):
      return base.contains(where: predicate)
    case .composition(let types): return types.contains { $0.contains(where: predicate) }
    case .other: return false
    }
  }
}
