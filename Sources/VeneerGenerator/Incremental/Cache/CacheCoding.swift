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
