import CVeneerScan

extension DeclarationLexer {
  // Trivia and literals: skipped whole, since a brace or `protocol` inside them is not code.

  /// Skips to the end of the line, found a run of bytes at a time: comments are a large part of
  /// most files.
  mutating func skipLine() {
    index = bytes.newlineIndex(from: index)
  }

  /// Skips a block comment, nested ones included.
  mutating func skipBlockComment() -> Bool {
    guard let end = BlockComment.end(in: bytes, openingAt: index) else { return false }
    index = end
    return true
  }

  /// Skips a string literal whose opening quote is at `index`, after `hashes` `#`s.
  mutating func skipString(hashes: Int) -> Bool {
    let isMultiline =
      byte(index + 1) == UInt8(ascii: "\"") && byte(index + 2) == UInt8(ascii: "\"")
    let closing = isMultiline ? 3 : 1
    index += closing
    while case let next = veneer_next_string_byte(bytes.baseAddress!, index, bytes.count),
      next < bytes.count
    {
      index = next
      let current = bytes[index]
      if current == UInt8(ascii: "\n"), !isMultiline { return false }
      if current == UInt8(ascii: "\""), quoteCloses(at: index, quotes: closing, hashes: hashes) {
        index += closing + hashes
        return true
      }
      if current == UInt8(ascii: "\\"), hashesFollow(index + 1, count: hashes) {
        index += 1 + hashes
        if byte(index) == UInt8(ascii: "(") {
          guard skipInterpolation() else { return false }
        } else {
          index += 1
        }
        continue
      }
      index += 1
    }
    return false
  }

  func quoteCloses(at offset: Int, quotes: Int, hashes: Int) -> Bool {
    for quote in 0..<quotes where byte(offset + quote) != UInt8(ascii: "\"") { return false }
    return hashesFollow(offset + quotes, count: hashes)
  }

  func hashesFollow(_ offset: Int, count: Int) -> Bool {
    for hash in 0..<count where byte(offset + hash) != UInt8(ascii: "#") { return false }
    return true
  }

  /// Skips `( … )` inside a string, where strings, comments and parentheses may nest.
  mutating func skipInterpolation() -> Bool {
    var nesting = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "("):
        nesting += 1
        index += 1
      case UInt8(ascii: ")"):
        nesting -= 1
        index += 1
        if nesting == 0 { return true }
      case UInt8(ascii: "\""):
        guard skipString(hashes: 0) else { return false }
      case UInt8(ascii: "#"):
        var hashes = 0
        while byte(index + hashes) == UInt8(ascii: "#") { hashes += 1 }
        guard byte(index + hashes) == UInt8(ascii: "\"") else {
          index += hashes
          continue
        }
        index += hashes
        guard skipString(hashes: hashes) else { return false }
      case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
        guard skipBlockComment() else { return false }
      default:
        index += 1
      }
    }
    return false
  }

  /// Skips `/…/` when it reads as a regex literal: after an operator or an opening bracket,
  /// not followed by a space, and closed on the same line.
  mutating func isBareRegex() -> Bool {
    guard let next = byte(index + 1),
      ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "=")].contains(next)
    else { return false }
    var cursor = index + 1
    while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\n") {
      if bytes[cursor] == UInt8(ascii: "\\") {
        cursor += 2
        continue
      }
      if bytes[cursor] == UInt8(ascii: "/") {
        guard bytes[cursor - 1] != UInt8(ascii: " ") else { return false }
        index = cursor + 1
        return true
      }
      cursor += 1
    }
    return false
  }

  /// `#if` lines, raw strings, `#/…/#` regexes, and `#selector`-like words.
  mutating func pound() -> Bool {
    let start = index
    var hashes = 0
    while byte(index + hashes) == UInt8(ascii: "#") { hashes += 1 }
    switch byte(index + hashes) {
    case UInt8(ascii: "\"")?:
      index += hashes
      guard skipString(hashes: hashes) else { return false }
      log(.other, start..<index)
      afterOperand = true
      return true
    case UInt8(ascii: "/")?:
      index += hashes + 1
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if bytes[index] == UInt8(ascii: "/"), hashesFollow(index + 1, count: hashes) {
          index += 1 + hashes
          log(.other, start..<index)
          afterOperand = true
          return true
        }
        index += 1
      }
      return false
    default:
      break
    }
    index += 1
    let wordStart = index
    while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
    let word = wordStart..<index
    let isDirective = ["if", "elseif", "else", "endif"].contains { isWord(word, $0) }
    guard isDirective else {
      log(.other, start..<index)
      afterOperand = true
      return true
    }
    // The whole line; a block comment on it may run on.
    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
      if bytes[index] == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "*") {
        guard skipBlockComment() else { return false }
        continue
      }
      if bytes[index] == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "/") { break }
      index += 1
    }
    // Inside a protocol's header, as in `protocol P<A,` `#if X` … `> {`, the line is kept with
    // the protocol's region.
    if depth == 0, openRegionStart == nil {
      regions.append(start..<index)
      log(.other, start..<index)
    }
    afterOperand = false
    return true
  }
}
