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

  /// Swift's keywords, which a parameter may be named after (`func data(for: URLRequest)`) but
  /// which need backticks to be used as a name. Backticks on a contextual keyword are harmless.
  package static let keywords: Set<String> = [
    "Any", "Self", "as", "associatedtype", "await", "borrowing", "break", "case", "catch", "class",
    "consuming", "continue", "default", "defer", "deinit", "do", "else", "enum", "extension",
    "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init",
    "inout", "internal", "is", "let", "nil", "nonisolated", "open", "operator", "precedencegroup",
    "private", "protocol", "public", "repeat", "rethrows", "return", "self", "static", "struct",
    "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where",
    "while",
  ]

  /// Whether `name` is one of Swift's keywords, which a module name cannot be.
  package static func isKeyword(_ name: String) -> Bool { keywords.contains(name) }

  /// Whether `name` can follow `import`: identifiers that are not keywords, joined by dots
  /// (`NIOCore`, `Foo.Bar`).
  package static func isModuleName(_ name: String) -> Bool {
    !name.isEmpty
      && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
        isPlainIdentifier(String($0)) && !isKeyword(String($0))
      }
  }

  /// Whether `name` is an identifier without backticks: a letter or `_`, then letters, digits
  /// and `_`; `_` alone is the wildcard, not a name.
  package static func isPlainIdentifier(_ name: String) -> Bool {
    guard name != "_" else { return false }
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      guard let first = name.utf8.first, first == UInt8(ascii: "_") || isASCIILetter(first)
      else { return false }
      return name.utf8.allSatisfy {
        $0 == UInt8(ascii: "_") || isASCIILetter($0) || (0x30...0x39).contains($0)
      }
    }
    guard let first = name.first, first == "_" || first.isLetter else { return false }
    return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }
}
