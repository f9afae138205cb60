/// A requirement declared in a protocol body: a method, property, subscript or initializer.
public struct Requirement: Codable, Sendable, Hashable {
  public enum Kind: String, Codable, Sendable, Hashable {
    case method
    case property
    case `subscript`
    case initializer
  }

  /// `init?` and `init!`.
  public enum Failability: String, Codable, Sendable, Hashable {
    case optional = "?"
    case implicitlyUnwrapped = "!"
  }

  public var kind: Kind
  /// The name as written, backticks included (`` `default` ``, `==`); `subscript` and `init`
  /// for those kinds.
  public var name: String
  public var parameters: [Parameter]
  public var genericParameters: [GenericParameter]
  /// Requirements of the `where` clause, as written, e.g. `T: Codable`.
  public var whereClause: [String]
  /// Effects of the method or initializer, or of a property's or subscript's getter.
  public var effects: Effects
  /// The result of a method or subscript; `nil` for a method returning nothing.
  public var returnType: TypeRef?
  /// The type of a property.
  public var type: TypeRef?
  /// Whether a property or subscript has a setter (`{ get set }`).
  public var isSettable: Bool
  public var failability: Failability?
  /// Declaration modifiers other than access, e.g. `static`, `mutating`, `nonisolated`.
  public var modifiers: [String]
  public var attributes: [Attribute]
  public var documentation: String?
  public var annotations: [Annotation]
  /// The `#if` conditions, outermost first, under which the requirement exists.
  public var conditions: [String]
  /// The qualified name of the protocol that declares the requirement.
  public var declaredIn: String
  public var location: SourceLocation

  public init(
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

  public var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }
  public var isMutating: Bool { modifiers.contains("mutating") }
  public var isNonisolated: Bool { modifiers.contains("nonisolated") }

  /// The name without backticks, for building identifiers such as event names.
  public var bareName: String { name.trimmingBackticks }

  /// Whether the name is an operator such as `==`.
  public var isOperator: Bool {
    guard let first = name.unicodeScalars.first else { return false }
    return !(first == "`" || first == "_" || first.properties.isXIDStart)
  }

  /// `getPost(id:completion:)`, the name Swift uses to refer to the requirement.
  public var selector: String {
    switch kind {
    case .property: return name
    case .method, .subscript, .initializer:
      let labels = parameters.map { "\($0.label ?? "_"):" }.joined()
      return "\(name)(\(labels))"
    }
  }

  /// What makes two requirements the same when protocols inherit them along several paths.
  public var signature: String {
    let parameterTypes = parameters.map { "\($0.label ?? "_"): \($0.type.text)" }
    let generics = genericParameters.map { "\($0.name): \($0.constraint?.text ?? "")" }
    return [
      kind.rawValue, isStatic ? "static" : "", name, generics.joined(separator: ","),
      parameterTypes.joined(separator: ","), effects.text, returnType?.text ?? type?.text ?? "",
      failability?.rawValue ?? "", conditions.joined(separator: "&&"),
    ].joined(separator: "|")
  }
}

extension String {
  var trimmingBackticks: String {
    hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
  }
}
