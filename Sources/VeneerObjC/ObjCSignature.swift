import VeneerModel

/// A method declaration's text read as written, `- (RETURN)piece:(TYPE)name piece:(TYPE)name,
/// ...`: libclang's types are what it understood, and a header that does not compile on its own
/// (a missing import, a type of another header) leaves them `int` or `id`.
struct ObjCSignature {
  var returnType: String
  /// Each parameter's selector piece, type as written and name.
  var parameters: [(piece: String, type: String, name: String)]
  /// The argument of `NS_SWIFT_NAME(…)` after the signature.
  var swiftName: String?

  init?(_ text: String) {
    var scanner = Scanner(Array(text.utf8))
    scanner.skipSpaces()
    guard scanner.consume("-") || scanner.consume("+") else { return nil }
    scanner.skipSpaces()
    returnType = scanner.consume("(") ? scanner.balanced() : "id"
    parameters = []
    while true {
      scanner.skipSpaces()
      let mark = scanner.index
      let piece = scanner.identifier()
      scanner.skipSpaces()
      guard scanner.consume(":") else {
        scanner.index = mark
        break
      }
      scanner.skipSpaces()
      let type = scanner.consume("(") ? scanner.balanced() : "id"
      scanner.skipSpaces()
      let name = scanner.identifier()
      parameters.append((piece, type, name.isEmpty ? "argument\(parameters.count)" : name))
    }
    let rest = String(decoding: scanner.bytes[scanner.index...], as: UTF8.self)
    swiftName = Self.argument(of: "NS_SWIFT_NAME", in: rest)
  }

  /// The text inside `macro(…)` in `text`, when it is there.
  static func argument(of macro: String, in text: String) -> String? {
    guard let range = text.range(of: macro + "(") else { return nil }
    var scanner = Scanner(Array(text[range.upperBound...].utf8))
    return scanner.balanced()
  }

  /// What `type` says of nullability, or, for a pointer in a region assuming nonnull, nonnull.
  /// A block's own is read outside its parameter list; a pointer to a pointer (`NSError **`)
  /// is nullable, as clang assumes for out-parameters.
  static func nullability(of type: String, assumingNonnull: Bool) -> ObjCType.Nullability {
    if let caret = type.range(of: "(^") {
      var scanner = Scanner(Array(type[caret.upperBound...].utf8))
      _ = scanner.balanced()
      let head =
        type[..<caret.upperBound] + String(decoding: scanner.bytes[..<scanner.index], as: UTF8.self)
      return nullability(ofWords: String(head), assumingNonnull: assumingNonnull)
    }
    if type.filter({ $0 != " " }).contains("**") { return .nullable }
    return nullability(ofWords: type, assumingNonnull: assumingNonnull)
  }

  private static func nullability(ofWords type: String, assumingNonnull: Bool)
    -> ObjCType.Nullability
  {
    let words = Set(type.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init))
    if !words.isDisjoint(with: ["nullable", "_Nullable", "__nullable", "_Nullable_result"]) {
      return .nullable
    }
    if !words.isDisjoint(with: ["nonnull", "_Nonnull", "__nonnull"]) { return .nonnull }
    let isPointer =
      type.contains("*") || type.contains("^") || words.contains("id")
      || words.contains("instancetype")
    return assumingNonnull && isPointer ? .nonnull : .unspecified
  }

  /// The block a type is, when it is one written in place: `void (^)(NSError * _Nullable
  /// error)`.
  static func block(_ type: String, assumingNonnull: Bool) -> ObjCBlock? {
    guard let caret = type.range(of: "(^") else { return nil }
    // `nullable void (^)(…)` qualifies the block, not what it returns.
    var returnType = String(type[..<caret.lowerBound]).trimmingSpaces
    for keyword in ["nullable ", "nonnull ", "null_unspecified ", "_Nullable ", "_Nonnull "]
    where returnType.hasPrefix(keyword) {
      returnType = String(returnType.dropFirst(keyword.count)).trimmingSpaces
    }
    var scanner = Scanner(Array(type[caret.upperBound...].utf8))
    _ = scanner.balanced()
    scanner.skipSpaces()
    guard scanner.consume("(") else { return nil }
    let list = scanner.balanced().trimmingSpaces
    guard !list.isEmpty, list != "void" else {
      return ObjCBlock(returnType: returnType, parameters: [])
    }
    let parameters = splitTopLevel(list).map { written -> ObjCBlock.Parameter in
      let (type, name) = typeAndName(written)
      return ObjCBlock.Parameter(
        type: type, name: name,
        nullability: nullability(of: type, assumingNonnull: assumingNonnull))
    }
    return ObjCBlock(returnType: returnType, parameters: parameters)
  }

  /// `NSError * _Nullable error` → (`NSError * _Nullable`, `error`); `BOOL` → (`BOOL`, nil).
  static func typeAndName(_ written: String) -> (type: String, name: String?) {
    let text = written.trimmingSpaces
    let qualifiers: Set<String> = [
      "nullable", "_Nullable", "__nullable", "nonnull", "_Nonnull", "__nonnull", "const",
      "_Nullable_result", "__strong", "__weak", "__unsafe_unretained", "__autoreleasing",
    ]
    var end = text.endIndex
    while end > text.startIndex, text[text.index(before: end)].isIdentifierCharacter {
      end = text.index(before: end)
    }
    let last = String(text[end...])
    let before = String(text[..<end]).trimmingSpaces
    guard !last.isEmpty, !before.isEmpty, !qualifiers.contains(last),
      !(before.hasSuffix("struct") || before.hasSuffix("enum") || before.hasSuffix("unsigned"))
    else { return (text, nil) }
    return (before, last)
  }

  /// `a, b<c, d>, e(^)(f, g)` split at the commas outside brackets.
  static func splitTopLevel(_ text: String) -> [String] {
    var parts: [String] = []
    var depth = 0
    var current = ""
    for character in text {
      switch character {
      case "(", "<", "[": depth += 1
      case ")", ">", "]": depth -= 1
      case "," where depth == 0:
        parts.append(current.trimmingSpaces)
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    parts.append(current.trimmingSpaces)
    return parts
  }
}

/// Reads Objective-C declaration text byte by byte.
private struct Scanner {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func skipSpaces() {
    while index < bytes.count, bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) {
      index += 1
    }
  }

  mutating func consume(_ character: Character) -> Bool {
    guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
    index += 1
    return true
  }

  mutating func identifier() -> String {
    let start = index
    while index < bytes.count,
      Character(Unicode.Scalar(bytes[index])).isIdentifierCharacter || bytes[index] >= 0x80
    {
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// The text up to the parenthesis that closes one already read, which it consumes; spaces
  /// and line breaks inside are made single spaces.
  mutating func balanced() -> String {
    var depth = 1
    let start = index
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "(") { depth += 1 }
      if bytes[index] == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 { break }
      }
      index += 1
    }
    let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
    if index < bytes.count { index += 1 }
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
      .joined(separator: " ")
  }
}

extension Character {
  var isIdentifierCharacter: Bool { isLetter || isNumber || self == "_" || self == "$" }
}
