/// Lays out generated Swift the way `swift format` does with Veneer's `.swift-format`, so that
/// templates need not track indentation and output reads like hand-formatted code: two-space
/// indentation by bracket and `#if` structure, at most one blank line (none just inside braces),
/// and lines over 100 columns wrapped at their first argument list.
enum SwiftLayout {
  static let indentation = "  "
  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)
  static let lineLength = 100

  /// Works on UTF-8: every character that decides the layout is ASCII, and most lines are
  /// copied whole. Only lines too long for their indentation go through `wrap`.
  static func format(_ input: UnsafeBufferPointer<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(input.count + input.count / 2)
    var levels: [Int] = []  // Open brackets per indentation level; -1 marks an `#if`.
    var hasLines = false
    // A blank line seen after a line that may be followed by one; written before the next line
    // unless that line closes a block, so that no block ends in a blank line.
    var isBlankPending = false
    var previousEndsWithBrace = false
    var lineStart = 0
    while lineStart <= input.count {
      let newline = input[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? input.count
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
        || (isDirective && (line.starts(with: "#endif".utf8) || line.starts(with: "#else".utf8)))
      if isBlankPending, !closesBlock { output.append(UInt8(ascii: "\n")) }
      isBlankPending = false
      hasLines = true
      previousEndsWithBrace = line.last == UInt8(ascii: "{")

      if isDirective, line.starts(with: "#if".utf8) {
        append(line, indentLevel: levels.count, to: &output)
        levels.append(-1)
        continue
      }
      if isDirective, line.starts(with: "#else".utf8) {
        append(line, indentLevel: levels.count - 1, to: &output)
        continue
      }
      if isDirective, line.starts(with: "#endif".utf8) {
        if levels.last == -1 { levels.removeLast() }
        append(line, indentLevel: levels.count, to: &output)
        continue
      }
      let brackets = BracketScan(line)
      close(brackets.leadingClosers, of: &levels)
      if levels.count * indentation.utf8.count + line.count <= lineLength {
        append(line, indentLevel: levels.count, to: &output)
      } else {
        for wrapped in wrap(String(decoding: line, as: UTF8.self), indentLevel: levels.count) {
          output += wrapped.utf8
          output.append(UInt8(ascii: "\n"))
        }
      }
      // Brackets opened and closed on the line cancel out; what is left opens or closes levels.
      let balance = brackets.opened - (brackets.closed - brackets.leadingClosers)
      if balance > 0 { levels.append(balance) } else { close(-balance, of: &levels) }
    }
    if output.isEmpty { output.append(UInt8(ascii: "\n")) }
    return String(decoding: output, as: UTF8.self)
  }

  /// Closes `count` brackets, innermost level first, stopping at an `#if`.
  private static func close(_ count: Int, of levels: inout [Int]) {
    var count = count
    while count > 0, let top = levels.last, top > 0 {
      let closed = min(top, count)
      count -= closed
      levels[levels.count - 1] -= closed
      if levels[levels.count - 1] == 0 { levels.removeLast() }
    }
  }

  /// The line and its newline, after `level` indentations.
  private static func append(
    _ line: UnsafeBufferPointer<UInt8>, indentLevel level: Int, to output: inout [UInt8]
  ) {
    let width = max(0, level) * indentation.utf8.count
    // Appending a string's `utf8` goes element by element; a run of spaces is copied at once.
    if width <= spaces.count {
      output.append(contentsOf: spaces[..<width])
    } else {
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width))
    }
    output.append(contentsOf: line)
    output.append(UInt8(ascii: "\n"))
  }

  private static func indent(_ level: Int) -> String {
    String(repeating: indentation, count: max(0, level))
  }

  /// The line at its indentation, broken at its first argument list if it is too long: the
  /// arguments packed onto continuation lines, and for declarations (which open a brace) the
  /// closing parenthesis on a line of its own.
  private static func wrap(_ line: String, indentLevel: Int) -> [String] {
    let prefix = indent(indentLevel)
    // Most lines are short enough in bytes, which are quicker to count than characters.
    guard prefix.utf8.count + line.utf8.count > lineLength,
      prefix.utf8.count + columns(line) > lineLength, !line.hasPrefix("//")
    else {
      return [prefix + line]
    }
    if line.hasPrefix("guard "), line.hasSuffix(" else {") {
      let condition = String(line.dropFirst("guard ".count).dropLast(" else {".count))
      return [prefix + "guard"] + wrap(condition, indentLevel: indentLevel + 1)
        + [prefix + "else {"]
    }
    if line.hasSuffix(" {"), isTypeDeclaration(line) {
      let head = String(line.dropLast(2))
      if prefix.utf8.count + columns(head) <= lineLength { return [prefix + head, prefix + "{"] }
      if let colon = inheritanceColon(in: head) {
        return [
          prefix + head[...colon],
          indent(indentLevel + 1) + head[head.index(colon, offsetBy: 2)...],
          prefix + "{",
        ]
      }
    }
    // `= Generic<A, B>()` too long breaks inside its angle brackets.
    if line.hasSuffix(">()"), let equals = line.range(of: " = "),
      let open = line[equals.upperBound...].firstIndex(of: "<"),
      line[equals.upperBound..<open].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    {
      let arguments = String(
        line[line.index(after: open)..<line.index(line.endIndex, offsetBy: -3)])
      return [prefix + line[...open]] + wrap(arguments, indentLevel: indentLevel + 1)
        + [prefix + ">()"]
    }
    // A closure too long for one line breaks after `in`, its body on a line of its own.
    if let closure = ClosureSplit(line) {
      // A signature that still does not fit goes on a line of its own, inside the brace.
      let opening =
        prefix.utf8.count + columns(closure.head) <= lineLength
        ? [prefix + closure.head]
        : [prefix + closure.beforeSignature, indent(indentLevel + 1) + closure.signature]
      return opening + wrap(closure.body, indentLevel: indentLevel + 1) + [prefix + closure.tail]
    }
    guard let split = ArgumentListSplit(line) else {
      // A labelled argument too long on its own continues after its label.
      if let colon = line.firstIndex(of: ":"), line[..<colon].allSatisfy(\.isLetter),
        line[line.index(after: colon)...].hasPrefix(" \"")
      {
        return [prefix + line[...colon]]
          + wrap(String(line[line.index(colon, offsetBy: 2)...]), indentLevel: indentLevel + 1)
      }
      return [prefix + line]
    }
    let continuation = indent(indentLevel + 1)
    var packed: [String] = []
    var current = ""
    var currentColumns = 0
    for (index, argument) in split.arguments.enumerated() {
      let isLast = index == split.arguments.count - 1
      let argumentColumns = columns(argument)
      let tail =
        isLast
        ? (split.isDeclaration || split.closer == "]" ? "," : split.closer + split.suffix) : ","
      if current.isEmpty {
        current = argument
        currentColumns = argumentColumns
      } else if continuation.utf8.count + currentColumns + 2 + argumentColumns + columns(tail)
        <= lineLength
      {
        current += ", " + argument
        currentColumns += 2 + argumentColumns
      } else {
        packed.append(current + ",")
        current = argument
        currentColumns = argumentColumns
      }
    }
    packed.append(current)
    var result = [prefix + split.head]
    if split.closer == "]" {
      // A collection literal: a trailing comma, and the bracket on a line of its own.
      packed[packed.count - 1] += ","
      result += packed.flatMap { wrap($0, indentLevel: indentLevel + 1) }
      result.append(prefix + split.closer + split.suffix)
    } else if split.isDeclaration {
      result += packed.flatMap { wrap($0, indentLevel: indentLevel + 1) }
      result.append(prefix + split.closer + split.suffix)
    } else {
      packed[packed.count - 1] += split.closer + split.suffix
      result += packed.flatMap { wrap($0, indentLevel: indentLevel + 1) }
    }
    return result
  }
}

/// How many characters wide `text` is: its bytes when they are ASCII, as they nearly always are.
private func columns(_ text: String) -> Int {
  var text = text
  // In place: through `utf8`, one byte at a time, this showed in profiles of layout.
  let isASCII = text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
  return isASCII ? text.utf8.count : text.count
}

/// The text of `bytes[range]`, which starts and ends at ASCII bytes.
private func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
  String(decoding: bytes[range], as: UTF8.self)
}

/// The same without leading and trailing spaces and tabs.
private func trimmedText(_ bytes: [UInt8], _ range: Range<Int>) -> String {
  var (start, end) = (range.lowerBound, range.upperBound)
  while start < end, isBlank(bytes[start]) { start += 1 }
  while end > start, isBlank(bytes[end - 1]) { end -= 1 }
  return text(bytes, start..<end)
}

/// Sets made once, rather than lists built for every word and compared with it entry by entry.
private let accessModifiers: Set<Substring> = [
  "public", "package", "internal", "fileprivate", "private",
]
private let typeKeywords: Set<Substring> = [
  "struct", "class", "actor", "enum", "extension", "protocol",
]

/// Whether the line declares a type: attributes and modifiers, then `struct`, `class` … .
private func isTypeDeclaration(_ line: String) -> Bool {
  firstWord(of: line) { word in
    if typeKeywords.contains(word) { return true }
    let isModifier = word.hasPrefix("@") || word == "final" || accessModifiers.contains(word)
    return isModifier ? nil : false
  } ?? false
}

/// Whether the line declares a type alias, after its access modifier.
private func isTypeAlias(_ line: String) -> Bool {
  firstWord(of: line) { word in accessModifiers.contains(word) ? nil : word == "typealias" }
    ?? false
}

/// What `decide` says of the first word of `line` it decides on, words being split at spaces;
/// read in place, since only the first few words ever matter.
private func firstWord<Decision>(of line: String, _ decide: (Substring) -> Decision?)
  -> Decision?
{
  var rest = Substring(line).utf8
  while true {
    rest = rest.drop { $0 == UInt8(ascii: " ") }
    let word = rest.prefix { $0 != UInt8(ascii: " ") }
    guard !word.isEmpty else { return nil }
    if let decision = decide(Substring(word)) { return decision }
    rest = rest[word.endIndex...]
  }
}

/// The colon before a type's conformances: the first `: ` outside its generic parameters.
private func inheritanceColon(in head: String) -> String.Index? {
  var depth = 0
  var index = head.startIndex
  while index < head.endIndex {
    switch head[index] {
    case "<": depth += 1
    case ">": depth -= 1
    case ":" where depth == 0 && head[head.index(after: index)...].hasPrefix(" "):
      return index
    default: break
    }
    index = head.index(after: index)
  }
  return nil
}

/// A line whose first brace opens a closure with `in` that closes at the end of the line, as in
/// `compute: { [base] () async -> Int in try await base.count() })`.
private struct ClosureSplit {
  /// Up to and including `in`.
  var head: String
  /// Up to and including the opening brace, and what follows it up to and including `in`.
  var beforeSignature: String
  var signature: String
  var body: String
  /// The closing brace and what follows it, e.g. `})`.
  var tail: String

  init?(_ line: String) {
    let bytes = Array(line.utf8)
    // Only a closure outside any parentheses: one inside an argument list waits for that list
    // to be split.
    guard let open = bytes.firstIndex(of: UInt8(ascii: "{")),
      bytes[..<open].count(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "[") })
        == bytes[..<open].count(where: { $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: "]") })
    else { return nil }
    var depth = 0
    var index = open
    var inIndex: Int?
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index = endOfStringLiteral(in: bytes, openingAt: index)
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 {
          guard let inIndex, bytes[index] == UInt8(ascii: "}"),
            bytes[(index + 1)...].allSatisfy({ ")]}".utf8.contains($0) })
          else { return nil }
          head = text(bytes, 0..<(inIndex + 2))
          beforeSignature = text(bytes, 0..<(open + 1))
          signature = trimmedText(bytes, (open + 1)..<(inIndex + 2))
          body = trimmedText(bytes, (inIndex + 3)..<index)
          tail = text(bytes, index..<bytes.count)
          guard !body.isEmpty else { return nil }
          return
        }
      case UInt8(ascii: " ")
      where depth == 1 && inIndex == nil && index + 3 < bytes.count
        && bytes[(index + 1)...(index + 3)].elementsEqual("in ".utf8):
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
  var head: String
  var arguments: [String]
  var closer: String
  /// After the closing bracket, e.g. ` -> Int {`.
  var suffix: String
  /// Whether the line opens a body (`{` at its end), as declarations do.
  var isDeclaration: Bool

  init?(_ line: String) {
    let bytes = Array(line.utf8)
    var index = 0
    var openIndex: Int?
    var depth = 0
    var argumentStart = 0
    var arguments: [String] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index = endOfStringLiteral(in: bytes, openingAt: index)
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
          let last = trimmedText(bytes, argumentStart..<index)
          if !last.isEmpty { arguments.append(last) }
          guard !arguments.isEmpty else { return nil }
          head = text(bytes, 0..<(openIndex + 1))
          self.arguments = arguments
          closer = text(bytes, index..<(index + 1))
          suffix = text(bytes, (index + 1)..<bytes.count)
          // Tuples assigned whole, `let arguments = (…)`, and type aliases of tuples break like
          // declarations, closing on a line of their own.
          let isAssignedTuple =
            index == bytes.count - 1 && openIndex >= 3
            && bytes[(openIndex - 3)..<openIndex].elementsEqual(" = ".utf8)
          isDeclaration =
            byte == UInt8(ascii: ")")
            && (bytes.last == UInt8(ascii: "{") || isAssignedTuple || isTypeAlias(line))
          return
        }
      case UInt8(ascii: ",") where openIndex != nil && depth == 1:
        arguments.append(trimmedText(bytes, argumentStart..<index))
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

/// Counts of brackets on a line, outside string literals and comments.
private struct BracketScan {
  var opened = 0
  var closed = 0
  /// Closing brackets before anything else on the line, as in `})`.
  var leadingClosers = 0

  /// Scans the line's UTF-8: every character that matters is ASCII.
  init(_ line: UnsafeBufferPointer<UInt8>) {
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
    while index < line.count {
      let byte = line[index]
      index += 1
      // Lower-case letters are most of a line, and none of them matters.
      if byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") { continue }
      switch byte {
      case UInt8(ascii: "\""):
        index = endOfStringLiteral(in: line, openingAt: index - 1)
      case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
        opened += 1
      case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
        closed += 1
      case UInt8(ascii: "/") where index < line.count && line[index] == UInt8(ascii: "/"):
        return
      default:
        break
      }
    }
  }
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
