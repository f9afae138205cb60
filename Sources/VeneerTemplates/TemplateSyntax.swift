import VeneerModel

/// A Stencil-syntax template parsed into a tree whose every name knows its position, so that
/// mistakes are reported at `Template.stencil:line:column` before anything is rendered.
///
/// The subset: `{{ expression }}`, `{% for x in expression %}` with `{% empty %}`,
/// `{% if condition %}` with `{% elif %}` and `{% else %}`, comments, and composition:
/// `{% include "Part.stencil" %}`, `{% extends "Base.stencil" %}` with `{% block name %}` and
/// `{{ block.super }}`; expressions are a variable path (`plan.requirements.count`) or a
/// literal, then filters (`|skips:"logging"`); conditions combine them with `or`, `and`, `not`,
/// `==`, `!=`, `<`, `>`, `<=`, `>=` and `in`.
///
/// Composition is resolved here, once: parts are inlined and blocks replaced, so the checker,
/// the compiler and the renderer see one tree whose every node knows its file and line.
struct TemplateSyntax {
  indirect enum Node {
    /// Text, and where its first character is in its template.
    case text(String, at: SourceLocation)
    /// `{{ expression }}`, and where it is.
    case output(Expression, at: SourceLocation)
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

  /// `text`, from `file`, with `parts` for the names its `include` and `extends` tags give.
  init(_ text: String, file: String, parts: [String: TemplatePart] = [:])
    throws(TemplateError)
  {
    var parser = Parser(
      text: text, file: file,
      composition: Composition(parts: parts, budget: CompositionBudget(), chain: [file]))
    nodes = try parser.parseDocument(overrides: [:])
  }

  /// The part names `text`'s `include` and `extends` tags give, in order, for loading them;
  /// empty when it does not lex (compiling it says why).
  static func partNames(in text: String) -> [String] {
    var parser = Parser(
      text: text, file: "",
      composition: Composition(parts: [:], budget: CompositionBudget(), chain: []))
    guard (try? parser.tokenize()) != nil else { return [] }
    return parser.tokens.compactMap { token in
      guard case .block(let words, _, _, _) = token, words.count == 2,
        words[0].text == "include" || words[0].text == "extends"
      else { return nil }
      return parser.literal(words[1].text)
    }
  }
}

/// A template file another includes or extends, by the name its tag gives.
package struct TemplatePart: Sendable, Hashable {
  /// As the tag gives it, e.g. `Parts/Decorator.stencil`.
  package var name: String
  /// Where it was read, for messages.
  package var path: String
  package var text: String

  package init(name: String, path: String, text: String) {
    self.name = name
    self.path = path
    self.text = text
  }

  /// Whether `name` stays inside the folder it is read from: no leading `/`, and no empty,
  /// `.` or `..` component.
  package static func isPlainPath(_ name: String) -> Bool {
    !name.hasPrefix("/") && !name.utf8.contains(0)
      && name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
        !$0.isEmpty && $0 != "." && $0 != ".."
      }
  }
}

/// What composing one template may read: its parts, the parts being read (to refuse a cycle),
/// and how much template text inlining has made so far (shared, to bound it).
private struct Composition {
  var parts: [String: TemplatePart]
  let budget: CompositionBudget
  /// The files being read, outermost first.
  var chain: [String]

  /// Parts nested deeper are refused: a chain this long is a cycle in all but name.
  static let maximumDepth = 16
  /// Template text inlined in all, across every include: a part included in a loop of
  /// includes would otherwise grow exponentially.
  static let maximumText = 4 << 20
}

private final class CompositionBudget {
  var text = 0
}

/// A child template's block, replacing its parent's block of that name.
private struct BlockOverride {
  var nodes: [TemplateSyntax.Node]
  /// The child's `block` tag.
  var location: SourceLocation
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
  /// How many `for` and `if` blocks enclose the tag being read, parts' included.
  var depth = 0
  /// Blocks nested deeper are refused: each level is a frame of the parser, the checker, the
  /// compiler and the renderer, and 60,000 of them overflowed the stack.
  static let maximumDepth = 64
  var tokens: [Token] = []
  var position = 0
  var composition: Composition
  /// The blocks of the templates extending this one, by name, and those this one has.
  var overrides: [String: BlockOverride] = [:]
  var blocksSeen: Set<String> = []
  /// Whether this template extends another, which makes `block.super` mean something.
  var isExtending = false
  /// How many `for` loops enclose the tag being read, and whether a block does.
  var loopDepth = 0
  var isInBlock = false
  /// Whether another template includes this one, whose blocks would then mean nothing.
  var isIncluded = false

  init(text: String, file: String, composition: Composition) {
    bytes = Array(text.utf8)
    self.file = file
    self.composition = composition
    composition.budget.text += bytes.count
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

  /// The template's nodes, its parts inlined; `overrides` are the blocks of the templates that
  /// extend it.
  mutating func parseDocument(overrides: [String: BlockOverride]) throws(TemplateError)
    -> [TemplateSyntax.Node]
  {
    try tokenize()
    let firstTag = tokens.firstIndex {
      if case .text(let text, _) = $0 { return !text.allSatisfy(\.isWhitespace) }
      if case .comment = $0 { return false }
      return true
    }
    if let firstTag, case .block(let words, let offset, _, _) = tokens[firstTag],
      words.first?.text == "extends"
    {
      // Stencil renders the blank text before the tag, then the parent.
      let leading = tokens[..<firstTag].compactMap { token -> TemplateSyntax.Node? in
        guard case .text(let text, let textOffset) = token else { return nil }
        return .text(text, at: location(textOffset))
      }
      position = firstTag + 1
      return leading + (try extending(words, offset: offset, overrides: overrides))
    }
    self.overrides = overrides
    let (nodes, end) = try parseNodes(until: [])
    if let (word, offset) = end {
      throw error("'\(word)' has no opening tag", at: offset)
    }
    // A child's block whose name no ancestor has would be dropped in silence.
    if let (name, unmatched) = overrides.filter({ !blocksSeen.contains($0.key) })
      .min(by: { $0.key < $1.key })
    {
      let hint = Spelling.suggestion(for: name, among: Array(blocksSeen)).map {
        "; did you mean '\($0)'?"
      }
      throw TemplateError(
        diagnostic: Diagnostic(
          .error,
          "template error: block '\(name)' is not in \(file), so it would never be rendered"
            + (hint
              ?? " (its blocks: \(blocksSeen.isEmpty ? "none" : blocksSeen.sorted().joined(separator: ", ")))"),
          at: unmatched.location))
    }
    return nodes
  }

  /// The rest of a template whose first tag is `{% extends "Base" %}`: its blocks, and around
  /// them only what Stencil ignores, which is refused rather than dropped in silence.
  mutating func extending(_ words: [Word], offset: Int, overrides: [String: BlockOverride])
    throws(TemplateError) -> [TemplateSyntax.Node]
  {
    guard words.count == 2, let parentName = literal(words[1].text) else {
      throw error("expected '{% extends \"Base.stencil\" %}', with a quoted name", at: offset)
    }
    isExtending = true
    var own: [String: BlockOverride] = [:]
    while position < tokens.count {
      let token = tokens[position]
      position += 1
      switch token {
      case .comment:
        continue
      case .text(let text, let textOffset):
        guard text.allSatisfy(\.isWhitespace) else {
          throw error(
            "text outside a block of a template that extends another is never rendered; "
              + "put it in a block", at: textOffset)
        }
      case .variable(_, let variableOffset):
        throw error(
          "a value outside a block of a template that extends another is never rendered; put "
            + "it in a block", at: variableOffset)
      case .block(let tagWords, let tagOffset, _, _):
        guard tagWords.first?.text == "block" else {
          let keyword = tagWords.first?.text ?? ""
          throw error(
            keyword == "extends"
              ? "a template extends one other template; this is its second 'extends'"
              : "a template that extends another has only blocks at its top level, and '\(keyword)' "
                + "outside them would never be rendered", at: tagOffset)
        }
        let (name, body) = try block(tagWords, offset: tagOffset)
        own[name] = BlockOverride(nodes: body, location: location(tagOffset))
      }
    }
    // The nearest block wins; its `block.super` is this template's block of that name.
    var merged = own
    for (name, override) in overrides {
      if let mine = own[name] {
        merged[name] = BlockOverride(
          nodes: Self.replacingSuper(in: override.nodes, with: mine.nodes),
          location: override.location)
      } else {
        merged[name] = override
      }
    }
    var parent = try partParser(parentName, at: words[1].offset, including: false)
    return try parent.parseDocument(overrides: merged)
  }

  /// `{% block name %}…{% endblock %}`, the tag's words given: its name and body, which is this
  /// template's own (a block it overrides is replaced by the caller).
  mutating func block(_ words: [Word], offset: Int) throws(TemplateError) -> (
    String, [TemplateSyntax.Node]
  ) {
    guard words.count == 2, isIdentifier(words[1].text) else {
      throw error("expected '{% block name %}'", at: offset)
    }
    let name = words[1].text
    guard !isInBlock else {
      throw error("blocks do not nest here; end '\(name)'s enclosing block first", at: offset)
    }
    guard loopDepth == 0 else {
      // Stencil replaces such a block on the loop's first pass only.
      throw error(
        "a block inside a 'for' loop is replaced only on the loop's first pass; put the loop "
          + "inside the block", at: offset)
    }
    guard !isIncluded || isExtending else {
      throw error(
        "blocks are for templates that others extend, not for parts that are included",
        at: offset)
    }
    guard blocksSeen.insert(name).inserted else {
      throw error("block '\(name)' is declared twice in this template", at: offset)
    }
    isInBlock = true
    defer { isInBlock = false }
    let (body, end) = try parseNodes(until: ["endblock"], opener: ("block", offset))
    guard let (_, endOffset) = end, case .block(let endWords, _, _, _) = tokens[position] else {
      throw error("this 'block' has no 'endblock'", at: offset)
    }
    position += 1
    if endWords.count > 1, endWords[1].text != name || endWords.count > 2 {
      throw error("this 'endblock' names '\(endWords[1].text)', not '\(name)'", at: endOffset)
    }
    return (name, body)
  }

  /// A parser for the part `name`, at `offset` of this template: found, not already being read,
  /// not too deep.
  func partParser(_ name: String, at offset: Int, including: Bool) throws(TemplateError)
    -> Parser
  {
    guard TemplatePart.isPlainPath(name) else {
      throw error(
        "a part is named by its path inside the template's folder, such as "
          + "'Parts/Header.stencil', and '\(name)' leaves it (no '..', '.', empty or leading '/' "
          + "components)", at: offset)
    }
    guard let part = composition.parts[name] else {
      let hint = Spelling.suggestion(for: name, among: Array(composition.parts.keys)).map {
        "; did you mean '\($0)'?"
      }
      throw error(
        "no template part named '\(name)'"
          + (hint
            ?? " (parts are read from the template's folder; known: "
            + "\(composition.parts.keys.sorted().joined(separator: ", ")))"),
        at: offset)
    }
    guard !composition.chain.contains(part.path) else {
      let cycle = Array(composition.chain.drop { $0 != part.path }) + [part.path]
      throw error("'\(name)' includes itself: \(cycle.joined(separator: " → "))", at: offset)
    }
    guard composition.chain.count < Composition.maximumDepth else {
      throw error("parts are included more than \(Composition.maximumDepth) deep", at: offset)
    }
    guard composition.budget.text + part.text.utf8.count <= Composition.maximumText else {
      throw error(
        "its parts, included in one another, come to more than "
          + "\(Composition.maximumText >> 20) MiB of template", at: offset)
    }
    var nested = composition
    nested.chain.append(part.path)
    var parser = Parser(text: part.text, file: part.path, composition: nested)
    parser.depth = depth
    parser.isIncluded = including
    return parser
  }

  /// `nodes` with each `{{ block.super }}` replaced by `parent`, the block it overrides.
  static func replacingSuper(in nodes: [TemplateSyntax.Node], with parent: [TemplateSyntax.Node])
    -> [TemplateSyntax.Node]
  {
    var result: [TemplateSyntax.Node] = []
    for node in nodes {
      switch node {
      case .output(let expression, _) where expression.isBlockSuper:
        result += parent
      case .text, .output:
        result.append(node)
      case .forLoop(let variable, let sequence, let body, let empty):
        result.append(
          .forLoop(
            variable: variable, sequence: sequence,
            body: replacingSuper(in: body, with: parent),
            empty: replacingSuper(in: empty, with: parent)))
      case .conditional(let branches, let otherwise):
        var replaced: [(condition: TemplateSyntax.Condition, body: [TemplateSyntax.Node])] = []
        for branch in branches {
          replaced.append((branch.condition, replacingSuper(in: branch.body, with: parent)))
        }
        result.append(
          .conditional(
            branches: replaced, otherwise: replacingSuper(in: otherwise, with: parent)))
      }
    }
    return result
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
        nodes.append(.text(text, at: location(offset)))
      case .variable(let content, let offset):
        let expression = try expression(content, offset: offset)
        // Only `block.super` itself: a loop variable may be named `block`.
        if expression.isBlockSuper, !isExtending || !isInBlock || !expression.filters.isEmpty {
          throw error(
            "'block.super', without filters, is the block a block replaces: only in a block "
              + "of a template that extends another", at: offset)
        }
        nodes.append(.output(expression, at: location(offset)))
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
          if keyword == "for" {
            loopDepth += 1
            defer { loopDepth -= 1 }
            nodes.append(try forLoop(words, offset: offset))
          } else {
            nodes.append(try conditional(words, offset: offset))
          }
        case "include":
          guard words.count == 2, let name = literal(words[1].text) else {
            throw error("expected '{% include \"Part.stencil\" %}', with a quoted name", at: offset)
          }
          var part = try partParser(name, at: words[1].offset, including: true)
          nodes += try part.parseDocument(overrides: [:])
        case "block":
          let (name, body) = try block(words, offset: offset)
          nodes += overrides[name].map { Self.replacingSuper(in: $0.nodes, with: body) } ?? body
        case "extends":
          throw error(
            "'extends' is a template's first tag, before any text or other tag", at: offset)
        case "endfor", "endif", "empty", "elif", "else", "endblock":
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

  static let tags = [
    "for", "empty", "endfor", "if", "elif", "else", "endif", "include", "extends", "block",
    "endblock",
  ]

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

extension TemplateSyntax.Expression {
  /// Whether it is `block.super`, which composition replaces with the block a block replaces.
  fileprivate var isBlockSuper: Bool {
    guard case .variable(let names) = operand, names.count == 2 else { return false }
    return names[0].text == "block" && names[1].text == "super"
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
