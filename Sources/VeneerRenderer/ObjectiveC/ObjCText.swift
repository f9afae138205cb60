import VeneerModel

/// Objective-C text built from names, types and free text read from headers and `veneer.yml`.
enum ObjCText {
  /// `text` as an `NSString` literal: quotes, backslashes and control characters escaped, and
  /// bidirectional controls written as universal character names, so that free text (an event
  /// name) can neither end the literal nor make the code read otherwise than it compiles.
  /// A `?` after a `?` is escaped, so that no trigraph (`??/` is a backslash under `-std=c11`)
  /// can end the literal.
  static func literal(_ text: String) -> String {
    var escaped = ""
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      switch scalar {
      case "?" where previous == "?": escaped += "\\?"
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      // Octal escapes take at most three digits, so a digit after one stays a digit.
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        escaped +=
          "\\" + String(repeating: "0", count: 3 - String(scalar.value, radix: 8).count)
          + String(scalar.value, radix: 8)
      case _ where scalar.isInvisibleControl:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped +=
          scalar.value > 0xFFFF
          ? "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
          : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "@\"\(escaped)\""
  }

  /// `[NSDictionary dictionaryWithObjectsAndKeys:value, @"key", …, nil]`, or an empty dictionary:
  /// GNUstep's runtime has no `@{…}` literals.
  static func dictionary(_ entries: [(key: String, value: String)]) -> String {
    guard !entries.isEmpty else { return "[NSDictionary dictionary]" }
    return "[NSDictionary dictionaryWithObjectsAndKeys:"
      + entries.map { "\($0.value), \(literal($0.key))" }.joined(separator: ", ") + ", nil]"
  }

  /// What a decorator logs or tracks for the variable `name`, whatever its type, as `level`
  /// allows.
  static func describe(_ name: String, _ level: Disclosure.Level, limit: String) -> String {
    switch level {
    case .redacted: "VNRRedacted"
    case .private:
      "VNRDescribeValue(&\(name), @encode(__typeof__(\(name))), \(limit), VNRDisclosurePrivate)"
    case .public:
      "VNRDescribeValue(&\(name), @encode(__typeof__(\(name))), \(limit), VNRDisclosurePublic)"
    case .full:
      "VNRDescribeValue(&\(name), @encode(__typeof__(\(name))), \(limit), VNRDisclosureFull)"
    }
  }

  /// The words that say a pointer's nullability, in both spellings.
  static let nullabilityWords: Set<String> = [
    "nullable", "nonnull", "null_unspecified", "_Nullable", "_Nonnull", "_Null_unspecified",
  ]

  /// A type as a method declaration writes it, as any other declaration must: `nullable
  /// NSString *` is `NSString * _Nullable` outside a method's or property's parentheses.
  static func plainType(_ type: String) -> String {
    for (keyword, qualifier) in [
      ("nullable ", "_Nullable"), ("nonnull ", "_Nonnull"),
      ("null_unspecified ", "_Null_unspecified"),
    ] where type.hasPrefix(keyword) {
      let rest = type.dropFirst(keyword.count)
      // A block: `void (^)(…)` takes its qualifier after the caret.
      if let caret = rest.range(of: "(^") {
        return rest[..<caret.upperBound] + qualifier + " " + rest[caret.upperBound...]
      }
      return rest + " " + qualifier
    }
    return type
  }

  /// An object pointer type with its nullability written out, as a typedef needs: clang infers
  /// none there, even in an `NS_ASSUME_NONNULL` region.
  static func explicitlyNullable(_ type: String, _ nullability: ObjCType.Nullability) -> String {
    let words = type.split(whereSeparator: { $0 == " " || $0 == "*" || $0 == "<" })
    let isObject = type.contains("*") || words.first == "id"
    guard isObject, !["_Nullable", "_Nonnull", "_Null_unspecified"].contains(where: type.contains)
    else { return type }
    return type + " "
      + (nullability == .nonnull
        ? "_Nonnull" : nullability == .nullable ? "_Nullable" : "_Null_unspecified")
  }

  /// Whether a type as written is a block or a function pointer, which a name cannot simply
  /// follow: `void (^)(void)`.
  static func needsDeclarator(_ type: String) -> Bool {
    type.contains("(^") || type.contains("(*")
  }

  /// Whether a type as written is an `NSError **` out-parameter.
  static func isErrorOutParameter(_ type: String) -> Bool {
    let words = type.split(whereSeparator: { $0 == " " || $0 == "*" })
    return words.first == "NSError" && type.filter({ $0 == "*" }).count == 2
  }

  /// Whether a type as written is an `NSError *`.
  static func isError(_ type: String) -> Bool {
    let words = type.split(whereSeparator: { $0 == " " || $0 == "*" })
    return words.first == "NSError" && type.filter({ $0 == "*" }).count == 1
  }

  /// `LoadWithCompletion` for `loadWithCompletion:`, `GetPostWithIDCompletion` for
  /// `getPostWithID:completion:`.
  static func upperCamelCase(selector: String) -> String {
    selector.split(separator: ":").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}
