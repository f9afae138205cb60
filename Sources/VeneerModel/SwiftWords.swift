/// Whole Swift words in UTF-8 text, found by bytes: for checks that look at source or rendered
/// text without parsing it.
package enum SwiftWords {
  /// Whether `byte` may be part of an identifier: an ASCII letter or digit, `_`, or any byte of
  /// a non-ASCII character.
  package static func isIdentifierByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || byte >= 0x80 || (0x30...0x39).contains(byte)
      || (0x61...0x7A).contains(byte | 0x20)
  }

  /// The offsets at which `word` stands whole in `bytes`: neither preceded nor followed by an
  /// identifier byte.
  package static func offsets(of word: [UInt8], in bytes: [UInt8]) -> [Int] {
    guard !word.isEmpty, bytes.count >= word.count else { return [] }
    return (0...(bytes.count - word.count)).filter { start in
      bytes[start..<start + word.count].elementsEqual(word)
        && (start == 0 || !isIdentifierByte(bytes[start - 1]))
        && (start + word.count == bytes.count || !isIdentifierByte(bytes[start + word.count]))
    }
  }
}
