import CVeneerScan

/// The declaration scanner's pass over one file's bytes: what it keeps outside braces, and
/// the parts of every body it must see (literals, comments, braces) to find the body's end.
struct DeclarationLexer {
  /// A token outside any braces, remembered to find where a declaration starts.
  struct Token {
    enum Kind { case word, at, dot, openParenthesis, closeParenthesis, other }
    var kind: Kind
    var range: Range<Int>
  }

  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  var depth = 0
  var topLevelTokens: [Token] = []
  var regions: [Range<Int>] = []
  var foundProtocol = false
  var foundAlias = false
  var foundGenericEnum = false
  /// Where the protocol being scanned starts keeping bytes, until its closing brace.
  var openRegionStart: Int?
  /// Whether the last token was an operand (a name, a literal, a closing bracket), after
  /// which `/` divides; elsewhere it may start a regex literal.
  var afterOperand = false
  /// Whether the last token was `.`, after which keywords are member names: `.protocol`.
  var afterDot = false

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  static let modifiers: Set<[UInt8]> = Set(
    ["public", "package", "internal", "fileprivate", "private", "open", "nonisolated"].map {
      Array($0.utf8)
    })

  func byte(_ offset: Int) -> UInt8? {
    offset < bytes.count ? bytes[offset] : nil
  }

  /// Letters, digits, `_`, `$` and every byte of a non-ASCII character.
  static func isIdentifierByte(_ byte: UInt8) -> Bool { veneer_is_name_byte(byte) }

  func text(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8>.SubSequence { bytes[range] }

  func isWord(_ range: Range<Int>, _ word: String) -> Bool {
    // Lengths first: nearly every word differs in length from the few keywords asked about.
    range.count == word.utf8.count && text(range).elementsEqual(word.utf8)
  }

  /// Scans the whole file; false when it cannot vouch for the result.
  ///
  /// Outside braces, names and white space, most of the tokens, are read here rather than
  /// through `step()`, whose call and jump through a table per token the processor
  /// mispredicts; inside braces, `skimBody()` reads only what matters there.
  mutating func run() -> Bool {
    let count = bytes.count
    while index < count {
      if depth > 0 {
        guard skimBody() else { return false }
        continue
      }
      let current = bytes[index]
      if Self.isIdentifierByte(current) {
        let start = index
        let end = veneer_name_end(bytes.baseAddress!, index + 1, count)
        index = end
        // Only these lengths are keywords the scan acts on: `enum`, `import`, `protocol`,
        // `typealias`.
        let length = end - start
        if length == 4 || length == 6 || length == 8 || length == 9 {
          guard word(start..<end) else { return false }
        } else {
          topLevelTokens.append(Token(kind: .word, range: start..<end))
          afterOperand = true
        }
        afterDot = false
        continue
      }
      if current == UInt8(ascii: " ") || current == UInt8(ascii: "\n") {
        index += 1
        continue
      }
      guard step() else { return false }
    }
    return openRegionStart == nil
  }

  /// Inside braces, where only braces, literals, comments and a nested `protocol` matter, skips
  /// from one byte that may start them to the next: the names, operators and white space in
  /// between are no tokens to the scan. What they would have left — whether the last token was
  /// an operand, or a `.` — is read from the last byte before a stop that is not white space, or
  /// taken from the last token lexed when only white space came since. Returns at depth 0, or
  /// false when the scan cannot vouch for the file.
  mutating func skimBody() -> Bool {
    let count = bytes.count
    let base = bytes.baseAddress!
    var lexedEnd = index
    var lexedOperand = afterOperand
    var lexedDot = afterDot
    while depth > 0 {
      index = veneer_next_body_byte(base, index, count)
      guard index < count else { return true }
      var previous = index - 1
      while previous >= lexedEnd, Self.isSpaceOrNewline(bytes[previous]) { previous -= 1 }
      if previous < lexedEnd {
        afterOperand = lexedOperand
        afterDot = lexedDot
      } else {
        let byte = bytes[previous]
        afterOperand =
          Self.isIdentifierByte(byte) || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]")
        afterDot = byte == UInt8(ascii: ".")
      }
      if bytes[index] == UInt8(ascii: "p") {
        let start = index
        index = veneer_name_end(base, index + 1, count)
        // Only a whole name can be `protocol`.
        let isWholeName = previous < start - 1 || !Self.isIdentifierByte(bytes[start - 1])
        if isWholeName, index - start == 8 {
          guard word(start..<index) else { return false }
        }
        afterOperand = true
        afterDot = false
      } else {
        guard step() else { return false }
      }
      lexedEnd = index
      lexedOperand = afterOperand
      lexedDot = afterDot
    }
    return true
  }

  mutating func log(_ kind: Token.Kind, _ range: Range<Int>) {
    if depth == 0 { topLevelTokens.append(Token(kind: kind, range: range)) }
  }

  /// One token that is not a name, or a run of white space.
  mutating func step() -> Bool {
    let start = index
    let current = bytes[index]
    switch current {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
      // A run at a time, in a local like names: indentation is a run of spaces.
      var end = index + 1
      while end < bytes.count,
        bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t")
          || bytes[end] == UInt8(ascii: "\n") || bytes[end] == UInt8(ascii: "\r")
      {
        end += 1
      }
      index = end
      return true
    case UInt8(ascii: "."):
      log(.dot, start..<start + 1)
      index += 1
      afterOperand = false
      afterDot = true
      return true
    case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
      skipLine()
    case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
      guard skipBlockComment() else { return false }
    case UInt8(ascii: "/") where !afterOperand && isBareRegex():
      log(.other, start..<index)
      afterOperand = true
    case UInt8(ascii: "\""):
      guard skipString(hashes: 0) else { return false }
      log(.other, start..<index)
      afterOperand = true
    case UInt8(ascii: "#"):
      return pound()
    case UInt8(ascii: "`"):
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "`") {
        guard bytes[index] != UInt8(ascii: "\n") else { return false }
        index += 1
      }
      index += 1
      log(.word, start..<index)
      afterOperand = true
    case UInt8(ascii: "{"):
      log(.other, start..<start + 1)
      depth += 1
      index += 1
      afterOperand = false
    case UInt8(ascii: "}"):
      depth -= 1
      guard depth >= 0 else { return false }
      index += 1
      log(.other, start..<index)
      if depth == 0, let protocolStart = openRegionStart {
        regions.append(protocolStart..<index)
        openRegionStart = nil
      }
      afterOperand = true
    case UInt8(ascii: "("):
      log(.openParenthesis, start..<start + 1)
      index += 1
      afterOperand = false
    case UInt8(ascii: ")"):
      log(.closeParenthesis, start..<start + 1)
      index += 1
      afterOperand = true
    case UInt8(ascii: "@"):
      log(.at, start..<start + 1)
      index += 1
      afterOperand = false
    case UInt8(ascii: "]"):
      log(.other, start..<start + 1)
      index += 1
      afterOperand = true
    default:
      log(.other, start..<start + 1)
      index += 1
      afterOperand = false
    }
    afterDot = false
    return true
  }

  mutating func word(_ range: Range<Int>) -> Bool {
    if !afterDot, isWord(range, "protocol") {
      // A protocol nested in a type takes its scope from declarations the scan does not model.
      guard depth == 0, openRegionStart == nil else { return false }
      guard let start = keptStart(ofDeclarationAt: range.lowerBound) else { return false }
      openRegionStart = start
      foundProtocol = true
    } else if depth == 0, !afterDot, isWord(range, "import") {
      let start = declarationStart(before: range.lowerBound).start
      var end = range.upperBound
      var cursor = end
      // `import struct Module.Type`: words and dots on the same line.
      while cursor < bytes.count {
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard cursor < bytes.count else { break }
        if bytes[cursor] == UInt8(ascii: ".") {
          cursor += 1
        } else if Self.isIdentifierByte(bytes[cursor]) {
          while cursor < bytes.count, Self.isIdentifierByte(bytes[cursor]) { cursor += 1 }
          end = cursor
        } else {
          break
        }
      }
      regions.append(start..<end)
      log(.other, range.lowerBound..<end)
      index = end
      afterOperand = true
      return true
    }
    if depth == 0, !afterDot, isWord(range, "enum"),
      veneer_generic_name_follows(bytes.baseAddress!, range.upperBound, bytes.count)
    {
      // Kept whole, as a protocol is: it may be an app's own `Result<T>`.
      guard openRegionStart == nil, let start = keptStart(ofDeclarationAt: range.lowerBound)
      else { return false }
      openRegionStart = start
      foundGenericEnum = true
    }
    if depth == 0, !afterDot, isWord(range, "typealias") {
      switch aliasOfNames(after: range.upperBound) {
      case .unsure:
        return false
      case .other:
        break
      case .endsAt(let end):
        guard let start = keptStart(ofDeclarationAt: range.lowerBound) else { return false }
        regions.append(start..<end)
        log(.other, range.lowerBound..<end)
        index = end
        afterOperand = true
        foundAlias = true
        return true
      }
    }
    log(.word, range)
    afterOperand = true
    return true
  }

  enum AliasShape {
    case endsAt(Int)
    case other, unsure
  }

  /// Whether the `typealias` before `offset` stands for names on one line, `Name = A & B.C`
  /// (a comment may follow), and where that line ends: the only kind a protocol can inherit
  /// through, and the kind `ProtocolCollector` models. Unsure of one that may go on to the
  /// next line.
  func aliasOfNames(after offset: Int) -> AliasShape {
    var cursor = offset
    func skipSpaces() {
      while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == 9 {
        cursor += 1
      }
    }
    func skipName() -> Bool {
      let start = cursor
      while cursor < bytes.count, Self.isIdentifierByte(bytes[cursor]) { cursor += 1 }
      return cursor > start
    }
    func atLineEnd() -> Bool {
      cursor >= bytes.count || bytes[cursor] == UInt8(ascii: "\n")
        || bytes[cursor] == UInt8(ascii: "\r")
    }
    skipSpaces()
    guard skipName() else { return .other }
    skipSpaces()
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { return .other }
    cursor += 1
    while true {
      skipSpaces()
      if atLineEnd() { return .unsure }
      guard skipName() else { return .other }
      while cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "."),
        Self.isIdentifierByte(bytes[cursor + 1])
      {
        cursor += 1
        _ = skipName()
      }
      skipSpaces()
      guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "&") else { break }
      cursor += 1
    }
    let end = cursor
    if cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "/"),
      bytes[cursor + 1] == UInt8(ascii: "/")
    {
      cursor = bytes.newlineIndex(from: cursor)
    }
    guard atLineEnd() else { return .other }
    // What starts the next line with text may continue the type: `& C`, `.D`, `<T>`.
    while cursor < bytes.count, Self.isSpaceOrNewline(bytes[cursor]) { cursor += 1 }
    if cursor < bytes.count,
      [UInt8(ascii: "&"), UInt8(ascii: "."), UInt8(ascii: "<")].contains(
        bytes[cursor])
    {
      return .unsure
    }
    return .endsAt(end)
  }

  static func isSpaceOrNewline(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == 9 || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  /// The first attribute or modifier of the declaration whose keyword starts at `keyword`,
  /// and the end of the token before it, if any.
  func declarationStart(before keyword: Int) -> (start: Int, previousEnd: Int?) {
    var start = keyword
    var cursor = topLevelTokens.count - 1
    while cursor >= 0 {
      let token = topLevelTokens[cursor]
      if token.kind == .word, Self.modifiers.contains(Array(text(token.range))) {
        start = token.range.lowerBound
        cursor -= 1
        continue
      }
      var nameEnd = cursor
      if token.kind == .closeParenthesis {
        // An attribute's arguments: back to the matching parenthesis.
        var nesting = 0
        var open = cursor
        while open >= 0 {
          if topLevelTokens[open].kind == .closeParenthesis { nesting += 1 }
          if topLevelTokens[open].kind == .openParenthesis {
            nesting -= 1
            if nesting == 0 { break }
          }
          open -= 1
        }
        nameEnd = open - 1
      }
      guard nameEnd >= 1, topLevelTokens[nameEnd].kind == .word else { break }
      var nameStart = nameEnd
      while nameStart >= 3, topLevelTokens[nameStart - 1].kind == .dot,
        topLevelTokens[nameStart - 2].kind == .word
      {
        nameStart -= 2
      }
      let at = topLevelTokens[nameStart - 1]
      guard at.kind == .at, at.range.upperBound == topLevelTokens[nameStart].range.lowerBound
      else { break }
      start = at.range.lowerBound
      cursor = nameStart - 2
    }
    return (start, cursor >= 0 ? topLevelTokens[cursor].range.upperBound : nil)
  }

  /// Where to start keeping a declaration: with the comments above it, from the line after
  /// the previous token, whose own line (its trailing comments) belongs to that token.
  func keptStart(ofDeclarationAt keyword: Int) -> Int? {
    let (start, previousEnd) = declarationStart(before: keyword)
    // The first declaration in the file keeps everything above it.
    guard var lineEnd = previousEnd else { return 0 }
    while lineEnd < start, bytes[lineEnd] != UInt8(ascii: "\n") {
      // A block comment that starts on that line may run into the declaration's comments.
      if bytes[lineEnd] == UInt8(ascii: "/"), byte(lineEnd + 1) == UInt8(ascii: "*") {
        return nil
      }
      lineEnd += 1
    }
    return lineEnd < start ? lineEnd : start
  }
}
