/// Text from outside — file names, `veneer.yml` values, annotation arguments — shown where a
/// reader cannot see control characters: in comments of generated code, and in every
/// diagnostic a terminal or a CI log shows.
extension String {
  /// Line breaks, other control characters and bidirectional controls written as `\u{…}`, so
  /// that a file name cannot end a comment, make code read otherwise than it compiles, or send
  /// a terminal an escape sequence.
  package var escapedForComment: String {
    guard unicodeScalars.contains(where: \.isInvisibleControl) else { return self }
    var escaped = ""
    for scalar in unicodeScalars {
      if scalar.isInvisibleControl {
        escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}

extension String {
  /// The same, but for line breaks and tabs, which lay out what a terminal shows: for lines
  /// Veneer prints, such as a diff of a file on disk or an output folder's name, so that their
  /// bytes cannot send the terminal an escape sequence.
  package var escapedForTerminal: String {
    guard unicodeScalars.contains(where: { $0.isInvisibleControl && $0 != "\n" && $0 != "\t" })
    else { return self }
    var escaped = ""
    for scalar in unicodeScalars {
      if scalar.isInvisibleControl && scalar != "\n" && scalar != "\t" {
        escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}

extension Unicode.Scalar {
  /// A control character (C0, DEL, C1), a line or paragraph separator, or a bidirectional
  /// control: characters a reader would not see as they are.
  package var isInvisibleControl: Bool {
    switch value {
    case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}

extension String {
  /// JSON text with every invisible control a JSON encoder leaves as it is (C1 controls, line
  /// and paragraph separators, bidirectional controls) written as a `\uXXXX` escape, which
  /// means the same to a reader of the JSON, and cannot send a terminal an escape sequence or
  /// make the text read otherwise than it is.
  package var escapingInvisibleControlsForJSON: String {
    guard unicodeScalars.contains(where: \.isInvisibleControl) else { return self }
    var escaped = ""
    for scalar in unicodeScalars {
      // C0 controls and DEL are escaped by the encoder, or are the document's own line breaks.
      if scalar.isInvisibleControl, scalar.value >= 0x80 {
        escaped +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
