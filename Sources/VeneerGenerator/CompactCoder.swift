/// A compact binary form of `Codable` values, for the cache: a fraction of JSON's size, and read
/// and written several times quicker than Foundation's JSON coders.
///
/// Values are tagged and written in the order `encode(to:)` writes them; keys and strings are
/// numbers into tables written once at the start. Reading expects keys in the order they were
/// written, as synthesized `Codable` reads them, and looks further only when it must. Anything
/// unexpected — truncated bytes, another format, a key out of place — is an error, never a
/// crash; files are `seal`ed with a checksum, so that damage that still decodes is refused too,
/// and a damaged cache is rebuilt instead of trusted.
///
/// Not for values that contain dictionaries with non-literal keys or sets: their order differs
/// from process to process, and so would the bytes.
enum CompactCoder {
  static let magic = Array("VNRC1\n".utf8)

  static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
    let writer = CompactWriter()
    try writer.write(value)
    var bytes = magic
    for table in [writer.keys, writer.strings] {
      CompactWriter.appendVarint(UInt64(table.count), to: &bytes)
      for text in table {
        CompactWriter.appendVarint(UInt64(text.utf8.count), to: &bytes)
        bytes += text.utf8
      }
    }
    return bytes + writer.bytes
  }

  static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
    guard bytes.starts(with: magic) else { throw CompactReader.corrupt("not a Veneer cache file") }
    let reader = CompactReader(bytes: bytes, offset: magic.count)
    reader.keys = try reader.table()
    reader.strings = try reader.table()
    let value = try reader.read(Value.self)
    guard reader.offset == bytes.count else { throw CompactReader.corrupt("bytes after the value") }
    return value
  }

  /// `bytes` followed by their checksum, for a file.
  static func seal(_ bytes: [UInt8]) -> [UInt8] {
    var sealed = bytes
    withUnsafeBytes(of: ContentHash.of(bytes).littleEndian) { sealed += $0 }
    return sealed
  }

  /// The bytes `seal` was given, if their checksum still matches.
  static func unseal(_ sealed: [UInt8]) throws -> [UInt8] {
    guard sealed.count >= 8 else { throw CompactReader.corrupt("truncated") }
    let bytes = Array(sealed.dropLast(8))
    let checksum = sealed.suffix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    guard ContentHash.of(bytes) == checksum else { throw CompactReader.corrupt("damaged") }
    return bytes
  }
}

private enum Tag: UInt8 {
  case null, `false`, `true`, signed, unsigned, double, float, string, keyed, unkeyed
}

// MARK: - Writing

private final class CompactWriter {
  var bytes: [UInt8] = []
  var keys: [String] = []
  var strings: [String] = []
  private var keyNumbers: [String: Int] = [:]
  private var stringNumbers: [String: Int] = [:]

  static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  func varint(_ value: UInt64) { Self.appendVarint(value, to: &bytes) }

  func tag(_ tag: Tag) { bytes.append(tag.rawValue) }

  func key(_ key: String) {
    if let number = keyNumbers[key] { return varint(UInt64(number)) }
    keyNumbers[key] = keys.count
    varint(UInt64(keys.count))
    keys.append(key)
  }

  func string(_ text: String) {
    tag(.string)
    if let number = stringNumbers[text] { return varint(UInt64(number)) }
    stringNumbers[text] = strings.count
    varint(UInt64(strings.count))
    strings.append(text)
  }

  func signed(_ value: Int64) {
    tag(.signed)
    varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  func unsigned(_ value: UInt64) {
    tag(.unsigned)
    varint(value)
  }

  func double(_ value: Double) {
    tag(.double)
    withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
  }

  func float(_ value: Float) {
    tag(.float)
    withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
  }

  func bool(_ value: Bool) { tag(value ? .true : .false) }

  /// Starts a container; its entry count, at the offset returned, grows as entries are written.
  func beginContainer(_ tag: Tag) -> Int {
    self.tag(tag)
    bytes += [0, 0, 0, 0]
    return bytes.count - 4
  }

  func countEntry(at offset: Int) {
    var count = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
    count |= UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    count += 1
    for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: count >> (8 * index)) }
  }

  func write<Value: Encodable>(_ value: Value) throws {
    switch value {
    case let text as String: string(text)
    case let number as Int: signed(Int64(number))
    case let number as UInt64: unsigned(number)
    case let flag as Bool: bool(flag)
    default: try value.encode(to: CompactEncoder(writer: self))
    }
  }
}

private struct CompactEncoder: Encoder {
  let writer: CompactWriter
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(
      KeyedWriter<Key>(writer: writer, countOffset: writer.beginContainer(.keyed)))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    UnkeyedWriter(writer: writer, countOffset: writer.beginContainer(.unkeyed))
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueWriter(writer: writer)
  }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let writer: CompactWriter
  let countOffset: Int
  var codingPath: [any CodingKey] { [] }

  private func entry(_ key: Key) {
    writer.countEntry(at: countOffset)
    writer.key(key.stringValue)
  }

  mutating func encodeNil(forKey key: Key) throws {
    entry(key)
    writer.tag(.null)
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    entry(key)
    writer.bool(value)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    entry(key)
    writer.string(value)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    entry(key)
    writer.double(value)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    entry(key)
    writer.float(value)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { try signed(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try signed(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try signed(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try signed(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try signed(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try unsigned(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try unsigned(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try unsigned(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try unsigned(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try unsigned(value, key) }
  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    entry(key)
    try writer.write(value)
  }

  private func signed(_ value: some SignedInteger, _ key: Key) throws {
    entry(key)
    writer.signed(Int64(value))
  }

  private func unsigned(_ value: some UnsignedInteger, _ key: Key) throws {
    entry(key)
    writer.unsigned(UInt64(value))
  }

  // An absent value is written as nil, so that every key is where reading expects it.
  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
    try present(value, key)
  }
  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
    try present(value, key)
  }
  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
    try present(value, key)
  }
  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
    try present(value, key)
  }
  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
  mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
    try present(value, key)
  }
  mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
    try present(value, key)
  }
  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
    try present(value, key)
  }
  mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
    try present(value, key)
  }
  mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
    try present(value, key)
  }
  mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
    try present(value, key)
  }
  mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
    try present(value, key)
  }
  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
    try present(value, key)
  }
  mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
    try present(value, key)
  }

  private mutating func present<Value: Encodable>(_ value: Value?, _ key: Key) throws {
    guard let value else { return try encodeNil(forKey: key) }
    try encode(value, forKey: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    entry(key)
    return CompactEncoder(writer: writer).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    entry(key)
    return CompactEncoder(writer: writer).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    writer.countEntry(at: countOffset)
    writer.key("super")
    return CompactEncoder(writer: writer)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    entry(key)
    return CompactEncoder(writer: writer)
  }
}

private struct UnkeyedWriter: UnkeyedEncodingContainer {
  let writer: CompactWriter
  let countOffset: Int
  private(set) var count = 0
  var codingPath: [any CodingKey] { [] }

  init(writer: CompactWriter, countOffset: Int) {
    self.writer = writer
    self.countOffset = countOffset
  }

  private mutating func element() {
    count += 1
    writer.countEntry(at: countOffset)
  }

  mutating func encodeNil() throws {
    element()
    writer.tag(.null)
  }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    element()
    try writer.write(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    element()
    return CompactEncoder(writer: writer).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    element()
    return CompactEncoder(writer: writer).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    element()
    return CompactEncoder(writer: writer)
  }
}

private struct SingleValueWriter: SingleValueEncodingContainer {
  let writer: CompactWriter
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws { writer.tag(.null) }
  mutating func encode(_ value: Bool) throws { writer.bool(value) }
  mutating func encode(_ value: String) throws { writer.string(value) }
  mutating func encode(_ value: Double) throws { writer.double(value) }
  mutating func encode(_ value: Float) throws { writer.float(value) }
  mutating func encode(_ value: Int) throws { writer.signed(Int64(value)) }
  mutating func encode(_ value: Int8) throws { writer.signed(Int64(value)) }
  mutating func encode(_ value: Int16) throws { writer.signed(Int64(value)) }
  mutating func encode(_ value: Int32) throws { writer.signed(Int64(value)) }
  mutating func encode(_ value: Int64) throws { writer.signed(value) }
  mutating func encode(_ value: UInt) throws { writer.unsigned(UInt64(value)) }
  mutating func encode(_ value: UInt8) throws { writer.unsigned(UInt64(value)) }
  mutating func encode(_ value: UInt16) throws { writer.unsigned(UInt64(value)) }
  mutating func encode(_ value: UInt32) throws { writer.unsigned(UInt64(value)) }
  mutating func encode(_ value: UInt64) throws { writer.unsigned(value) }
  mutating func encode<Value: Encodable>(_ value: Value) throws { try writer.write(value) }
}

// MARK: - Reading

private final class CompactReader {
  let bytes: [UInt8]
  var offset: Int
  var keys: [String] = []
  var strings: [String] = []

  init(bytes: [UInt8], offset: Int) {
    self.bytes = bytes
    self.offset = offset
  }

  static func corrupt(_ description: String) -> DecodingError {
    .dataCorrupted(.init(codingPath: [], debugDescription: "cache file: \(description)"))
  }

  func byte() throws -> UInt8 {
    guard offset < bytes.count else { throw Self.corrupt("truncated") }
    defer { offset += 1 }
    return bytes[offset]
  }

  func varint() throws -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try byte()
      guard shift < 64 else { throw Self.corrupt("number too long") }
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  func number(below limit: Int) throws -> Int {
    let number = try varint()
    guard number < UInt64(limit) else { throw Self.corrupt("number out of range") }
    return Int(number)
  }

  func table() throws -> [String] {
    let count = try number(below: bytes.count)
    var table: [String] = []
    table.reserveCapacity(count)
    for _ in 0..<count {
      let length = try varint()
      guard length <= UInt64(bytes.count - offset) else { throw Self.corrupt("truncated") }
      let end = offset + Int(length)
      table.append(String(decoding: bytes[offset..<end], as: UTF8.self))
      offset = end
    }
    return table
  }

  func peekTag() throws -> Tag {
    guard offset < bytes.count, let tag = Tag(rawValue: bytes[offset]) else {
      throw Self.corrupt("unknown value at byte \(offset)")
    }
    return tag
  }

  func expect(_ expected: Tag) throws {
    guard try peekTag() == expected else {
      throw Self.corrupt("expected \(expected) at byte \(offset)")
    }
    offset += 1
  }

  func count() throws -> Int {
    guard offset + 4 <= bytes.count else { throw Self.corrupt("truncated") }
    var count = 0
    for index in 0..<4 { count |= Int(bytes[offset + index]) << (8 * index) }
    offset += 4
    return count
  }

  func key() throws -> String { keys[try number(below: keys.count)] }

  func string() throws -> String {
    try expect(.string)
    return strings[try number(below: strings.count)]
  }

  func bool() throws -> Bool {
    switch try peekTag() {
    case .true:
      offset += 1
      return true
    case .false:
      offset += 1
      return false
    default: throw Self.corrupt("expected a Boolean at byte \(offset)")
    }
  }

  func signed<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    try expect(.signed)
    let raw = try varint()
    let value = Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    guard let integer = Integer(exactly: value) else { throw Self.corrupt("number out of range") }
    return integer
  }

  func unsigned<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    try expect(.unsigned)
    guard let integer = Integer(exactly: try varint()) else {
      throw Self.corrupt("number out of range")
    }
    return integer
  }

  func fixedWidth(_ byteCount: Int) throws -> UInt64 {
    guard offset + byteCount <= bytes.count else { throw Self.corrupt("truncated") }
    var bits: UInt64 = 0
    for index in 0..<byteCount { bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    offset += byteCount
    return bits
  }

  func double() throws -> Double {
    try expect(.double)
    return Double(bitPattern: try fixedWidth(8))
  }

  func float() throws -> Float {
    try expect(.float)
    return Float(bitPattern: UInt32(try fixedWidth(4)))
  }

  /// Moves past one value, whatever it is.
  func skipValue() throws {
    let tag = try peekTag()
    offset += 1
    switch tag {
    case .null, .false, .true: break
    case .signed, .unsigned, .string: _ = try varint()
    case .double: _ = try fixedWidth(8)
    case .float: _ = try fixedWidth(4)
    case .keyed:
      for _ in 0..<(try count()) {
        _ = try varint()
        try skipValue()
      }
    case .unkeyed:
      for _ in 0..<(try count()) { try skipValue() }
    }
  }

  func read<Value: Decodable>(_ type: Value.Type) throws -> Value {
    if Value.self == String.self { return try string() as! Value }
    if Value.self == Int.self { return try signed(Int.self) as! Value }
    if Value.self == UInt64.self { return try unsigned(UInt64.self) as! Value }
    if Value.self == Bool.self { return try bool() as! Value }
    return try Value(from: CompactDecoder(reader: self))
  }
}

private struct CompactDecoder: Decoder {
  let reader: CompactReader
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try reader.expect(.keyed)
    return KeyedDecodingContainer(KeyedReader<Key>(reader: reader, remaining: try reader.count()))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try reader.expect(.unkeyed)
    return UnkeyedReader(reader: reader, count: try reader.count())
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueReader(reader: reader)
  }
}

/// Reads entries in the order they were written; a class, because reading moves it on.
private final class KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let reader: CompactReader
  private var remaining: Int
  var codingPath: [any CodingKey] { [] }

  init(reader: CompactReader, remaining: Int) {
    self.reader = reader
    self.remaining = remaining
  }

  /// The keys of the entries not yet read, found without reading them.
  var allKeys: [Key] {
    let start = reader.offset
    defer { reader.offset = start }
    var keys: [Key] = []
    for _ in 0..<remaining {
      guard let name = try? reader.key(), (try? reader.skipValue()) != nil else { break }
      if let key = Key(stringValue: name) { keys.append(key) }
    }
    return keys
  }

  func contains(_ key: Key) -> Bool {
    let start = reader.offset
    defer { reader.offset = start }
    if remaining > 0, (try? reader.key()) == key.stringValue { return true }
    reader.offset = start
    return allKeys.contains { $0.stringValue == key.stringValue }
  }

  /// Moves past the next entry's key, which must be `key`.
  private func enter(_ key: Key) throws {
    guard remaining > 0 else { throw CompactReader.corrupt("no value for '\(key.stringValue)'") }
    let name = try reader.key()
    guard name == key.stringValue else {
      throw CompactReader.corrupt("found '\(name)' where '\(key.stringValue)' was expected")
    }
    remaining -= 1
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    let start = reader.offset
    try enter(key)
    if try reader.peekTag() == .null {
      reader.offset += 1
      return true
    }
    reader.offset = start
    remaining += 1
    return false
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try enter(key)
    return try reader.bool()
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try enter(key)
    return try reader.string()
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try enter(key)
    return try reader.double()
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try enter(key)
    return try reader.float()
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try signed(key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try signed(key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try signed(key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try signed(key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try signed(key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try unsigned(key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try unsigned(key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try unsigned(key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try unsigned(key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try unsigned(key) }
  func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
    try enter(key)
    return try reader.read(type)
  }

  private func signed<Integer: FixedWidthInteger>(_ key: Key) throws -> Integer {
    try enter(key)
    return try reader.signed(Integer.self)
  }

  private func unsigned<Integer: FixedWidthInteger>(_ key: Key) throws -> Integer {
    try enter(key)
    return try reader.unsigned(Integer.self)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try enter(key)
    return try CompactDecoder(reader: reader).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try enter(key)
    return try CompactDecoder(reader: reader).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    guard remaining > 0, try reader.key() == "super" else {
      throw CompactReader.corrupt("no superclass value")
    }
    remaining -= 1
    return CompactDecoder(reader: reader)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try enter(key)
    return CompactDecoder(reader: reader)
  }
}

private struct UnkeyedReader: UnkeyedDecodingContainer {
  let reader: CompactReader
  let count: Int?
  private(set) var currentIndex = 0
  var codingPath: [any CodingKey] { [] }
  var isAtEnd: Bool { currentIndex >= count ?? 0 }

  init(reader: CompactReader, count: Int) {
    self.reader = reader
    self.count = count
  }

  private mutating func next() throws {
    guard !isAtEnd else { throw CompactReader.corrupt("no more elements") }
    currentIndex += 1
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, try reader.peekTag() == .null else { return false }
    currentIndex += 1
    reader.offset += 1
    return true
  }

  mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try next()
    return try reader.read(type)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next()
    return try CompactDecoder(reader: reader).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next()
    return try CompactDecoder(reader: reader).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    try next()
    return CompactDecoder(reader: reader)
  }
}

private struct SingleValueReader: SingleValueDecodingContainer {
  let reader: CompactReader
  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool {
    guard (try? reader.peekTag()) == .null else { return false }
    reader.offset += 1
    return true
  }

  func decode(_ type: Bool.Type) throws -> Bool { try reader.bool() }
  func decode(_ type: String.Type) throws -> String { try reader.string() }
  func decode(_ type: Double.Type) throws -> Double { try reader.double() }
  func decode(_ type: Float.Type) throws -> Float { try reader.float() }
  func decode(_ type: Int.Type) throws -> Int { try reader.signed(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try reader.signed(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try reader.signed(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try reader.signed(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try reader.signed(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try reader.unsigned(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.unsigned(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.unsigned(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.unsigned(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.unsigned(type) }
  func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try reader.read(type) }
}
