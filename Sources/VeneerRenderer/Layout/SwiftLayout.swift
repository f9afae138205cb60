import Foundation
import VeneerTemplates

/// Lays out generated Swift the way `swift format` does with Veneer's `.swift-format`, so that
/// templates need not track indentation and output reads like hand-formatted code: two-space
/// indentation by bracket and `#if` structure, at most one blank line (none just inside braces),
/// and lines over 100 columns wrapped at their first argument list.
enum SwiftLayout {
  static let indentation = "  "
  static let lineLength = 100

  /// Works on UTF-8: every character that decides the layout is ASCII, and most lines are
  /// copied whole. Only lines too long for their indentation go through `wrap`.
  static func format(_ input: UnsafeBufferPointer<UInt8>) -> String {
    var output = ByteBuffer(capacity: input.count + input.count / 2)
    var levels = Levels()
    // The arguments of the line being wrapped, in one array for the whole layout rather than
    // one allocated for each line.
    var arguments: [ByteSlice] = []
    arguments.reserveCapacity(16)
    var hasLines = false
    // A blank line seen after a line that may be followed by one; written before the next line
    // unless that line closes a block, so that no block ends in a blank line.
    var isBlankPending = false
    var previousEndsWithBrace = false
    // The levels `switch` blocks opened: their `case` lines sit at the `switch`'s own level.
    var switchLevels: [Int] = []
    var lineStart = 0
    while lineStart <= input.count {
      let newline = nextNewline(in: input, from: lineStart)
      defer { lineStart = newline + 1 }
      var first = lineStart
      var end = newline
      while first < end, isBlank(input[first]) { first += 1 }
      while end > first, isBlank(input[end - 1]) { end -= 1 }
      let line = UnsafeBufferPointer(rebasing: input[first..<end])
      if line.isEmpty {
        // One blank line at most, and none after an opening brace or at the start.
        if hasLines, !previousEndsWithBrace { isBlankPending = true }
        continue
      }
      // Most lines are neither: one byte tells.
      let isDirective = line.first == UInt8(ascii: "#")
      let closesBlock =
        line.first == UInt8(ascii: "}")
        || (isDirective && (line.starts(with: "#endif") || line.starts(with: "#else")))
      if isBlankPending, !closesBlock { output.append(UInt8(ascii: "\n")) }
      isBlankPending = false
      hasLines = true
      previousEndsWithBrace = line.last == UInt8(ascii: "{")

      if isDirective, line.starts(with: "#if") {
        append(line, indentLevel: levels.count, to: &output)
        levels.append(-1)
        continue
      }
      if isDirective, line.starts(with: "#else") {
        append(line, indentLevel: levels.count - 1, to: &output)
        continue
      }
      if isDirective, line.starts(with: "#endif") {
        if levels.last == -1 { levels.removeLast() }
        append(line, indentLevel: levels.count, to: &output)
        continue
      }
      let brackets = BracketScan(line, readable: input.count - first)
      levels.close(brackets.leadingClosers)
      while let last = switchLevels.last, last > levels.count { switchLevels.removeLast() }
      var level = levels.count
      if switchLevels.last == level, line.starts(with: "case ") || line.starts(with: "default:") {
        level -= 1
      }
      if level * indentation.utf8.count + line.count <= lineLength {
        append(line, indentLevel: level, to: &output)
      } else {
        wrap(line, indentLevel: level, arguments: &arguments, into: &output)
      }
      // Brackets opened and closed on the line cancel out; what is left opens or closes levels.
      let balance = brackets.opened - (brackets.closed - brackets.leadingClosers)
      if balance > 0 {
        levels.append(balance)
        if line.first == UInt8(ascii: "s"), line.starts(with: "switch ") {
          switchLevels.append(levels.count)
        }
      } else {
        levels.close(-balance)
      }
    }
    if output.count == 0 { output.append(UInt8(ascii: "\n")) }
    return output.withBytes { String(decoding: $0, as: UTF8.self) }
  }

  /// The line and its newline, after `level` indentations.
  private static func append(_ line: Bytes, indentLevel level: Int, to output: inout ByteBuffer) {
    output.appendLine(line, indentedBy: max(0, level) * indentation.utf8.count)
  }

  private static func append(
    _ line: ByteSlice, indentLevel level: Int, to output: inout ByteBuffer
  ) {
    append(Bytes(rebasing: line), indentLevel: level, to: &output)
  }

  private static func append(
    _ line: StaticString, indentLevel level: Int, to output: inout ByteBuffer
  ) {
    append(
      Bytes(start: line.utf8Start, count: line.utf8CodeUnitCount), indentLevel: level, to: &output)
  }

  /// The index of the next newline at or after `start`, or the end: `memchr`, which reads many
  /// bytes at a time.
  private static func nextNewline(in input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard start < input.count, let base = input.baseAddress,
      let found = memchr(base + start, Int32(UInt8(ascii: "\n")), input.count - start)
    else { return input.count }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Writes the line at its indentation, broken at its first argument list if it is too long:
  /// the arguments packed onto continuation lines, and for declarations (which open a brace) the
  /// closing parenthesis on a line of its own.
  ///
  /// Works on the line's UTF-8 like `format`: the pieces it breaks at are ASCII, and building
  /// lines as strings was most of the cost of layout.
  private static func wrap(
    _ line: Bytes, indentLevel level: Int, arguments: inout [ByteSlice],
    into output: inout ByteBuffer
  ) {
    let width = max(0, level) * indentation.utf8.count
    // Most lines are short enough in bytes, which are quicker to count than characters.
    guard width + line.count > lineLength, width + columns(line[...]) > lineLength,
      !line.starts(with: "//")
    else {
      return append(line, indentLevel: level, to: &output)
    }
    if line.starts(with: "guard "), line.ends(with: " else {") {
      append("guard", indentLevel: level, to: &output)
      wrap(
        Bytes(rebasing: line["guard ".utf8.count..<(line.count - " else {".utf8.count)]),
        indentLevel: level + 1, arguments: &arguments, into: &output)
      return append("else {", indentLevel: level, to: &output)
    }
    if line.ends(with: " {"), isTypeDeclaration(line) {
      let head = line[..<(line.count - 2)]
      if width + columns(head) <= lineLength {
        append(head, indentLevel: level, to: &output)
        return append("{", indentLevel: level, to: &output)
      }
      if let colon = inheritanceColon(in: head) {
        append(head[...colon], indentLevel: level, to: &output)
        append(head[(colon + 2)...], indentLevel: level + 1, to: &output)
        return append("{", indentLevel: level, to: &output)
      }
    }
    // `= Generic<A, B>()` too long breaks inside its angle brackets.
    if line.ends(with: ">()"), let equals = line.firstRange(of: " = ".utf8),
      let open = line[equals.upperBound...].firstIndex(of: UInt8(ascii: "<")),
      isIdentifier(line[equals.upperBound..<open])
    {
      append(line[...open], indentLevel: level, to: &output)
      wrap(
        Bytes(rebasing: line[(open + 1)..<(line.count - 3)]), indentLevel: level + 1,
        arguments: &arguments, into: &output)
      return append(">()", indentLevel: level, to: &output)
    }
    // A closure too long for one line breaks after `in`, its body on a line of its own.
    if let closure = ClosureSplit(line) {
      if width + columns(closure.head) <= lineLength {
        append(closure.head, indentLevel: level, to: &output)
      } else {
        // A signature that still does not fit goes on a line of its own, inside the brace.
        append(closure.beforeSignature, indentLevel: level, to: &output)
        append(closure.signature, indentLevel: level + 1, to: &output)
      }
      wrap(
        Bytes(rebasing: closure.body), indentLevel: level + 1, arguments: &arguments,
        into: &output)
      return append(closure.tail, indentLevel: level, to: &output)
    }
    guard let split = ArgumentListSplit(line, arguments: &arguments) else {
      // A labelled argument too long on its own continues after its label.
      if let colon = line.firstIndex(of: UInt8(ascii: ":")), isWord(line[..<colon]),
        line[(colon + 1)...].starts(with: " \"".utf8)
      {
        append(line[...colon], indentLevel: level, to: &output)
        return wrap(
          Bytes(rebasing: line[(colon + 2)...]), indentLevel: level + 1, arguments: &arguments,
          into: &output)
      }
      return append(line, indentLevel: level, to: &output)
    }
    let continuationWidth = max(0, level + 1) * indentation.utf8.count
    // What follows the last argument on its line: a comma, or the closing bracket and the rest.
    // A collection literal gets a trailing comma, and a declaration or collection its closing
    // bracket on a line of its own.
    let lastTail =
      split.isCollection ? comma : split.isDeclaration ? comma.prefix(0) : split.closerAndSuffix
    let lastTailColumns = split.isDeclaration || split.isCollection ? 1 : columns(lastTail)
    append(split.head, indentLevel: level, to: &output)
    // The arguments packed onto lines, each written as soon as the next does not fit on it.
    var lineStart = 0
    var lineColumns = columns(arguments[0])
    for index in arguments.indices.dropFirst() {
      let tailColumns = index == arguments.count - 1 ? lastTailColumns : 1
      let argumentColumns = columns(arguments[index])
      if continuationWidth + lineColumns + 2 + argumentColumns + tailColumns <= lineLength {
        lineColumns += 2 + argumentColumns
      } else {
        appendArguments(
          arguments[lineStart..<index], columns: lineColumns, tail: comma,
          indentLevel: level + 1, to: &output)
        lineStart = index
        lineColumns = argumentColumns
      }
    }
    appendArguments(
      arguments[lineStart...], columns: lineColumns, tail: lastTail, indentLevel: level + 1,
      to: &output)
    if split.isCollection || split.isDeclaration {
      append(split.closerAndSuffix, indentLevel: level, to: &output)
    }
  }

  /// One line of packed arguments, separated by `, ` and followed by `tail`: written in place
  /// when it fits, as it nearly always does; an argument too long on its own is wrapped.
  private static func appendArguments(
    _ arguments: ArraySlice<ByteSlice>, columns argumentColumns: Int,
    tail: ByteSlice, indentLevel level: Int, to output: inout ByteBuffer
  ) {
    let width = max(0, level) * indentation.utf8.count
    guard width + argumentColumns + columns(tail) <= lineLength else {
      var line: [UInt8] = []
      for argument in arguments {
        if !line.isEmpty { line += ", ".utf8 }
        line += argument
      }
      line += tail
      // Its own array: `arguments` may be a slice of the caller's, which this wrap would reuse.
      var innerArguments: [ByteSlice] = []
      return line.withUnsafeBufferPointer {
        wrap($0, indentLevel: level, arguments: &innerArguments, into: &output)
      }
    }
    output.appendSpaces(width)
    for index in arguments.indices {
      if index != arguments.startIndex {
        output.append(UInt8(ascii: ","))
        output.append(UInt8(ascii: " "))
      }
      output.append(Bytes(rebasing: arguments[index]))
    }
    output.append(Bytes(rebasing: tail))
    output.append(UInt8(ascii: "\n"))
  }
}

/// How many characters wide `text` is: its bytes when they are ASCII, as they nearly always are.
private func columns(_ text: ByteSlice) -> Int {
  isASCII(text) ? text.count : String(decoding: text, as: UTF8.self).count
}

/// Whether every character is a letter, a digit or `_`; empty text is.
private func isIdentifier(_ text: ByteSlice) -> Bool {
  guard isASCII(text) else {
    return String(decoding: text, as: UTF8.self).allSatisfy {
      $0.isLetter || $0.isNumber || $0 == "_"
    }
  }
  return text.allSatisfy { isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
}

/// Whether every character is a letter; empty text is.
private func isWord(_ text: ByteSlice) -> Bool {
  guard isASCII(text) else { return String(decoding: text, as: UTF8.self).allSatisfy(\.isLetter) }
  return text.allSatisfy(isASCIILetter)
}

/// Eight bytes at a time: layout asks this of every line it wraps, and of every piece.
private func isASCII(_ text: ByteSlice) -> Bool {
  var index = text.startIndex
  if let base = text.base.baseAddress {
    while index + 8 <= text.endIndex {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if word & 0x8080_8080_8080_8080 != 0 { return false }
      index += 8
    }
  }
  return text[index...].allSatisfy { $0 < 0x80 }
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
  (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
}

/// Without leading and trailing spaces and tabs.
private func trimmed(_ text: ByteSlice) -> ByteSlice {
  var (start, end) = (text.startIndex, text.endIndex)
  while start < end, isBlank(text[start]) { start += 1 }
  while end > start, isBlank(text[end - 1]) { end -= 1 }
  return text[start..<end]
}

/// Open brackets per indentation level, innermost last, and -1 for each `#if`: in memory of its
/// own, because an array's uniqueness checks on every line cost more than the counting.
private struct Levels: ~Copyable {
  private var base = UnsafeMutablePointer<Int>.allocate(capacity: 16)
  private var capacity = 16
  private(set) var count = 0

  deinit { base.deallocate() }

  var last: Int? { count > 0 ? base[count - 1] : nil }

  mutating func append(_ brackets: Int) {
    if count == capacity {
      capacity *= 2
      let grown = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
      grown.initialize(from: base, count: count)
      base.deallocate()
      base = grown
    }
    base[count] = brackets
    count += 1
  }

  mutating func removeLast() { count -= 1 }

  /// Closes `brackets`, innermost level first, stopping at an `#if`.
  mutating func close(_ brackets: Int) {
    var brackets = brackets
    while brackets > 0, count > 0, base[count - 1] > 0 {
      let closed = min(base[count - 1], brackets)
      brackets -= closed
      base[count - 1] -= closed
      if base[count - 1] == 0 { count -= 1 }
    }
  }
}

/// A line's UTF-8, or part of one.
private typealias Bytes = UnsafeBufferPointer<UInt8>
/// Part of a line, indexed like the line.
private typealias ByteSlice = Slice<Bytes>

/// `,` as a piece of a line.
private var comma: ByteSlice { Bytes(start: ("," as StaticString).utf8Start, count: 1)[...] }

extension Bytes {
  fileprivate func starts(with prefix: StaticString) -> Bool {
    count >= prefix.utf8CodeUnitCount
      && memcmp(baseAddress!, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
  }

  fileprivate func ends(with suffix: StaticString) -> Bool {
    let length = suffix.utf8CodeUnitCount
    return count >= length && memcmp(baseAddress! + (count - length), suffix.utf8Start, length) == 0
  }
}

private let accessModifiers: [StaticString] = [
  "public", "package", "internal", "fileprivate", "private",
]
private let typeKeywords: [StaticString] = [
  "struct", "class", "actor", "enum", "extension", "protocol",
]

private func isAny(of words: [StaticString], _ word: ByteSlice) -> Bool {
  words.contains { word.spells($0) }
}

extension ByteSlice {
  /// Whether these bytes spell `word`: compared in memory, since comparing with a `String`'s
  /// UTF-8 goes through iterators and cost more than the rest of deciding a line's kind.
  fileprivate func spells(_ word: StaticString) -> Bool {
    count == word.utf8CodeUnitCount
      && (isEmpty || memcmp(base.baseAddress! + startIndex, word.utf8Start, count) == 0)
  }
}

/// Whether the line declares a type: attributes and modifiers, then `struct`, `class` … .
private func isTypeDeclaration(_ line: Bytes) -> Bool {
  firstWord(of: line) { word in
    if isAny(of: typeKeywords, word) { return true }
    let isModifier =
      word.first == UInt8(ascii: "@") || word.spells("final") || word.spells("nonisolated")
      || isAny(of: accessModifiers, word)
    return isModifier ? nil : false
  } ?? false
}

/// Whether the line declares a type alias, after its access modifier.
private func isTypeAlias(_ line: Bytes) -> Bool {
  firstWord(of: line) { word in
    isAny(of: accessModifiers, word) ? nil : word.spells("typealias")
  } ?? false
}

/// What `decide` says of the first word of `line` it decides on, words being split at spaces;
/// read in place, since only the first few words ever matter.
private func firstWord<Decision>(of line: Bytes, _ decide: (ByteSlice) -> Decision?)
  -> Decision?
{
  var rest = line[...]
  while true {
    rest = rest.drop { $0 == UInt8(ascii: " ") }
    let word = rest.prefix { $0 != UInt8(ascii: " ") }
    guard !word.isEmpty else { return nil }
    if let decision = decide(word) { return decision }
    rest = rest[word.endIndex...]
  }
}

/// The colon before a type's conformances: the first `: ` outside its generic parameters.
private func inheritanceColon(in head: ByteSlice) -> Int? {
  var depth = 0
  for index in head.indices {
    switch head[index] {
    case UInt8(ascii: "<"): depth += 1
    case UInt8(ascii: ">"): depth -= 1
    case UInt8(ascii: ":")
    where depth == 0 && index + 1 < head.endIndex && head[index + 1] == UInt8(ascii: " "):
      return index
    default: break
    }
  }
  return nil
}

/// A line whose first brace opens a closure with `in` that closes at the end of the line, as in
/// `compute: { [base] () async -> Int in try await base.count() })`.
private struct ClosureSplit {
  /// Up to and including `in`.
  var head: ByteSlice
  /// Up to and including the opening brace, and what follows it up to and including `in`.
  var beforeSignature: ByteSlice
  var signature: ByteSlice
  var body: ByteSlice
  /// The closing brace and what follows it, e.g. `})`.
  var tail: ByteSlice

  init?(_ bytes: Bytes) {
    // Only a closure outside any parentheses: one inside an argument list waits for that list
    // to be split.
    guard let base = bytes.baseAddress,
      let found = memchr(base, Int32(UInt8(ascii: "{")), bytes.count)
    else { return nil }
    let open = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    var unclosed = 0
    for byte in bytes[..<open] where byte < UInt8(ascii: "a") {
      switch byte {
      case UInt8(ascii: "("), UInt8(ascii: "["): unclosed += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"): unclosed -= 1
      default: break
      }
    }
    guard unclosed == 0 else { return nil }
    var depth = 0
    var index = open
    var inIndex: Int?
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index = endOfStringLiteral(in: bytes, openingAt: index)
        continue
      case UInt8(ascii: "`"):
        index = endOfRawIdentifier(in: bytes, openingAt: index)
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 {
          guard let inIndex, bytes[index] == UInt8(ascii: "}"),
            bytes[(index + 1)...].allSatisfy({ ")]}".utf8.contains($0) })
          else { return nil }
          head = bytes[0..<(inIndex + 2)]
          beforeSignature = bytes[0..<(open + 1)]
          signature = trimmed(bytes[(open + 1)..<(inIndex + 2)])
          body = trimmed(bytes[(inIndex + 3)..<index])
          tail = bytes[index...]
          guard !body.isEmpty else { return nil }
          return
        }
      case UInt8(ascii: " ")
      where depth == 1 && inIndex == nil && index + 3 < bytes.count
        && bytes[(index + 1)...(index + 3)].spells("in "):
        inIndex = index + 1
      default:
        break
      }
      index += 1
    }
    return nil
  }
}

/// A line's first bracketed list whose closing bracket is on the same line, split at its
/// top-level commas.
private struct ArgumentListSplit {
  /// Up to and including the opening bracket.
  var head: ByteSlice
  /// The closing bracket and what follows it, e.g. `) -> Int {`.
  var closerAndSuffix: ByteSlice
  /// Whether the list is in square brackets: a collection literal.
  var isCollection: Bool
  /// Whether the line opens a body (`{` at its end, or a trailing closure's `{ (…) -> T in`), as
  /// declarations do: its closing bracket goes on a line of its own.
  var isDeclaration: Bool

  /// The split of `bytes`, whose arguments replace those in `arguments`.
  init?(_ bytes: Bytes, arguments: inout [ByteSlice]) {
    arguments.removeAll(keepingCapacity: true)
    var index = 0
    var openIndex: Int?
    var depth = 0
    var argumentStart = 0
    while index < bytes.count {
      let byte = bytes[index]
      // Lower-case letters are most of a line, and none of them matters.
      if byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") {
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        index = endOfStringLiteral(in: bytes, openingAt: index)
        continue
      }
      if byte == UInt8(ascii: "`") {
        index = endOfRawIdentifier(in: bytes, openingAt: index)
        continue
      }
      if byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
        index += 2
        continue
      }
      switch byte {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "{"):
        if openIndex == nil, byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
          openIndex = index
          argumentStart = index + 1
          depth = 0
        }
        depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"), UInt8(ascii: "}"):
        depth -= 1
        if let openIndex, depth == 0 {
          let last = trimmed(bytes[argumentStart..<index])
          if !last.isEmpty { arguments.append(last) }
          guard !arguments.isEmpty else { return nil }
          // One element in brackets is no shorter broken, and may be a type (`[Int: String]`,
          // a generic argument), which takes no trailing comma.
          if byte == UInt8(ascii: "]"), arguments.count == 1 { return nil }
          head = bytes[...openIndex]
          closerAndSuffix = bytes[index...]
          isCollection = byte == UInt8(ascii: "]")
          // Tuples assigned whole, `let arguments = (…)`, and type aliases of tuples break like
          // declarations, closing on a line of their own.
          let isAssignedTuple =
            index == bytes.count - 1 && openIndex >= 3
            && bytes[(openIndex - 3)..<openIndex].spells(" = ")
          let opensClosure =
            bytes.last == UInt8(ascii: "{")
            || (bytes[index...].starts(with: ") { ".utf8) && bytes.count >= 3
              && bytes[(bytes.count - 3)...].spells(" in"))
          isDeclaration =
            byte == UInt8(ascii: ")") && (opensClosure || isAssignedTuple || isTypeAlias(bytes))
          return
        }
      case UInt8(ascii: ",") where openIndex != nil && depth == 1:
        arguments.append(trimmed(bytes[argumentStart..<index]))
        argumentStart = index + 1
      default:
        break
      }
      index += 1
    }
    return nil
  }
}

/// The index just past the string literal whose opening quote is at `start`, in a line's bytes.
private func endOfStringLiteral<Bytes: RandomAccessCollection<UInt8>>(
  in bytes: Bytes, openingAt start: Int
) -> Int where Bytes.Index == Int {
  var index = start + 1
  var interpolationDepth = 0
  while index < bytes.count {
    let byte = bytes[index]
    if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
      if bytes[index + 1] == UInt8(ascii: "(") { interpolationDepth += 1 }
      index += 2
      continue
    }
    if interpolationDepth > 0 {
      if byte == UInt8(ascii: ")") { interpolationDepth -= 1 }
    } else if byte == UInt8(ascii: "\"") {
      return index + 1
    }
    index += 1
  }
  return index
}

/// The index just past the identifier in backticks whose opening backtick is at `start`: a raw
/// identifier (`` `load (all)` ``) may hold brackets.
private func endOfRawIdentifier<Bytes: RandomAccessCollection<UInt8>>(
  in bytes: Bytes, openingAt start: Int
) -> Int where Bytes.Index == Int {
  var index = start + 1
  while index < bytes.count, bytes[index] != UInt8(ascii: "`") { index += 1 }
  return min(index + 1, bytes.count)
}

/// Counts of brackets on a line, outside string literals, identifiers in backticks and comments.
private struct BracketScan {
  var opened = 0
  var closed = 0
  /// Closing brackets before anything else on the line, as in `})`.
  var leadingClosers = 0

  /// Scans the line's UTF-8, of which every character that matters is ASCII. `readable` bytes
  /// from the line's start may be read, past its end: sixteen at a time are tested at once.
  init(_ line: Bytes, readable: Int) {
    var index = 0
    while index < line.count {
      let byte = line[index]
      if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
        closed += 1
        leadingClosers += 1
      } else if byte != UInt8(ascii: " ") {
        break
      }
      index += 1
    }
    guard let base = line.baseAddress else { return }
    while index + 16 <= readable, index < line.count {
      var positions = bytesThatMatter(at: base + index)
      if line.count - index < 16 { positions &= (1 << (line.count - index)) - 1 }
      let chunkStart = index
      index += 16
      // Where scanning goes on: past a string literal, which may end beyond this chunk.
      var next = chunkStart
      while positions != 0 {
        let position = chunkStart + positions.trailingZeroBitCount
        positions &= positions - 1
        guard position >= next else { continue }
        guard let after = count(line, at: position) else { return }
        next = after
      }
      index = max(index, next)
    }
    // The last bytes of the input, one at a time.
    while index < line.count {
      // Lower-case letters are most of a line, and none of them matters.
      if line[index] >= UInt8(ascii: "a"), line[index] <= UInt8(ascii: "z") {
        index += 1
        continue
      }
      guard let after = count(line, at: index) else { return }
      index = after
    }
  }

  /// Counts the byte at `position` if it is a bracket, and gives where scanning goes on: past a
  /// string literal or an identifier in backticks; nil at a comment.
  private mutating func count(_ line: Bytes, at position: Int) -> Int? {
    switch line[position] {
    case UInt8(ascii: "\""):
      return endOfStringLiteral(in: line, openingAt: position)
    case UInt8(ascii: "`"):
      return endOfRawIdentifier(in: line, openingAt: position)
    case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
      opened += 1
    case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
      closed += 1
    case UInt8(ascii: "/")
    where position + 1 < line.count && line[position + 1] == UInt8(ascii: "/"):
      return nil
    default:
      break
    }
    return position + 1
  }
}

/// Which of the 16 bytes at `address` are quotes, backticks, brackets or slashes, one bit each,
/// the first lowest: compared all at once, which is several times quicker than one by one.
private func bytesThatMatter(at address: UnsafePointer<UInt8>) -> UInt32 {
  let chunk = UnsafeRawPointer(address).loadUnaligned(as: SIMD16<UInt8>.self)
  func lanes(equalTo byte: UInt8) -> SIMDMask<SIMD16<Int8>> {
    chunk .== SIMD16(repeating: byte)
  }
  let matches =
    lanes(equalTo: UInt8(ascii: "\"")) .| lanes(equalTo: UInt8(ascii: "`"))
    .| lanes(equalTo: UInt8(ascii: "{")) .| lanes(equalTo: UInt8(ascii: "}"))
    .| lanes(equalTo: UInt8(ascii: "(")) .| lanes(equalTo: UInt8(ascii: ")"))
    .| lanes(equalTo: UInt8(ascii: "[")) .| lanes(equalTo: UInt8(ascii: "]"))
    .| lanes(equalTo: UInt8(ascii: "/"))
  // Each matching lane is 0xFF; multiplying gathers the top bits of eight lanes into one byte.
  let halves = unsafeBitCast(matches, to: SIMD2<UInt64>.self)
  let gather: UInt64 = 0x0002_0408_1020_4081
  let low = ((halves[0] & 0x8080_8080_8080_8080) &* gather) >> 56
  let high = ((halves[1] & 0x8080_8080_8080_8080) &* gather) >> 56
  return UInt32(truncatingIfNeeded: low | high << 8)
}

private func isBlank(_ byte: UInt8) -> Bool {
  byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
}

extension Substring {
  /// Without leading and trailing spaces and tabs, found in its UTF-8.
  var trimmingWhitespace: String {
    let bytes = utf8
    guard let first = bytes.firstIndex(where: { !isBlank($0) }),
      let last = bytes.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(self[first...last])
  }
}
