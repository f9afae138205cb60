import VeneerModel
import VeneerParser

/// The cache's binary form: each type writes its fields in order, and reads them back in the
/// same order, by hand rather than through `Codable`'s generic containers and key lookups for
/// every value.
///
/// A blob is a magic line, a table of the distinct strings it holds, then its values; strings
/// are written as their place in the table, so a file path repeated in every location is stored
/// and decoded once. Every read is bounds-checked and throws `CacheDamaged` on anything
/// unexpected, never crashes; files are `seal`ed with a checksum, so that damage that still reads
/// is refused too.
///
/// A model type that gains a field must write and read it here: the round-trip test over the
/// fixture catalog compares whole models, and fails when one is forgotten.
protocol CacheCodable {
  func write(to writer: inout CacheWriter)
  init(from reader: inout CacheReader) throws
}

struct CacheDamaged: Error {}

struct CacheWriter {
  static let magic = Array("VNRB1\n".utf8)

  private var body: [UInt8] = []
  private var table = StringTable()

  /// The bytes of `value` as a blob.
  static func encode(_ value: some CacheCodable) -> [UInt8] {
    var writer = CacheWriter()
    value.write(to: &writer)
    var bytes = magic
    writeCount(writer.table.strings.count, to: &bytes)
    for string in writer.table.strings {
      writeCount(string.utf8.count, to: &bytes)
      bytes += string.utf8
    }
    return bytes + writer.body
  }

  /// Static: as a method, its call would copy the writer, and with it `body`'s buffer, so
  /// that appending to `body` copied every byte written so far.
  private static func writeCount(_ count: Int, to bytes: inout [UInt8]) {
    var value = UInt64(count)
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  mutating func writeCount(_ count: Int) { Self.writeCount(count, to: &body) }

  mutating func write(_ value: some CacheCodable) { value.write(to: &self) }

  mutating func write<Value: RawRepresentable<String>>(raw value: Value) { write(value.rawValue) }

  mutating func write<Value: RawRepresentable<String>>(raw value: Value?) {
    write(value?.rawValue)
  }

  mutating func writeTag(_ tag: UInt8) { body.append(tag) }

  /// A string written in place, for those never repeated, such as each source's path: a table
  /// entry would only cost a lookup.
  mutating func writeUnique(_ string: String) {
    writeCount(string.utf8.count)
    body += string.utf8
  }

  /// Bytes kept as they are: a blob within a blob.
  mutating func writeBytes(_ bytes: [UInt8]) {
    writeCount(bytes.count)
    body += bytes
  }

  fileprivate mutating func writeFixed(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { body += $0 }
  }

  fileprivate mutating func writeString(_ string: String) {
    writeCount(table.index(of: string))
  }
}

/// The distinct strings of a blob, in the order first written, found again by a hash of their
/// UTF-8 in a table of their own rather than a `Dictionary`, which hashes with SipHash.
private struct StringTable {
  private(set) var strings: [String] = []
  private var hashes: [UInt64] = []
  /// Open addressing, probed linearly: each slot holds an index into `strings` plus one, or 0
  /// when empty. Its count is a power of two, and at least twice that of `strings`.
  private var slots: [Int32] = []

  /// The string's place in `strings`, where it is added the first time.
  mutating func index(of string: String) -> Int {
    if slots.isEmpty { slots = Array(repeating: 0, count: 64) }
    let hash = ContentHash.of(string)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let index = Int(slots[slot]) - 1
      if hashes[index] == hash, strings[index] == string { return index }
      slot = (slot + 1) & mask
    }
    slots[slot] = Int32(strings.count + 1)
    strings.append(string)
    hashes.append(hash)
    if strings.count * 2 > slots.count { grow() }
    return strings.count - 1
  }

  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }
}

struct CacheReader {
  private let bytes: [UInt8]
  private var offset: Int
  private var table: [String] = []
  /// Types and annotation lists nest; damaged bytes must not nest deeper than the stack allows.
  private var depth = 0

  /// The value of a blob `CacheWriter.encode` wrote.
  static func decode<Value: CacheCodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
    guard bytes.starts(with: CacheWriter.magic) else { throw CacheDamaged() }
    var reader = CacheReader(bytes: bytes, offset: CacheWriter.magic.count)
    let count = try reader.readCount()
    reader.table.reserveCapacity(count)
    for _ in 0..<count {
      let length = try reader.readCount()
      reader.table.append(
        String(decoding: bytes[reader.offset..<(reader.offset + length)], as: UTF8.self))
      reader.offset += length
    }
    let value = try Value(from: &reader)
    guard reader.offset == bytes.count else { throw CacheDamaged() }
    return value
  }

  private init(bytes: [UInt8], offset: Int) {
    self.bytes = bytes
    self.offset = offset
  }

  /// A count or length, which can never exceed the bytes left: each element takes at least one.
  mutating func readCount() throws -> Int {
    let count = try readUnsigned()
    guard count <= bytes.count - offset else { throw CacheDamaged() }
    return count
  }

  private mutating func readUnsigned() throws -> Int {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try readTag()
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
      guard shift < 63 else { throw CacheDamaged() }
    }
    return Int(value)
  }

  mutating func readTag() throws -> UInt8 {
    guard offset < bytes.count else { throw CacheDamaged() }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func readUnique() throws -> String {
    let count = try readCount()
    defer { offset += count }
    return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
  }

  mutating func readBytes() throws -> [UInt8] {
    let count = try readCount()
    defer { offset += count }
    return Array(bytes[offset..<(offset + count)])
  }

  mutating func read<Value: CacheCodable>(_ type: Value.Type = Value.self) throws -> Value {
    try Value(from: &self)
  }

  mutating func read<Value: RawRepresentable<String>>(raw type: Value.Type = Value.self) throws
    -> Value
  {
    guard let value = Value(rawValue: try read(String.self)) else { throw CacheDamaged() }
    return value
  }

  mutating func read<Value: RawRepresentable<String>>(raw type: Value?.Type = Value?.self) throws
    -> Value?
  {
    guard let raw = try read(String?.self) else { return nil }
    guard let value = Value(rawValue: raw) else { throw CacheDamaged() }
    return value
  }

  /// Reads a value that may contain values of its own kind.
  mutating func nested<Value>(_ read: (inout CacheReader) throws -> Value) throws -> Value {
    depth += 1
    defer { depth -= 1 }
    guard depth <= 1_000 else { throw CacheDamaged() }
    return try read(&self)
  }

  fileprivate mutating func readFixed() throws -> UInt64 {
    guard bytes.count - offset >= 8 else { throw CacheDamaged() }
    defer { offset += 8 }
    return (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
  }

  fileprivate mutating func readString() throws -> String {
    let index = try readUnsigned()
    guard index < table.count else { throw CacheDamaged() }
    return table[index]
  }
}

/// Checksums for whole files. Both take their bytes and give them back, checksum appended or
/// removed, without copying them: the models file is most of a megabyte.
enum CacheSeal {
  static func seal(_ bytes: consuming [UInt8]) -> [UInt8] {
    let checksum = ContentHash.of(bytes).littleEndian
    var sealed = bytes
    withUnsafeBytes(of: checksum) { sealed += $0 }
    return sealed
  }

  /// The bytes `seal` was given, if their checksum still matches.
  static func unseal(_ sealed: consuming [UInt8]) throws -> [UInt8] {
    var bytes = sealed
    guard bytes.count >= 8 else { throw CacheDamaged() }
    let checksum = bytes.suffix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    bytes.removeLast(8)
    guard checksum == ContentHash.of(bytes) else { throw CacheDamaged() }
    return bytes
  }
}

// MARK: - Values

extension String: CacheCodable {
  func write(to writer: inout CacheWriter) { writer.writeString(self) }
  init(from reader: inout CacheReader) throws { self = try reader.readString() }
}

extension Array: CacheCodable where Element: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.writeCount(count)
    for element in self { element.write(to: &writer) }
  }

  init(from reader: inout CacheReader) throws {
    let count = try reader.readCount()
    self.init()
    reserveCapacity(count)
    for _ in 0..<count { append(try Element(from: &reader)) }
  }
}

extension Optional: CacheCodable where Wrapped: CacheCodable {
  func write(to writer: inout CacheWriter) {
    guard let value = self else { return writer.writeTag(0) }
    writer.writeTag(1)
    value.write(to: &writer)
  }

  init(from reader: inout CacheReader) throws {
    switch try reader.readTag() {
    case 0: self = nil
    case 1: self = try Wrapped(from: &reader)
    default: throw CacheDamaged()
    }
  }
}

extension Bool: CacheCodable {
  func write(to writer: inout CacheWriter) { writer.writeTag(self ? 1 : 0) }
  init(from reader: inout CacheReader) throws {
    switch try reader.readTag() {
    case 0: self = false
    case 1: self = true
    default: throw CacheDamaged()
    }
  }
}

extension Int: CacheCodable {
  /// Zigzag, so that small negative numbers stay short.
  func write(to writer: inout CacheWriter) {
    var value = UInt64(bitPattern: Int64(self << 1 ^ self >> 63))
    while value >= 0x80 {
      writer.writeTag(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    writer.writeTag(UInt8(value))
  }

  init(from reader: inout CacheReader) throws {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try reader.readTag()
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
      guard shift < 70 else { throw CacheDamaged() }
    }
    self = Int(truncatingIfNeeded: Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1))
  }
}

/// Hashes and keys: random bits, eight bytes whatever their value.
extension UInt64: CacheCodable {
  func write(to writer: inout CacheWriter) { writer.writeFixed(self) }
  init(from reader: inout CacheReader) throws { self = try reader.readFixed() }
}

extension Double: CacheCodable {
  func write(to writer: inout CacheWriter) { writer.writeFixed(bitPattern) }
  init(from reader: inout CacheReader) throws { self = Double(bitPattern: try reader.readFixed()) }
}

// MARK: - The model

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
  }

  init(from reader: inout CacheReader) throws {
    self.init(name: try reader.read(), constraint: try reader.read(), isPack: try reader.read())
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
