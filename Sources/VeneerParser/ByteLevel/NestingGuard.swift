/// Finds nesting and chains deeper than SwiftParser can handle in reasonable time and stack,
/// before it parses, in one pass over the bytes.
///
/// SwiftParser parses the first element of a collection literal twice to tell an array from a
/// dictionary, so its time doubles with each collection opened inside the first element of
/// another (`[[[[1]]]]` 22 levels deep takes over half a minute). It recurses once per generic
/// argument list opened in a type (`Array<Array<…` twelve thousand deep overflows its stack)
/// and once per function arrow (`(Int) -> (Int) -> …`), which its own nesting limit does not
/// count. Chains it reads in a loop (`Int???…`, `A.B.B…`) are bounded too, so that every later
/// stage meets types of bounded depth. Real code stays far below every limit.
package enum NestingGuard {
  static let maximumBracketDepth = 16
  /// Generic argument lists nested in one another, function arrows in one declaration, `?` or
  /// `!` in a row, and member names in a row (`A.B.C`).
  package static let maximumTypeChain = 64
  /// SwiftParser's lookahead recurses once per `#if` level without a limit, so a file of
  /// thousands of nested `#if`s overflows any stack; real code nests a handful.
  static let maximumConditionalDepth = 256

  /// The byte offset of the first `#if` line nested in more than `limit` others. Lines are
  /// read as they start, without regard to comments or strings: real code is far from the limit
  /// either way.
  static func firstTooDeepConditional(in bytes: [UInt8], limit: Int = maximumConditionalDepth)
    -> Int?
  {
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

  /// Nesting or a chain past a limit, at its UTF-8 offset.
  package struct Problem: Equatable, Sendable {
    package var offset: Int
    /// What is too deep or too long, and its limit: "square brackets nested more than 16
    /// levels deep".
    package var message: String
  }

  /// The limits a scan holds a text to.
  package struct Limits: Sendable {
    /// `[` opening a collection inside the first elements of others.
    package var brackets: Int
    /// Generic argument lists, arrows, `?`/`!` and member names (`maximumTypeChain`).
    package var chains: Int
    /// Brackets, parentheses and braces in one another.
    package var nesting: Int

    /// What a source file is held to.
    package static let source = Limits(
      brackets: maximumBracketDepth, chains: maximumTypeChain,
      nesting: ProtocolParser.maximumNestingLevel)
    /// What rendered code is held to: twice a source's, since a template wraps a type the
    /// source had at its limit in levels of its own (`Interception<Arguments, Array<…>>`).
    package static let rendered = Limits(
      brackets: 2 * source.brackets, chains: 2 * source.chains, nesting: 2 * source.nesting)
  }

  /// The first bracket, generic argument list, arrow, `?`/`!` or member name past its limit,
  /// outside comments and string literals; for brackets, a `[` that opens a collection inside
  /// the first elements of more than `limits.brackets` others.
  package static func firstProblem(in bytes: [UInt8], limits: Limits = .source) -> Problem? {
    var scanner = Scanner(bytes: bytes, limits: limits)
    return scanner.scanCode(untilClosingParenthesis: false)
  }

  private struct Scanner {
    let bytes: [UInt8]
    let limits: Limits
    var index = 0
    /// The open brackets, parentheses and braces; a `[` records whether its first element is
    /// still being read.
    var open: [(byte: UInt8, inFirstElement: Bool)] = []
    /// How many open `[` are still in their first element.
    var depth = 0
    /// Generic argument lists open, and arrows, since the declaration or statement began.
    var angles = 0
    var arrows = 0
    /// `?` and `!` in a row, member names in a row, and words in a row.
    var marks = 0
    var members = 0
    var words = 0
    var previous: UInt8 = 0

    init(bytes: [UInt8], limits: Limits) {
      self.bytes = bytes
      self.limits = limits
    }

    private func problem(_ message: String) -> Problem { Problem(offset: index, message: message) }

    /// A letter, digit, `_` or a byte of a non-ASCII character: part of an identifier.
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
        true
      default: false
      }
    }

    /// Keywords that begin a declaration or statement: a type's arrows and generic argument
    /// lists, and words in a row, are counted from there.
    private static let beginnings: Set<ArraySlice<UInt8>> = Set(
      [
        "func", "var", "let", "subscript", "init", "case", "typealias", "associatedtype",
        "return", "macro", "import",
      ].map { ArraySlice($0.utf8) })

    /// Counts what a byte outside comments and strings adds to the type chains; the problem
    /// when one passes its limit.
    private mutating func countChains(_ byte: UInt8) -> Problem? {
      let chainLimit = limits.chains
      // Words with nothing but white space between them: Swift puts punctuation or a keyword
      // that begins a declaration between a few at most (`public static func`), and
      // SwiftParser's recovery from a long run (`some some …`, `async` on each of thousands of
      // lines) takes time with the square of its length.
      if !Self.isIdentifierByte(byte), byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"),
        byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r")
      {
        words = 0
      }
      switch byte {
      case UInt8(ascii: "?"), UInt8(ascii: "!"):
        marks = previous == UInt8(ascii: "?") || previous == UInt8(ascii: "!") ? marks + 1 : 1
        if marks > chainLimit { return problem("more than \(chainLimit) '?' or '!' in a row") }
        return nil
      case UInt8(ascii: "<"):
        guard Self.isIdentifierByte(previous), next(1) != UInt8(ascii: "<"),
          next(1) != UInt8(ascii: "=")
        else { break }
        angles += 1
        if angles > chainLimit {
          return problem("generic arguments ('<') nested more than \(chainLimit) levels deep")
        }
        return nil
      case UInt8(ascii: ">"):
        if previous == UInt8(ascii: "-") {
          arrows += 1
          if arrows > chainLimit {
            return problem("more than \(chainLimit) function arrows ('->') in one declaration")
          }
        } else if angles > 0, next(1) != UInt8(ascii: "=") {
          angles -= 1
        }
        return nil
      case UInt8(ascii: "."):
        if let following = next(1), Self.isIdentifierByte(following),
          Self.isIdentifierByte(previous) || previous == UInt8(ascii: ">")
            || previous == UInt8(ascii: "?") || previous == UInt8(ascii: "!")
        {
          members += 1
          if members > chainLimit {
            return problem("more than \(chainLimit) member names ('.') in a row")
          }
        }
        return nil
      case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"), UInt8(ascii: "="):
        (angles, arrows) = (0, 0)
      default:
        if Self.isIdentifierByte(byte) { return nil }
      }
      members = 0
      return nil
    }

    /// At the first byte of an identifier: steps to its last, starts the count of arrows and
    /// generic argument lists and words again at a keyword that begins a declaration, and
    /// counts words in a row.
    private mutating func skipIdentifier() -> Problem? {
      let start = index
      while index + 1 < bytes.count, Self.isIdentifierByte(bytes[index + 1]) { index += 1 }
      let word = bytes[start...index]
      if word.count < 15, Self.beginnings.contains(word) {
        (angles, arrows, words) = (0, 0, 0)
        return nil
      }
      words += 1
      guard words > limits.chains else { return nil }
      return Problem(
        offset: start,
        message: "more than \(limits.chains) words in a row, with nothing but white space between")
    }

    /// Scans code, returning the first problem; inside a string interpolation, stops after the
    /// `)` that closes it.
    mutating func scanCode(untilClosingParenthesis: Bool) -> Problem? {
      let base = open.count
      while index < bytes.count {
        let byte = bytes[index]
        if let found = countChains(byte) { return found }
        switch byte {
        case UInt8(ascii: "["):
          open.append((byte, true))
          depth += 1
          if depth > limits.brackets {
            return problem("square brackets nested more than \(limits.brackets) levels deep")
          }
        case UInt8(ascii: "("), UInt8(ascii: "{"):
          open.append((byte, true))
          // SwiftParser stops at its own limit, but only after minutes of recovery.
          if open.count > limits.nesting {
            return problem(
              "brackets, parentheses and braces nested more than \(limits.nesting) levels deep")
          }
        case UInt8(ascii: ")") where untilClosingParenthesis && open.count == base:
          index += 1
          previous = byte
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
          previous = UInt8(ascii: "\n")
          continue
        case UInt8(ascii: "/") where next(1) == UInt8(ascii: "*"):
          skipBlockComment()
          previous = UInt8(ascii: " ")
          continue
        case UInt8(ascii: "#"), UInt8(ascii: "\""):
          if let found = scanStringIfAny() { return found }
          previous = UInt8(ascii: "\"")
          continue
        default:
          if Self.isIdentifierByte(byte), !Self.isIdentifierByte(previous),
            let found = skipIdentifier()
          {
            return found
          }
        }
        previous = bytes[index]
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
    private mutating func scanStringIfAny() -> Problem? {
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
