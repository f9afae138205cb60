/// Finds square brackets nested deeper than SwiftParser can handle in reasonable time.
///
/// SwiftParser parses the first element of a collection literal twice to tell an array from a
/// dictionary, so its time doubles with each collection opened inside the first element of
/// another (`[[[[1]]]]` 22 levels deep takes over half a minute). Real code stays far below
/// the limit.
enum NestingGuard {
  static let maximumBracketDepth = 16
  /// SwiftParser's lookahead recurses once per `#if` level without a limit, so a file of
  /// thousands of nested `#if`s overflows any stack; real code nests a handful.
  static let maximumConditionalDepth = 256

  /// The byte offset of the first `#if` line nested in more than `limit` others. Lines are
  /// read as they start, without regard to comments or strings: real code is far from the limit
  /// either way.
  static func firstTooDeepConditional(in bytes: [UInt8], limit: Int = maximumConditionalDepth)
    -> Int?
  {
    guard occurrences(of: UInt8(ascii: "#"), in: bytes, exceed: limit) else { return nil }
    var depth = 0
    var lineStart = 0
    while lineStart < bytes.count {
      var index = lineStart
      while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == 9 {
        index += 1
      }
      // Most lines start with something else: one byte tells.
      if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
        if directive("#if", at: index, in: bytes) {
          depth += 1
          if depth > limit { return index }
        } else if directive("#endif", at: index, in: bytes) {
          depth = max(depth - 1, 0)
        }
      }
      while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
      lineStart = index + 1
    }
    return nil
  }

  /// Whether `byte` occurs more than `limit` times: nesting deeper than `limit` needs as many
  /// openings, and counting is quicker than scanning, which most texts then need not.
  private static func occurrences(of byte: UInt8, in bytes: [UInt8], exceed limit: Int) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var count = 0
      for candidate in buffer { count &+= candidate == byte ? 1 : 0 }
      return count > limit
    }
  }

  /// Whether `name` (`#if`) starts at `index`, followed by a space, a tab, `(`, `!` or the end
  /// of the line.
  private static func directive(_ name: String, at index: Int, in bytes: [UInt8]) -> Bool {
    let count = name.utf8.count
    guard index + count <= bytes.count, bytes[index..<(index + count)].elementsEqual(name.utf8)
    else { return false }
    guard index + count < bytes.count else { return true }
    return [UInt8(ascii: " "), 9, UInt8(ascii: "("), UInt8(ascii: "!"), UInt8(ascii: "\n"), 13]
      .contains(bytes[index + count])
  }

  /// The byte offset of the first `[` that opens a collection inside the first elements of more
  /// than `limit` others, outside comments and string literals.
  static func firstTooDeepBracket(in bytes: [UInt8], limit: Int = maximumBracketDepth) -> Int? {
    guard occurrences(of: UInt8(ascii: "["), in: bytes, exceed: limit) else { return nil }
    var scanner = Scanner(bytes: bytes, limit: limit)
    return scanner.scanCode(untilClosingParenthesis: false)
  }

  private struct Scanner {
    let bytes: [UInt8]
    let limit: Int
    var index = 0
    /// The open brackets, parentheses and braces; a `[` records whether its first element is
    /// still being read.
    var open: [(byte: UInt8, inFirstElement: Bool)] = []
    /// How many open `[` are still in their first element.
    var depth = 0

    init(bytes: [UInt8], limit: Int) {
      self.bytes = bytes
      self.limit = limit
    }

    /// Scans code, returning the offset of a too-deep bracket; inside a string interpolation,
    /// stops after the `)` that closes it.
    mutating func scanCode(untilClosingParenthesis: Bool) -> Int? {
      let base = open.count
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "["):
          open.append((byte, true))
          depth += 1
          if depth > limit { return index }
        case UInt8(ascii: "("), UInt8(ascii: "{"):
          open.append((byte, true))
        case UInt8(ascii: ")") where untilClosingParenthesis && open.count == base:
          index += 1
          return nil
        case UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: "}"):
          if open.count > base { close(count: 1) }
        case UInt8(ascii: ","), UInt8(ascii: ":"):
          if open.count > base, open[open.count - 1].byte == UInt8(ascii: "["),
            open[open.count - 1].inFirstElement
          {
            open[open.count - 1].inFirstElement = false
            depth -= 1
          }
        case UInt8(ascii: "/") where next(1) == UInt8(ascii: "/"):
          while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
          continue
        case UInt8(ascii: "/") where next(1) == UInt8(ascii: "*"):
          skipBlockComment()
          continue
        case UInt8(ascii: "#"), UInt8(ascii: "\""):
          if let found = scanStringIfAny() { return found }
          continue
        default:
          break
        }
        index += 1
      }
      return nil
    }

    private mutating func close(count: Int) {
      for _ in 0..<count {
        let closed = open.removeLast()
        if closed.byte == UInt8(ascii: "["), closed.inFirstElement { depth -= 1 }
      }
    }

    private func next(_ distance: Int) -> UInt8? {
      index + distance < bytes.count ? bytes[index + distance] : nil
    }

    private mutating func skipBlockComment() {
      index = BlockComment.end(in: bytes, openingAt: index) ?? bytes.count
    }

    /// At `#` or `"`: skips a string literal (`"…"`, `"""…"""`, `#"…"#`), scanning its
    /// interpolations as code; anything else (`#if`, `#selector`) is stepped over.
    private mutating func scanStringIfAny() -> Int? {
      var hashes = 0
      while next(hashes) == UInt8(ascii: "#") { hashes += 1 }
      guard next(hashes) == UInt8(ascii: "\"") else {
        index += max(1, hashes)
        return nil
      }
      index += hashes
      let isMultiline = next(1) == UInt8(ascii: "\"") && next(2) == UInt8(ascii: "\"")
      index += isMultiline ? 3 : 1
      let quotes = isMultiline ? 3 : 1
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\\"),
          (0..<hashes).allSatisfy({ next(1 + $0) == UInt8(ascii: "#") })
        {
          index += 1 + hashes
          if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
            index += 1
            let openBefore = open.count
            if let found = scanCode(untilClosingParenthesis: true) { return found }
            close(count: open.count - openBefore)
          } else {
            index += 1
          }
        } else if byte == UInt8(ascii: "\""),
          (0..<quotes).allSatisfy({ next($0) == UInt8(ascii: "\"") }),
          (0..<hashes).allSatisfy({ next(quotes + $0) == UInt8(ascii: "#") })
        {
          index += quotes + hashes
          return nil
        } else if byte == UInt8(ascii: "\n"), !isMultiline {
          // An unterminated single-line string ends at the line's end, as in the compiler.
          return nil
        } else {
          index += 1
        }
      }
      return nil
    }
  }
}
