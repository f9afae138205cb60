import VeneerModel

extension AnnotationValue {
  /// The value as Swift code of its own kind, whatever text it holds: a string as a string
  /// literal, a number as a number, a flag as `true` or `false`, a name as a reference to that
  /// name (its parts identifiers, backticked where they need it), a list as an array literal of
  /// these. Annotation arguments reach templates only in this form, so that no text of a source
  /// file is ever read by the compiler as code: `retry(attempts: "3, { … }()")` gives a string
  /// where a number belongs, which does not compile, never a closure that runs.
  package var swiftLiteral: String {
    switch self {
    case .string(let text): text.swiftLiteral
    case .number(let number):
      number.isFinite ? description : "0"
    case .boolean(let flag): flag ? "true" : "false"
    case .name(let name): Self.reference(name) ?? name.swiftLiteral
    case .list(let values): "[" + values.map(\.swiftLiteral).joined(separator: ", ") + "]"
    }
  }

  /// `name` as a reference, or `nil` when a part is neither an identifier nor a raw identifier
  /// that Swift accepts (one that holds no backtick, line break or other control character).
  private static func reference(_ name: String) -> String? {
    var parts: [String] = []
    var part = ""
    var inBackticks = false
    for character in name {
      if character == "`" {
        inBackticks.toggle()
        part.append(character)
      } else if character == ".", !inBackticks {
        parts.append(part)
        part = ""
      } else {
        part.append(character)
      }
    }
    parts.append(part)
    guard !inBackticks else { return nil }
    for part in parts {
      let bare = part.trimmingBackticks
      let isRaw = part.hasPrefix("`") && part.count > 2
      guard
        SwiftWords.isPlainIdentifier(part)
          || (isRaw && !bare.isEmpty
            && !bare.unicodeScalars.contains {
              $0 == "`" || $0.properties.generalCategory == .control || $0.isInvisibleControl
            })
      else { return nil }
    }
    return parts.joined(separator: ".")
  }
}
