import VeneerRenderer

/// The names of the files Veneer writes: each one plain file directly in the output folder,
/// whatever the protocol, template or `naming.file` pattern it comes from.
enum OutputFileName {
  /// `text` with every character that is not a letter, a digit, `_` or `-` replaced by `_`, so
  /// that a raw-identifier protocol name (`` `/../pwned` ``) cannot name a folder, a hidden file
  /// or a path outside the output folder.
  static func component(_ text: String) -> String {
    let isPlain = text.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
        true
      default: false
      }
    }
    if isPlain { return text }
    var safe = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let isKept =
        scalar == "_" || scalar == "-"
        || (scalar.properties.isAlphabetic && scalar.properties.generalCategory != .format)
        || scalar.properties.numericType == .decimal
      safe.append(isKept ? scalar : "_")
    }
    return String(safe)
  }

  /// Why `name` is not a plain Swift or Objective-C file name directly in a folder, or nil when
  /// it is.
  static func problem(with name: String) -> String? {
    if name.isEmpty { return "the file name is empty" }
    if name.utf8.contains(UInt8(ascii: "/")) || name.utf8.contains(0) {
      return "the file name '\(name)' contains a path separator or a NUL byte"
    }
    if name.hasPrefix(".") { return "the file name '\(name)' starts with '.'" }
    if !name.hasSuffix(".swift") && !name.hasSuffix(".h") && !name.hasSuffix(".m") {
      return "the file name '\(name)' does not end in .swift, .h or .m"
    }
    if name.utf8.count > 255 {
      return "the file name '\(name.prefix(40))…' is \(name.utf8.count) bytes long, more than the "
        + "255 a file system allows"
    }
    return nil
  }
}
