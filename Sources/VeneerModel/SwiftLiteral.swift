extension String {
  /// The string as a Swift string literal.
  package var swiftLiteral: String {
    var text = self
    let literal: String? = text.withUTF8 { bytes in
      guard
        !bytes.contains(where: {
          $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 < 0x20 || $0 >= 0x7F
        })
      else { return nil }
      // Written in place, one allocation: concatenating grew the string twice.
      return String(unsafeUninitializedCapacity: bytes.count + 2) { literal in
        literal[0] = UInt8(ascii: "\"")
        _ = literal[1...].initialize(from: bytes)
        literal[bytes.count + 1] = UInt8(ascii: "\"")
        return bytes.count + 2
      }
    }
    if let literal { return literal }
    // By scalar: `\r\n` is one `Character`. Swift rejects control characters in a literal,
    // and bidirectional controls would make the code read otherwise than it compiles.
    var escaped = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case "\0": escaped += "\\0"
      case _ where scalar.isInvisibleControl:
        escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "\"\(escaped)\""
  }
}
