/// A requirement declared in a protocol body: a method, property, subscript or initializer.
package struct Requirement: Codable, Sendable, Hashable {
  package enum Kind: String, Codable, Sendable, Hashable {
    case method
    case property
    case `subscript`
    case initializer
  }

  /// `init?` and `init!`.
  package enum Failability: String, Codable, Sendable, Hashable {
    case optional = "?"
    case implicitlyUnwrapped = "!"
  }

  package var kind: Kind
  /// The name as written, backticks included (`` `default` ``, `==`); `subscript` and `init`
  /// for those kinds.
  package var name: String
  package var parameters: [Parameter]
  package var genericParameters: [GenericParameter]
  /// Requirements of the `where` clause, as written, e.g. `T: Codable`.
  package var whereClause: [String]
  /// Effects of the method or initializer, or of a property's or subscript's getter.
  package var effects: Effects
  /// The result of a method or subscript; `nil` for a method returning nothing. Without
  /// `sending`, which `returnsSending` says: the type is what decorators hold and hand on.
  package var returnType: TypeRef?
  /// Whether the result is `-> sending T` (SE-0430): a decorator's is too.
  package var returnsSending = false
  /// The type of a property.
  package var type: TypeRef?
  /// Whether a property or subscript has a setter (`{ get set }`).
  package var isSettable: Bool
  /// Whether that setter is `nonmutating` (`{ get nonmutating set }`), which a decorator's
  /// setter must be too.
  package var hasNonmutatingSetter = false
  package var failability: Failability?
  /// Declaration modifiers other than access, e.g. `static`, `mutating`, `nonisolated`.
  package var modifiers: [String]
  package var attributes: [Attribute]
  package var documentation: String?
  package var annotations: [Annotation]
  /// The `#if` conditions, outermost first, under which the requirement exists.
  package var conditions: [String]
  /// The qualified name of the protocol that declares the requirement.
  package var declaredIn: String
  package var location: SourceLocation

  package init(
    kind: Kind, name: String, parameters: [Parameter] = [],
    genericParameters: [GenericParameter] = [], whereClause: [String] = [],
    effects: Effects = .none, returnType: TypeRef? = nil, type: TypeRef? = nil,
    isSettable: Bool = false, failability: Failability? = nil, modifiers: [String] = [],
    attributes: [Attribute] = [], documentation: String? = nil, annotations: [Annotation] = [],
    conditions: [String] = [], declaredIn: String, location: SourceLocation
  ) {
    self.kind = kind
    self.name = name
    self.parameters = parameters
    self.genericParameters = genericParameters
    self.whereClause = whereClause
    self.effects = effects
    self.returnType = returnType
    self.type = type
    self.isSettable = isSettable
    self.failability = failability
    self.modifiers = modifiers
    self.attributes = attributes
    self.documentation = documentation
    self.annotations = annotations
    self.conditions = conditions
    self.declaredIn = declaredIn
    self.location = location
  }

  package var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }
  package var isMutating: Bool { modifiers.contains("mutating") }
  package var isNonisolated: Bool { modifiers.contains("nonisolated") }

  /// The name without backticks, for building identifiers such as event names.
  package var bareName: String { name.trimmingBackticks }

  /// Whether the name is an operator such as `==`.
  package var isOperator: Bool {
    guard let first = name.utf8.first else { return false }
    // Nearly every name starts with an ASCII letter, which needs no look at Unicode's tables.
    if first < 0x80 {
      return
        !((first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
        || first == UInt8(ascii: "`") || first == UInt8(ascii: "_"))
    }
    return !(name.unicodeScalars.first?.properties.isXIDStart ?? false)
  }

  /// `getPost(id:completion:)`, the name Swift uses to refer to the requirement.
  package var selector: String {
    switch kind {
    case .property: return name
    case .method, .subscript, .initializer:
      // Appended in place: an array of labels joined cost several strings a requirement.
      var selector = name
      selector += "("
      for parameter in parameters {
        selector += parameter.label ?? "_"
        selector += ":"
      }
      selector += ")"
      return selector
    }
  }

  /// Whether the two declare the same requirement, as when protocols inherit one along several
  /// paths: compared by declaration alone, without documentation, annotations, location or
  /// declaring protocol, and, `ignoringEffects`, without `async` and `throws`. Fields are
  /// compared in place: a key built per requirement copied every field of it.
  package func hasSameSignature(as other: Requirement, ignoringEffects: Bool = false) -> Bool {
    kind == other.kind && isStatic == other.isStatic && name == other.name
      && genericParameters.elementsEqual(other.genericParameters) {
        $0.name == $1.name && $0.constraint?.text == $1.constraint?.text
      }
      && parameters.elementsEqual(other.parameters) {
        $0.label == $1.label && $0.type.text == $1.type.text
      }
      && (ignoringEffects
        || (effects.isAsync == other.effects.isAsync && effects.throwing == other.effects.throwing
          && effects.thrownType?.text == other.effects.thrownType?.text))
      && (returnType ?? type)?.text ?? "" == (other.returnType ?? other.type)?.text ?? ""
      && returnsSending == other.returnsSending
      && failability == other.failability && conditions == other.conditions
  }

  /// What requirements of one signature, or overloads told apart by it, have in common.
  package struct OverloadKey: Hashable, Sendable {
    let kind: Kind
    let name: String
    let arity: Int
  }

  package var overloadKey: OverloadKey {
    OverloadKey(kind: kind, name: name, arity: parameters.count)
  }
}

extension String {
  /// The name without the backticks of a raw or keyword identifier: `default` for `` `default` ``.
  package var trimmingBackticks: String {
    // Nearly no name starts with a backtick, and `hasPrefix` compares characters.
    guard utf8.first == UInt8(ascii: "`") else { return self }
    return hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
  }
}
