import VeneerModel

/// A Stencil-syntax template parsed into a tree whose every name knows its position, so that
/// mistakes are reported at `Template.stencil:line:column` before anything is rendered.
///
/// The subset: `{{ expression }}`, `{% for x in expression %}` with `{% empty %}`,
/// `{% if condition %}` with `{% elif %}` and `{% else %}`, and comments;
/// expressions are a variable path (`plan.requirements.count`) or a literal, then filters
/// (`|skips:"logging"`); conditions combine them with `or`, `and`, `not`, `==`, `!=`, `<`, `>`,
/// `<=`, `>=` and `in`.
struct TemplateSyntax {
  indirect enum Node {
    /// Text, and the template line its first character is on.
    case text(String, line: Int)
    /// `{{ expression }}`, and the template line it is on.
    case output(Expression, line: Int)
    case forLoop(variable: Name, sequence: Expression, body: [Node], empty: [Node])
    case conditional(branches: [(condition: Condition, body: [Node])], otherwise: [Node])
  }

  struct Name {
    var text: String
    var location: SourceLocation
  }

  enum Operand {
    case variable([Name])
    case string(String)
    case number(Double)
    case bool(Bool)
  }

  struct FilterCall {
    var name: Name
    var arguments: [Operand]
  }

  struct Expression {
    var operand: Operand
    var filters: [FilterCall]
  }

  indirect enum Condition {
    case test(Expression)
    case not(Condition)
    case and(Condition, Condition)
    case or(Condition, Condition)
    case comparison(Expression, String, Expression)
  }

  var nodes: [Node]

  init(_ text: String, file: String) throws(TemplateError) {
    var parser = Parser(text: text, file: file)
    nodes = try parser.parseDocument()
  }
}

// MARK: - Parsing

private struct Parser {
  /// A `{% … %}` tag's words, each with where it starts.
  struct Word {
    var text: String
    var offset: Int
  }

  /// A block tag's `-` (trim all whitespace) or `+` (keep it) next to `{%` or `%}`.
  enum WhitespaceMark {
    case none, trim, keep
  }

  enum Token {
    /// Text, and the offset of its first character in the template.
    case text(String, offset: Int)
    case variable(content: String, offset: Int)
    case block(words: [Word], offset: Int, leading: WhitespaceMark, trailing: WhitespaceMark)
    case comment
  }

  let bytes: [UInt8]
  let file: String
  var lineStarts: [Int] = [0]
  /// How many `for` and `if` blocks enclose the tag being read.
  var depth = 0
  /// Blocks nested deeper are refused: each level is a frame of the parser, the checker, the
  /// compiler and the renderer, and 60,000 of them overflowed the stack.
  static let maximumDepth = 64
  var tokens: [Token] = []
  var position = 0

  init(text: String, file: String) {
    bytes = Array(text.utf8)
    self.file = file
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      lineStarts.append(index + 1)
    }
  }

  func location(_ offset: Int) -> SourceLocation {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return SourceLocation(file: file, line: low + 1, column: offset - lineStarts[low] + 1)
  }

  func error(_ message: String, at offset: Int) -> TemplateError {
    TemplateError(
      diagnostic: Diagnostic(.error, "template error: \(message)", at: location(offset)))
  }

  // MARK: Lexing

  mutating func tokenize() throws(TemplateError) {
    var index = 0
    var textStart = 0
    while index + 1 < bytes.count {
      guard bytes[index] == UInt8(ascii: "{") else {
        index += 1
        continue
      }
      let closer: UInt8
      switch bytes[index + 1] {
      case UInt8(ascii: "{"): closer = UInt8(ascii: "}")
      case UInt8(ascii: "%"): closer = UInt8(ascii: "%")
      case UInt8(ascii: "#"): closer = UInt8(ascii: "#")
      default:
        index += 1
        continue
      }
      if textStart < index { tokens.append(.text(string(textStart..<index), offset: textStart)) }
      var end = index + 2
      while end + 1 < bytes.count, !(bytes[end] == closer && bytes[end + 1] == UInt8(ascii: "}")) {
        end += 1
      }
      guard end + 1 < bytes.count else {
        let kind =
          closer == UInt8(ascii: "#") ? "comment" : closer == UInt8(ascii: "%") ? "tag" : "variable"
        throw error("this \(kind) is never closed", at: index)
      }
      // Whitespace control: `{%-` and `-%}` trim, `{%+` and `+%}` keep.
      var contentStart = index + 2
      var contentEnd = end
      let leading = contentStart < contentEnd ? mark(bytes[contentStart]) : .none
      if leading != .none { contentStart += 1 }
      let trailing = contentEnd > contentStart ? mark(bytes[contentEnd - 1]) : .none
      if trailing != .none { contentEnd -= 1 }
      switch closer {
      case UInt8(ascii: "}"):
        tokens.append(.variable(content: string(contentStart..<contentEnd), offset: contentStart))
      case UInt8(ascii: "%"):
        tokens.append(
          .block(
            words: try words(contentStart..<contentEnd), offset: index, leading: leading,
            trailing: trailing))
      default:
        tokens.append(.comment)
      }
      index = end + 2
      textStart = index
    }
    if textStart < bytes.count {
      tokens.append(.text(string(textStart..<bytes.count), offset: textStart))
    }
    trimTexts()
  }

  func mark(_ byte: UInt8) -> WhitespaceMark {
    switch byte {
    case UInt8(ascii: "-"): .trim
    case UInt8(ascii: "+"): .keep
    default: .none
    }
  }

  /// Trims text next to block tags as Stencil's smart trimming does, once, at parse time:
  /// after a tag, spaces up to and including one line break (all whitespace after `-%}`);
  /// before a tag, the spaces and tabs that end the text's last line (all whitespace before
  /// `{%-`). Text next to variables and comments keeps its whitespace.
  mutating func trimTexts() {
    // The last block tag's trailing mark, or nil after a variable or a comment.
    var previousBlockTrailing: WhitespaceMark?
    for index in tokens.indices {
      switch tokens[index] {
      case .block(_, _, _, let trailing): previousBlockTrailing = trailing
      case .variable, .comment: previousBlockTrailing = nil
      case .text(let text, let offset):
        var trimmed = Substring(text)
        switch previousBlockTrailing {
        case .none?: trimmed = trimmed.droppingLeadingSpacesAndOneLineBreak()
        case .trim?: trimmed = trimmed.drop { $0.isWhitespace }
        case .keep?, nil: break
        }
        let start = offset + text.utf8.count - trimmed.utf8.count
        if index + 1 < tokens.count, case .block(_, _, let leading, _) = tokens[index + 1] {
          switch leading {
          case .none: trimmed = trimmed.droppingSpacesEndingLastLine()
          case .trim: trimmed = trimmed.dropLast(while: { $0.isWhitespace })
          case .keep: break
          }
        }
        tokens[index] = .text(String(trimmed), offset: start)
      }
    }
  }

  func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// Splits at spaces outside quotes.
  func words(_ range: Range<Int>) throws(TemplateError) -> [Word] {
    var words: [Word] = []
    var index = range.lowerBound
    while index < range.upperBound {
      if bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n") {
        index += 1
        continue
      }
      let start = index
      while index < range.upperBound, bytes[index] != UInt8(ascii: " "),
        bytes[index] != UInt8(ascii: "\n")
      {
        if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
          index = try skipQuoted(from: index, limit: range.upperBound)
        } else {
          index += 1
        }
      }
      words.append(Word(text: string(start..<index), offset: start))
    }
    return words
  }

  /// The index just past the quoted string at `start`.
  func skipQuoted(from start: Int, limit: Int) throws(TemplateError) -> Int {
    let quote = bytes[start]
    var index = start + 1
    while index < limit, bytes[index] != quote { index += 1 }
    guard index < limit else { throw error("this string is never closed", at: start) }
    return index + 1
  }

  // MARK: Tree

  mutating func parseDocument() throws(TemplateError) -> [TemplateSyntax.Node] {
    try tokenize()
    let (nodes, end) = try parseNodes(until: [])
    if let (word, offset) = end {
      throw error("'\(word)' has no opening tag", at: offset)
    }
    return nodes
  }

  /// Nodes up to one of the `terminators` tags (returned with its words), or to the end.
  /// `opener` is the tag that expects them, blamed when another block's end comes first.
  mutating func parseNodes(
    until terminators: Set<String>, opener: (keyword: String, offset: Int)? = nil
  ) throws(TemplateError) -> (
    [TemplateSyntax.Node], (String, Int)?
  ) {
    var nodes: [TemplateSyntax.Node] = []
    while position < tokens.count {
      let token = tokens[position]
      position += 1
      switch token {
      case .text(let text, let offset):
        nodes.append(.text(text, line: location(offset).line))
      case .variable(let content, let offset):
        nodes.append(.output(try expression(content, offset: offset), line: location(offset).line))
      case .comment:
        break
      case .block(let words, let offset, _, _):
        guard let keyword = words.first?.text else { throw error("this tag is empty", at: offset) }
        if terminators.contains(keyword) {
          position -= 1
          return (nodes, (keyword, offset))
        }
        switch keyword {
        case "for", "if":
          guard depth < Self.maximumDepth else {
            throw error("blocks are nested more than \(Self.maximumDepth) deep", at: offset)
          }
          depth += 1
          defer { depth -= 1 }
          nodes.append(
            keyword == "for"
              ? try forLoop(words, offset: offset) : try conditional(words, offset: offset))
        case "endfor", "endif", "empty", "elif", "else":
          if let opener {
            throw error(
              "this '\(opener.keyword)' has no 'end\(opener.keyword)'", at: opener.offset)
          }
          throw error("'\(keyword)' has no opening tag", at: words[0].offset)
        default:
          let hint = Spelling.suggestion(for: keyword, among: Self.tags).map {
            "; did you mean '\($0)'?"
          }
          throw error(
            "unknown tag '\(keyword)'" + (hint ?? " (known: \(Self.tags.joined(separator: ", ")))"),
            at: words[0].offset)
        }
      }
    }
    return (nodes, nil)
  }

  static let tags = ["for", "empty", "endfor", "if", "elif", "else", "endif"]

  mutating func forLoop(_ words: [Word], offset: Int) throws(TemplateError) -> TemplateSyntax.Node {
    guard words.count == 4, words[2].text == "in", isIdentifier(words[1].text) else {
      throw error("expected '{% for name in list %}'", at: offset)
    }
    let variable = TemplateSyntax.Name(text: words[1].text, location: location(words[1].offset))
    let sequence = try expression(words[3].text, offset: words[3].offset)
    let (body, bodyEnd) = try parseNodes(until: ["empty", "endfor"], opener: ("for", offset))
    var end = bodyEnd
    var empty: [TemplateSyntax.Node] = []
    if end?.0 == "empty" {
      position += 1
      (empty, end) = try parseNodes(until: ["endfor"], opener: ("for", offset))
    }
    guard end?.0 == "endfor" else { throw error("this 'for' has no 'endfor'", at: offset) }
    position += 1
    return .forLoop(variable: variable, sequence: sequence, body: body, empty: empty)
  }

  mutating func conditional(_ words: [Word], offset: Int) throws(TemplateError)
    -> TemplateSyntax.Node
  {
    var branches: [(condition: TemplateSyntax.Condition, body: [TemplateSyntax.Node])] = []
    var condition = try self.condition(Array(words.dropFirst()), tagOffset: offset)
    while true {
      let (body, end) = try parseNodes(until: ["elif", "else", "endif"], opener: ("if", offset))
      guard let (keyword, tagOffset) = end, case .block(let tagWords, _, _, _) = tokens[position]
      else {
        throw error("this 'if' has no 'endif'", at: offset)
      }
      position += 1
      branches.append((condition, body))
      switch keyword {
      case "elif":
        condition = try self.condition(Array(tagWords.dropFirst()), tagOffset: tagOffset)
      case "else":
        let (otherwise, elseEnd) = try parseNodes(until: ["endif"], opener: ("if", offset))
        guard elseEnd != nil else { throw error("this 'if' has no 'endif'", at: offset) }
        position += 1
        return .conditional(branches: branches, otherwise: otherwise)
      default:
        return .conditional(branches: branches, otherwise: [])
      }
    }
  }

  // MARK: Conditions

  static let comparisons: Set<String> = ["==", "!=", "<", ">", "<=", ">=", "in"]

  func condition(_ words: [Word], tagOffset: Int) throws(TemplateError) -> TemplateSyntax.Condition
  {
    guard !words.isEmpty else { throw error("this condition is empty", at: tagOffset) }
    var index = 0
    let result = try orCondition(words, &index)
    guard index == words.count else {
      throw error("unexpected '\(words[index].text)' in this condition", at: words[index].offset)
    }
    return result
  }

  private func orCondition(_ words: [Word], _ index: inout Int) throws(TemplateError)
    -> TemplateSyntax.Condition
  {
    var result = try andCondition(words, &index)
    while index < words.count, words[index].text == "or" {
      index += 1
      result = .or(result, try andCondition(words, &index))
    }
    return result
  }

  private func andCondition(_ words: [Word], _ index: inout Int) throws(TemplateError)
    -> TemplateSyntax.Condition
  {
    var result = try notCondition(words, &index)
    while index < words.count, words[index].text == "and" {
      index += 1
      result = .and(result, try notCondition(words, &index))
    }
    return result
  }

  private func notCondition(_ words: [Word], _ index: inout Int) throws(TemplateError)
    -> TemplateSyntax.Condition
  {
    guard index < words.count else {
      throw error("this condition ends too soon", at: words[words.count - 1].offset)
    }
    if words[index].text == "not" {
      index += 1
      return .not(try notCondition(words, &index))
    }
    let left = try expression(words[index].text, offset: words[index].offset)
    index += 1
    guard index < words.count, Self.comparisons.contains(words[index].text) else {
      return .test(left)
    }
    let comparison = words[index].text
    index += 1
    guard index < words.count else {
      throw error("'\(comparison)' needs something to compare with", at: words[index - 1].offset)
    }
    let right = try expression(words[index].text, offset: words[index].offset)
    index += 1
    return .comparison(left, comparison, right)
  }

  // MARK: Expressions

  /// `operand|filter:argument,argument|filter`, at `offset` in the template.
  func expression(_ text: String, offset: Int) throws(TemplateError) -> TemplateSyntax.Expression {
    let parts = try split(text, at: UInt8(ascii: "|"), offset: offset)
    guard let first = parts.first, !first.text.isEmpty else {
      throw error("expected a variable or a value", at: offset)
    }
    var filters: [TemplateSyntax.FilterCall] = []
    for part in parts.dropFirst() {
      let pieces = try split(part.text, at: UInt8(ascii: ":"), offset: part.offset, limit: 1)
      let name = pieces[0]
      guard isIdentifier(name.text) else { throw error("expected a filter name", at: name.offset) }
      var arguments: [TemplateSyntax.Operand] = []
      if pieces.count == 2 {
        for argument in try split(pieces[1].text, at: UInt8(ascii: ","), offset: pieces[1].offset) {
          arguments.append(try operand(argument.text, offset: argument.offset))
        }
      }
      filters.append(
        TemplateSyntax.FilterCall(
          name: TemplateSyntax.Name(text: name.text, location: location(name.offset)),
          arguments: arguments))
    }
    return TemplateSyntax.Expression(
      operand: try operand(first.text, offset: first.offset), filters: filters)
  }

  func operand(_ text: String, offset: Int) throws(TemplateError) -> TemplateSyntax.Operand {
    if let string = literal(text) { return .string(string) }
    if let number = Double(text) { return .number(number) }
    if let flag = Bool(text) { return .bool(flag) }
    var names: [TemplateSyntax.Name] = []
    var componentOffset = offset
    // Split over bytes: `.` is ASCII.
    for bytes in text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
      let component = String(decoding: bytes, as: UTF8.self)
      guard isIdentifier(component) || Int(component) != nil else {
        throw error("'\(text)' is not a variable, a quoted string or a number", at: offset)
      }
      names.append(TemplateSyntax.Name(text: component, location: location(componentOffset)))
      componentOffset += bytes.count + 1
    }
    return .variable(names)
  }

  /// `text` split at `separator` outside quotes, each part trimmed, with its offset.
  func split(_ text: String, at separator: UInt8, offset: Int, limit: Int = .max)
    throws(TemplateError) -> [Word]
  {
    let characters = Array(text.utf8)
    var parts: [Word] = []
    var start = 0
    var index = 0
    while index < characters.count {
      if characters[index] == UInt8(ascii: "\"") || characters[index] == UInt8(ascii: "'") {
        let quote = characters[index]
        index += 1
        while index < characters.count, characters[index] != quote { index += 1 }
        guard index < characters.count else {
          throw error("this string is never closed", at: offset + start)
        }
      } else if characters[index] == separator, parts.count < limit {
        parts.append(trimmed(characters, start..<index, offset: offset))
        start = index + 1
      }
      index += 1
    }
    parts.append(trimmed(characters, start..<characters.count, offset: offset))
    return parts
  }

  private func trimmed(_ characters: [UInt8], _ range: Range<Int>, offset: Int) -> Word {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, characters[lower] == UInt8(ascii: " ") { lower += 1 }
    while upper > lower, characters[upper - 1] == UInt8(ascii: " ") { upper -= 1 }
    return Word(
      text: String(decoding: characters[lower..<upper], as: UTF8.self), offset: offset + lower)
  }

  func literal(_ text: String) -> String? {
    guard text.count >= 2, let first = text.first, first == "\"" || first == "'",
      text.last == first
    else { return nil }
    return String(text.dropFirst().dropLast())
  }

  func isIdentifier(_ text: String) -> Bool {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII, as names nearly always are: no Unicode properties to look up.
      func isLetter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_")
          || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      }
      guard let first = text.utf8.first, isLetter(first) else { return false }
      return text.utf8.allSatisfy {
        isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
      }
    }
    guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic
    else { return false }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
    }
  }
}

extension Substring {
  /// Without `^[ \t]*\n`: the spaces ending a tag's line and its line break.
  fileprivate func droppingLeadingSpacesAndOneLineBreak() -> Substring {
    let rest = drop { $0 == " " || $0 == "\t" }
    return rest.first == "\n" ? rest.dropFirst() : self
  }

  /// Without `[ \t]*$` in ICU's sense, where `$` also matches before a final line break: the
  /// spaces and tabs before a tag on its line.
  fileprivate func droppingSpacesEndingLastLine() -> Substring {
    if let lineBreak = last, lineBreak == "\n" || lineBreak == "\r\n" {
      return dropLast().dropLast(while: { $0 == " " || $0 == "\t" }) + String(lineBreak)
    }
    return dropLast(while: { $0 == " " || $0 == "\t" })
  }

  fileprivate func dropLast(while predicate: (Character) -> Bool) -> Substring {
    var end = endIndex
    while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
    return self[startIndex..<end]
  }
}
