/// Lays out generated Swift the way `swift format` does with Veneer's `.swift-format`, so that
/// templates need not track indentation and output reads like hand-formatted code: two-space
/// indentation by bracket and `#if` structure, at most one blank line (none just inside braces),
/// and lines over 100 columns wrapped at their first argument list.
enum SwiftLayout {
  static let indentation = "  "
  static let lineLength = 100

  static func format(_ text: String) -> String {
    var lines: [String] = []
    for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    {
      let line = Substring(rawLine).trimmingWhitespace
      if line.isEmpty {
        // One blank line at most, and none after an opening brace or at the start.
        if let last = lines.last, !last.isEmpty, !last.hasSuffix("{") { lines.append("") }
        continue
      }
      if line.hasPrefix("}") || line.hasPrefix("#endif") || line.hasPrefix("#else"),
        lines.last == ""
      {
        lines.removeLast()
      }
      lines.append(line)
    }
    while lines.last == "" { lines.removeLast() }

    var output: [String] = []
    var levels: [Int] = []  // Open brackets per indentation level; -1 marks an `#if`.
    for line in lines {
      guard !line.isEmpty else {
        output.append("")
        continue
      }
      if line.hasPrefix("#if") {
        output.append(indent(levels.count) + line)
        levels.append(-1)
        continue
      }
      if line.hasPrefix("#else") {
        output.append(indent(levels.count - 1) + line)
        continue
      }
      if line.hasPrefix("#endif") {
        if levels.last == -1 { levels.removeLast() }
        output.append(indent(levels.count) + line)
        continue
      }
      let brackets = BracketScan(line)
      var leadingClosers = brackets.leadingClosers
      while leadingClosers > 0, let top = levels.last, top > 0 {
        let closed = min(top, leadingClosers)
        leadingClosers -= closed
        levels[levels.count - 1] -= closed
        if levels[levels.count - 1] == 0 { levels.removeLast() }
      }
      output += wrap(line, indentLevel: levels.count)
      var opened = brackets.opened
      var closed = brackets.closed - brackets.leadingClosers
      if opened >= closed {
        opened -= closed
        closed = 0
      } else {
        closed -= opened
        opened = 0
      }
      while closed > 0, let top = levels.last, top > 0 {
        let count = min(top, closed)
        closed -= count
        levels[levels.count - 1] -= count
        if levels[levels.count - 1] == 0 { levels.removeLast() }
      }
      if opened > 0 { levels.append(opened) }
    }
    return output.joined(separator: "\n") + "\n"
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
      prefix.count + line.count > lineLength, !line.hasPrefix("//")
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
      if prefix.count + head.count <= lineLength { return [prefix + head, prefix + "{"] }
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
        prefix.count + closure.head.count <= lineLength
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
    for (index, argument) in split.arguments.enumerated() {
      let isLast = index == split.arguments.count - 1
      let candidate = current.isEmpty ? argument : current + ", " + argument
      let tail =
        isLast
        ? (split.isDeclaration || split.closer == "]" ? "," : split.closer + split.suffix) : ","
      if current.isEmpty || continuation.count + candidate.count + tail.count <= lineLength {
        current = candidate
      } else {
        packed.append(current + ",")
        current = argument
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

private func isTypeDeclaration(_ line: String) -> Bool {
  let words = line.split(separator: " ")
  let keywords: Set<Substring> = ["struct", "class", "actor", "enum", "extension", "protocol"]
  guard let keywordIndex = words.firstIndex(where: { keywords.contains($0) }) else { return false }
  let modifiers: Set<Substring> = [
    "public", "package", "internal", "fileprivate", "private", "final",
  ]
  return words[..<keywordIndex].allSatisfy { $0.hasPrefix("@") || modifiers.contains($0) }
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
    let characters = Array(line)
    // Only a closure outside any parentheses: one inside an argument list waits for that list
    // to be split.
    guard let open = characters.firstIndex(of: "{"),
      characters[..<open].filter({ "([".contains($0) }).count
        == characters[..<open].filter({ ")]".contains($0) }).count
    else { return nil }
    var depth = 0
    var index = open
    var inIndex: Int?
    while index < characters.count {
      switch characters[index] {
      case "\"":
        index = ArgumentListSplit.skipString(characters, from: index)
        continue
      case "{", "(", "[":
        depth += 1
      case "}", ")", "]":
        depth -= 1
        if depth == 0 {
          guard let inIndex, characters[index] == "}",
            characters[(index + 1)...].allSatisfy({ ")]}".contains($0) })
          else { return nil }
          head = String(characters[..<(inIndex + 2)])
          beforeSignature = String(characters[...open])
          signature = String(characters[(open + 1)..<(inIndex + 2)]).trimmingWhitespace
          body = String(characters[(inIndex + 3)..<index]).trimmingWhitespace
          tail = String(characters[index...])
          guard !body.isEmpty else { return nil }
          return
        }
      case " "
      where depth == 1 && inIndex == nil && index + 3 < characters.count
        && characters[(index + 1)...(index + 3)] == ["i", "n", " "]:
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
    let characters = Array(line)
    var index = 0
    var openIndex: Int?
    var depth = 0
    var argumentStart = 0
    var arguments: [String] = []
    while index < characters.count {
      let character = characters[index]
      if character == "\"" {
        index = Self.skipString(characters, from: index)
        continue
      }
      if character == "-", index + 1 < characters.count, characters[index + 1] == ">" {
        index += 2
        continue
      }
      switch character {
      case "(", "[", "<", "{":
        if openIndex == nil, character == "(" || character == "[" {
          openIndex = index
          argumentStart = index + 1
          depth = 0
        }
        depth += 1
      case ")", "]", ">", "}":
        depth -= 1
        if let openIndex, depth == 0 {
          let last = String(characters[argumentStart..<index]).trimmingWhitespace
          if !last.isEmpty { arguments.append(last) }
          guard !arguments.isEmpty else { return nil }
          head = String(characters[...openIndex])
          self.arguments = arguments
          closer = String(character)
          suffix = String(characters[(index + 1)...])
          // Type aliases of tuples break like declarations, closing on a line of their own.
          let firstWord = line.split(separator: " ").first {
            !["public", "package", "internal", "fileprivate", "private"].contains($0)
          }
          // So do tuples assigned whole: `let arguments = (…)`.
          let isAssignedTuple =
            index == characters.count - 1
            && String(characters[..<openIndex]).hasSuffix(" = ")
          isDeclaration =
            character == ")" && (line.hasSuffix("{") || firstWord == "typealias" || isAssignedTuple)
          return
        }
      case "," where openIndex != nil && depth == 1:
        arguments.append(String(characters[argumentStart..<index]).trimmingWhitespace)
        argumentStart = index + 1
      default:
        break
      }
      index += 1
    }
    return nil
  }

  /// The index just past the string literal starting at `start`.
  static func skipString(_ characters: [Character], from start: Int) -> Int {
    var index = start + 1
    var interpolationDepth = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\\", index + 1 < characters.count {
        if characters[index + 1] == "(" { interpolationDepth += 1 }
        index += 2
        continue
      }
      if interpolationDepth > 0 {
        if character == ")" { interpolationDepth -= 1 }
      } else if character == "\"" {
        return index + 1
      }
      index += 1
    }
    return index
  }
}

/// Counts of brackets on a line, outside string literals and comments.
private struct BracketScan {
  var opened = 0
  var closed = 0
  /// Closing brackets before anything else on the line, as in `})`.
  var leadingClosers = 0

  /// Scans the line's UTF-8: every character that matters is ASCII.
  init(_ line: String) {
    var inString = false
    var interpolationDepth = 0
    var atStart = true
    var previous = UInt8(ascii: " ")
    var escaped = false
    for byte in line.utf8 {
      defer { previous = byte }
      if inString {
        if escaped {
          escaped = false
          if byte == UInt8(ascii: "(") { interpolationDepth += 1 }
          continue
        }
        if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if interpolationDepth > 0, byte == UInt8(ascii: ")") {
          interpolationDepth -= 1
        } else if interpolationDepth == 0, byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") { break }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        atStart = false
      case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
        opened += 1
        atStart = false
      case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
        closed += 1
        if atStart { leadingClosers += 1 }
      case UInt8(ascii: " "):
        break
      default:
        atStart = false
      }
    }
  }
}

extension String {
  var trimmingWhitespace: String { self[...].trimmingWhitespace }
}

extension Substring {
  /// Without leading and trailing spaces and tabs, found in its UTF-8.
  var trimmingWhitespace: String {
    let bytes = utf8
    let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    guard let first = bytes.firstIndex(where: { !isBlank($0) }),
      let last = bytes.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(self[first...last])
  }
}
