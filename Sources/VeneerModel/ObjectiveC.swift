/// An Objective-C `@protocol` read from a header: the sibling of `ProtocolDecl` for the
/// Objective-C front end, with types as they are written, since the header need not compile on
/// its own.
package struct ObjCProtocol: Codable, Sendable, Hashable {
  package var name: String
  /// The protocols it adopts: `<NSObject, Loading>`.
  package var inheritedProtocols: [String]
  package var methods: [ObjCMethod]
  package var properties: [ObjCProperty]
  /// Its `NS_SWIFT_NAME`, when it has one.
  package var swiftName: String?
  package var isDeprecated: Bool
  package var documentation: String?
  package var annotations: [Annotation]
  package var location: SourceLocation

  package init(
    name: String, inheritedProtocols: [String] = [], methods: [ObjCMethod] = [],
    properties: [ObjCProperty] = [], swiftName: String? = nil, isDeprecated: Bool = false,
    documentation: String? = nil, annotations: [Annotation] = [], location: SourceLocation
  ) {
    self.name = name
    self.inheritedProtocols = inheritedProtocols
    self.methods = methods
    self.properties = properties
    self.swiftName = swiftName
    self.isDeprecated = isDeprecated
    self.documentation = documentation
    self.annotations = annotations
    self.location = location
  }
}

/// A method of an Objective-C protocol: `- (void)getPostWithID:(NSInteger)postID
/// completion:(void (^)(Post * _Nullable, NSError * _Nullable))completion;`.
package struct ObjCMethod: Codable, Sendable, Hashable {
  /// The full selector: `getPostWithID:completion:`.
  package var selector: String
  /// `+` rather than `-`.
  package var isClassMethod: Bool
  /// Declared in an `@optional` section.
  package var isOptional: Bool
  /// Ends in `, ...`.
  package var isVariadic: Bool
  package var returnType: ObjCType
  package var parameters: [ObjCParameter]
  package var swiftName: String?
  package var isDeprecated: Bool
  package var isUnavailable: Bool
  package var documentation: String?
  package var annotations: [Annotation]
  package var location: SourceLocation

  package init(
    selector: String, isClassMethod: Bool = false, isOptional: Bool = false,
    isVariadic: Bool = false, returnType: ObjCType, parameters: [ObjCParameter] = [],
    swiftName: String? = nil, isDeprecated: Bool = false, isUnavailable: Bool = false,
    documentation: String? = nil, annotations: [Annotation] = [], location: SourceLocation
  ) {
    self.selector = selector
    self.isClassMethod = isClassMethod
    self.isOptional = isOptional
    self.isVariadic = isVariadic
    self.returnType = returnType
    self.parameters = parameters
    self.swiftName = swiftName
    self.isDeprecated = isDeprecated
    self.isUnavailable = isUnavailable
    self.documentation = documentation
    self.annotations = annotations
    self.location = location
  }

  /// Its selector's first piece, `getPostWithID`: what events and the event map name it by.
  package var firstSelectorPiece: Substring { selector.prefix { $0 != ":" } }
}

/// One parameter: its piece of the selector (`completion`), its name and its type.
package struct ObjCParameter: Codable, Sendable, Hashable {
  package var selectorPiece: String
  package var name: String
  package var type: ObjCType

  package init(selectorPiece: String, name: String, type: ObjCType) {
    self.selectorPiece = selectorPiece
    self.name = name
    self.type = type
  }

  /// Whether an annotation naming `name` names it: by its name or its selector piece, its
  /// argument label.
  package func answers(to name: String) -> Bool {
    self.name == name || selectorPiece == name
  }
}

/// A type as written, with what Veneer reads from it.
package struct ObjCType: Codable, Sendable, Hashable {
  package enum Nullability: String, Codable, Sendable, Hashable {
    case nonnull, nullable, unspecified
  }

  /// The text between the parentheses of the declaration: `NSString * _Nullable`.
  package var text: String
  /// Written on the type, or implied by an `NS_ASSUME_NONNULL` region for a pointer.
  package var nullability: Nullability
  /// When the type is a block: its parameters.
  package var block: ObjCBlock?

  package init(text: String, nullability: Nullability = .unspecified, block: ObjCBlock? = nil) {
    self.text = text
    self.nullability = nullability
    self.block = block
  }
}

/// A block type's signature: `void (^)(NSArray<NSString *> * _Nullable items, NSError *
/// _Nullable error)`.
package struct ObjCBlock: Codable, Sendable, Hashable {
  package struct Parameter: Codable, Sendable, Hashable {
    /// Its type as written, without the name.
    package var type: String
    package var name: String?
    package var nullability: ObjCType.Nullability

    package init(type: String, name: String?, nullability: ObjCType.Nullability) {
      self.type = type
      self.name = name
      self.nullability = nullability
    }
  }

  package var returnType: String
  package var parameters: [Parameter]

  package init(returnType: String, parameters: [Parameter]) {
    self.returnType = returnType
    self.parameters = parameters
  }
}

/// A property of an Objective-C protocol.
package struct ObjCProperty: Codable, Sendable, Hashable {
  package var name: String
  package var type: ObjCType
  /// As written: `nonatomic`, `readonly`, `copy`, `getter=isEnabled`, …
  package var attributes: [String]
  package var isReadOnly: Bool
  package var getter: String
  package var isClassProperty: Bool
  package var isOptional: Bool
  package var documentation: String?
  package var annotations: [Annotation]
  package var location: SourceLocation

  package init(
    name: String, type: ObjCType, attributes: [String] = [], isReadOnly: Bool = false,
    getter: String, isClassProperty: Bool = false, isOptional: Bool = false,
    documentation: String? = nil, annotations: [Annotation] = [], location: SourceLocation
  ) {
    self.name = name
    self.type = type
    self.attributes = attributes
    self.isReadOnly = isReadOnly
    self.getter = getter
    self.isClassProperty = isClassProperty
    self.isOptional = isOptional
    self.documentation = documentation
    self.annotations = annotations
    self.location = location
  }
}
