/// UTF-8 written piece by piece, grown by doubling. A render appends hundreds of pieces, and
/// layout as many lines; appending each to an array checked the array's uniqueness and
/// capacity through calls.
package struct ByteBuffer: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  package private(set) var count = 0
  private var capacity: Int

  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes, valid only inside `body`: the memory goes with the buffer.
  package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(UnsafeBufferPointer(start: base, count: count))
  }

  package mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
    reserve(piece.count)
    write(piece)
  }

  package mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  /// `width` spaces.
  package mutating func appendSpaces(_ width: Int) {
    reserve(width)
    writeSpaces(width)
  }

  /// `line` after `width` spaces, and a newline: layout writes most of its output this way, with
  /// one check of the capacity per line.
  package mutating func appendLine(_ line: UnsafeBufferPointer<UInt8>, indentedBy width: Int) {
    reserve(width + line.count + 1)
    writeSpaces(width)
    write(line)
    base[count] = UInt8(ascii: "\n")
    count += 1
  }

  package mutating func append(utf8Of text: String) {
    // Native strings lend their UTF-8 in place; others are copied into one first.
    if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
      var text = text
      text.withUTF8 { append($0) }
    }
  }

  /// Writes into capacity already reserved.
  private mutating func write(_ piece: UnsafeBufferPointer<UInt8>) {
    guard let source = piece.baseAddress else { return }
    (base + count).initialize(from: source, count: piece.count)
    count += piece.count
  }

  /// Writes into capacity already reserved.
  private mutating func writeSpaces(_ width: Int) {
    (base + count).initialize(repeating: UInt8(ascii: " "), count: width)
    count += width
  }

  private mutating func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    capacity = max(capacity * 2, count + extra)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    grown.initialize(from: base, count: count)
    base.deallocate()
    base = grown
  }
}
