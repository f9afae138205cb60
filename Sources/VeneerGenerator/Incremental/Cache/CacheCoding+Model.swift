import VeneerModel
import VeneerParser

// The model's types in the cache's binary form (CacheCoding.swift): each writes its fields in
// order and reads them back in the same order. A field added to the model is added here.

extension ParsedFile: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(protocols)
    writer.write(aliases)
    writer.write(resultEnums)
    writer.write(diagnostics)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      protocols: try reader.read(), aliases: try reader.read(), resultEnums: try reader.read(),
      diagnostics: try reader.read())
  }
}

extension ResultLikeEnum: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(successCase)
    writer.write(failureCase)
    writer.write(file)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      name: try reader.read(), successCase: try reader.read(), failureCase: try reader.read(),
      file: try reader.read())
  }
}

extension ProtocolAlias: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(components)
    writer.write(file)
  }

  init(from reader: inout CacheReader) throws {
    self.init(name: try reader.read(), components: try reader.read(), file: try reader.read())
  }
}

extension ProtocolDecl: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(enclosingTypes)
    writer.write(raw: accessLevel)
    writer.write(documentation)
    writer.write(attributes)
    writer.write(inheritedTypes)
    writer.write(primaryAssociatedTypes)
    writer.write(associatedTypes)
    writer.write(typeAliases)
    writer.write(whereClause)
    writer.write(conditions)
    writer.write(imports)
    writer.write(annotations)
    writer.write(location)
    writer.write(requirements)
    writer.write(inheritedRequirements)
    writer.write(inheritedAssociatedTypes)
    writer.write(externalProtocols)
    writer.write(standardProtocols)
    writer.write(inheritedConstraints)
    writer.write(resultEnums)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      name: try reader.read(), enclosingTypes: try reader.read(),
      accessLevel: try reader.read(raw: AccessLevel.self), documentation: try reader.read(),
      attributes: try reader.read(), inheritedTypes: try reader.read(),
      primaryAssociatedTypes: try reader.read(), associatedTypes: try reader.read(),
      typeAliases: try reader.read(), whereClause: try reader.read(), conditions: try reader.read(),
      imports: try reader.read(),
      annotations: try reader.read(), location: try reader.read(),
      requirements: try reader.read(), inheritedRequirements: try reader.read(),
      inheritedAssociatedTypes: try reader.read(), externalProtocols: try reader.read(),
      standardProtocols: try reader.read())
    inheritedConstraints = try reader.read()
    resultEnums = try reader.read()
  }
}

extension Requirement: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(raw: kind)
    writer.write(name)
    writer.write(parameters)
    writer.write(genericParameters)
    writer.write(whereClause)
    writer.write(effects)
    writer.write(returnType)
    writer.write(type)
    writer.write(isSettable)
    writer.write(raw: failability)
    writer.write(modifiers)
    writer.write(attributes)
    writer.write(documentation)
    writer.write(annotations)
    writer.write(conditions)
    writer.write(declaredIn)
    writer.write(location)
    writer.write(hasNonmutatingSetter)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      kind: try reader.read(raw: Kind.self), name: try reader.read(),
      parameters: try reader.read(), genericParameters: try reader.read(),
      whereClause: try reader.read(), effects: try reader.read(), returnType: try reader.read(),
      type: try reader.read(), isSettable: try reader.read(),
      failability: try reader.read(raw: Failability?.self), modifiers: try reader.read(),
      attributes: try reader.read(), documentation: try reader.read(),
      annotations: try reader.read(), conditions: try reader.read(),
      declaredIn: try reader.read(), location: try reader.read())
    hasNonmutatingSetter = try reader.read()
  }
}

extension Parameter: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(label)
    writer.write(name)
    writer.write(type)
    writer.write(isVariadic)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      label: try reader.read(), name: try reader.read(), type: try reader.read(),
      isVariadic: try reader.read())
  }
}

extension GenericParameter: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(constraint)
    writer.write(isPack)
    writer.write(isValue)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      name: try reader.read(), constraint: try reader.read(), isPack: try reader.read(),
      isValue: try reader.read())
  }
}

extension AssociatedType: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(inheritedTypes)
    writer.write(defaultType)
    writer.write(whereClause)
    writer.write(conditions)
    writer.write(location)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      name: try reader.read(), inheritedTypes: try reader.read(), defaultType: try reader.read(),
      whereClause: try reader.read(), conditions: try reader.read(), location: try reader.read())
  }
}

extension Attribute: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(name)
    writer.write(arguments)
  }

  init(from reader: inout CacheReader) throws {
    self.init(name: try reader.read(), arguments: try reader.read())
  }
}

extension Import: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(text)
    writer.write(conditions)
  }

  init(from reader: inout CacheReader) throws {
    self.init(text: try reader.read(), conditions: try reader.read())
  }
}

extension Effects: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(isAsync)
    writer.write(raw: throwing)
    writer.write(thrownType)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      isAsync: try reader.read(), throwing: try reader.read(raw: Throwing?.self),
      thrownType: try reader.read())
  }
}

extension TypeRef: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(text)
    writer.write(shape)
  }

  init(from reader: inout CacheReader) throws {
    self = try reader.nested { reader in
      TypeRef(text: try reader.read(), shape: try reader.read())
    }
  }
}

extension TypeShape: CacheCodable {
  func write(to writer: inout CacheWriter) {
    switch self {
    case .named(let name, let genericArguments):
      writer.writeTag(0)
      writer.write(name)
      writer.write(genericArguments)
    case .member(let base, let name, let genericArguments):
      writer.writeTag(1)
      writer.write(base)
      writer.write(name)
      writer.write(genericArguments)
    case .optional(let wrapped):
      writer.writeTag(2)
      writer.write(wrapped)
    case .implicitlyUnwrappedOptional(let wrapped):
      writer.writeTag(3)
      writer.write(wrapped)
    case .array(let element):
      writer.writeTag(4)
      writer.write(element)
    case .dictionary(let key, let value):
      writer.writeTag(5)
      writer.write(key)
      writer.write(value)
    case .tuple(let elements):
      writer.writeTag(6)
      writer.write(elements)
    case .function(let parameters, let effects, let returnType):
      writer.writeTag(7)
      writer.write(parameters)
      writer.write(effects)
      writer.write(returnType)
    case .attributed(let attributes, let specifiers, let base):
      writer.writeTag(8)
      writer.write(attributes)
      writer.write(specifiers)
      writer.write(base)
    case .opaque(let constraint):
      writer.writeTag(9)
      writer.write(constraint)
    case .existential(let constraint):
      writer.writeTag(10)
      writer.write(constraint)
    case .metatype(let base, let isProtocolMetatype):
      writer.writeTag(11)
      writer.write(base)
      writer.write(isProtocolMetatype)
    case .composition(let types):
      writer.writeTag(12)
      writer.write(types)
    case .packExpansion(let pattern):
      writer.writeTag(13)
      writer.write(pattern)
    case .packElement(let pack):
      writer.writeTag(14)
      writer.write(pack)
    case .other:
      writer.writeTag(15)
    }
  }

  init(from reader: inout CacheReader) throws {
    switch try reader.readTag() {
    case 0: self = .named(name: try reader.read(), genericArguments: try reader.read())
    case 1:
      self = .member(
        base: try reader.read(), name: try reader.read(), genericArguments: try reader.read())
    case 2: self = .optional(wrapped: try reader.read())
    case 3: self = .implicitlyUnwrappedOptional(wrapped: try reader.read())
    case 4: self = .array(element: try reader.read())
    case 5: self = .dictionary(key: try reader.read(), value: try reader.read())
    case 6: self = .tuple(elements: try reader.read())
    case 7:
      self = .function(
        parameters: try reader.read(), effects: try reader.read(), returnType: try reader.read())
    case 8:
      self = .attributed(
        attributes: try reader.read(), specifiers: try reader.read(), base: try reader.read())
    case 9: self = .opaque(constraint: try reader.read())
    case 10: self = .existential(constraint: try reader.read())
    case 11: self = .metatype(base: try reader.read(), isProtocolMetatype: try reader.read())
    case 12: self = .composition(types: try reader.read())
    case 13: self = .packExpansion(pattern: try reader.read())
    case 14: self = .packElement(pack: try reader.read())
    case 15: self = .other
    default: throw CacheDamaged()
    }
  }
}

extension TupleElement: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(label)
    writer.write(name)
    writer.write(type)
    writer.write(isInout)
    writer.write(isVariadic)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      label: try reader.read(), name: try reader.read(), type: try reader.read(),
      isInout: try reader.read(), isVariadic: try reader.read())
  }
}

extension Annotation: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(key)
    writer.write(arguments)
    writer.write(location)
  }

  init(from reader: inout CacheReader) throws {
    self.init(key: try reader.read(), arguments: try reader.read(), location: try reader.read())
  }
}

extension AnnotationArgument: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(label)
    writer.write(value)
  }

  init(from reader: inout CacheReader) throws {
    self.init(label: try reader.read(), value: try reader.read())
  }
}

extension AnnotationValue: CacheCodable {
  func write(to writer: inout CacheWriter) {
    switch self {
    case .string(let text):
      writer.writeTag(0)
      writer.write(text)
    case .number(let number):
      writer.writeTag(1)
      writer.write(number)
    case .boolean(let flag):
      writer.writeTag(2)
      writer.write(flag)
    case .name(let name):
      writer.writeTag(3)
      writer.write(name)
    case .list(let values):
      writer.writeTag(4)
      writer.write(values)
    }
  }

  init(from reader: inout CacheReader) throws {
    self = try reader.nested { reader in
      switch try reader.readTag() {
      case 0: .string(try reader.read())
      case 1: .number(try reader.read())
      case 2: .boolean(try reader.read())
      case 3: .name(try reader.read())
      case 4: .list(try reader.read())
      default: throw CacheDamaged()
      }
    }
  }
}

extension SourceLocation: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(file)
    writer.write(line)
    writer.write(column)
  }

  init(from reader: inout CacheReader) throws {
    self.init(file: try reader.read(), line: try reader.read(), column: try reader.read())
  }
}

extension Diagnostic: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(raw: severity)
    writer.write(message)
    writer.write(file)
    writer.write(location)
  }

  init(from reader: inout CacheReader) throws {
    self.init(try reader.read(raw: Severity.self), try reader.read(), file: try reader.read())
    location = try reader.read()
  }
}
