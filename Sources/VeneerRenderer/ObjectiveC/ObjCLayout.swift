/// Lays out an Objective-C template's output as clang-format's default style would for
/// generated code: two spaces per open brace, preprocessor lines at the margin, no blank line
/// after an opening brace or before a closing one, never two blank lines in a row.
///
/// Templates write their lines unindented, as Swift templates do; only braces outside string
/// and character literals and comments count.
enum ObjCLayout {
  static func format(_ text: String) -> String {
    var lines: [String] = []
    var depth = 0
    var pendingBlank = false
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = rawLine.drop { $0 == " " || $0 == "\t" }
      guard let last = line.lastIndex(where: { $0 != " " && $0 != "\t" }) else {
        pendingBlank = !lines.isEmpty
        continue
      }
      let content = line[...last]
      let (opened, closed, leadingClosers) = braces(in: content)
      let lineDepth = max(0, depth - leadingClosers)
      if pendingBlank, !(lines.last?.hasSuffix("{") ?? true), leadingClosers == 0 {
        lines.append("")
      }
      pendingBlank = false
      lines.append(
        content.hasPrefix("#")
          ? String(content) : String(repeating: "  ", count: lineDepth) + content)
      depth = max(0, depth + opened - closed)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The braces a line opens and closes, and how many close before anything else on it.
  private static func braces(in line: Substring) -> (opened: Int, closed: Int, leading: Int) {
    var opened = 0
    var closed = 0
    var leading = 0
    var sawOther = false
    var quote: Character?
    var escaped = false
    var previous: Character = " "
    for character in line {
      defer { previous = character }
      if let open = quote {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == open {
          quote = nil
        }
        continue
      }
      switch character {
      case "/" where previous == "/":
        return (opened, closed, leading)
      case "\"", "'":
        quote = character
        sawOther = true
      case "{":
        opened += 1
        sawOther = true
      case "}":
        closed += 1
        if !sawOther { leading += 1 }
      case " ", "\t":
        break
      default:
        sawOther = true
      }
    }
    return (opened, closed, leading)
  }
}
