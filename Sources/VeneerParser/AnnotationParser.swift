import VeneerModel

/// Parses the text after `veneer:` into annotations, following the grammar documented on
/// `Annotation`.
struct AnnotationParser {
  struct Failure: Error {
    var message: String
    /// Offset in UTF-8 bytes from the start of the parsed text.
    var offset: Int
  }

  private let bytes: [UInt8]
  private var index = 0
  /// How many lists the value being read is inside.
  private var depth = 0
  private let location: (Int) -> SourceLocation

  /// No annotation needs lists in lists; a bound keeps a hostile one from exhausting the stack
  /// here and in every later walk of its value.
  static let maximumDepth = 16

  /// - Parameter location: the source location of a byte offset in `text`.
  init(_ text: String, location: @escaping (Int) -> SourceLocation) {
    self.bytes = Array(text.utf8)
    self.location = location
  }

  mutating func parse() throws(Failure) -> [Annotation] {
    var annotations: [Annotation] = []
    repeat {
      skipSpaces()
      annotations.append(try directive())
      skipSpaces()
    } while consume(",")
    guard index == bytes.count else { throw failure("expected ',' between annotations") }
    return annotations
  }

  private mutating func directive() throws(Failure) -> Annotation {
    let start = index
    guard let key = identifier() else { throw failure("expected an annotation name") }
    var arguments: [AnnotationArgument] = []
    skipSpaces()
    if consume("(") {
      skipSpaces()
      if !consume(")") {
        repeat {
          skipSpaces()
          arguments.append(try argument())
          skipSpaces()
        } while consume(",")
        guard consume(")") else {
          throw failure("expected ',' or ')' in the arguments of '\(key)'")
        }
      }
    }
    return Annotation(key: key, arguments: arguments, location: location(start))
  }

  private mutating func argument() throws(Failure) -> AnnotationArgument {
    let start = index
    if let label = identifier() {
      skipSpaces()
      if consume(":") {
        skipSpaces()
        return AnnotationArgument(label: label, value: try value())
      }
      index = start
    }
    return AnnotationArgument(value: try value())
  }

  private mutating func value() throws(Failure) -> AnnotationValue {
    guard let byte = peek else { throw failure("expected a value") }
    switch byte {
    case UInt8(ascii: "\""):
      return .string(try string())
    case UInt8(ascii: "["):
      guard depth < Self.maximumDepth else {
        throw failure("lists are nested deeper than \(Self.maximumDepth) levels")
      }
      index += 1
      depth += 1
      defer { depth -= 1 }
      var values: [AnnotationValue] = []
      skipSpaces()
      if consume("]") { return .list(values) }
      repeat {
        skipSpaces()
        values.append(try value())
        skipSpaces()
      } while consume(",")
      guard consume("]") else { throw failure("expected ',' or ']' in a list") }
      return .list(values)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try number())
    default:
      guard var name = identifier() else { throw failure("expected a value") }
      if name == "true" || name == "false" { return .boolean(name == "true") }
      while consume(".") {
        guard let member = identifier() else { throw failure("expected a name after '.'") }
        name += "." + member
      }
      return .name(name)
    }
  }

  private mutating func string() throws(Failure) -> String {
    let start = index
    index += 1
    var scalars: [UInt8] = []
    while let byte = peek {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: scalars, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let escaped = peek else { break }
        index += 1
        switch escaped {
        case UInt8(ascii: "n"): scalars.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"): scalars.append(UInt8(ascii: "\t"))
        default: scalars.append(escaped)
        }
      default:
        scalars.append(byte)
      }
    }
    index = start
    throw failure("unterminated string")
  }

  private mutating func number() throws(Failure) -> Double {
    let start = index
    _ = consume("-")
    while let byte = peek,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "_")
    {
      index += 1
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self).filter { $0 != "_" }
    guard let number = Double(text) else {
      index = start
      throw failure("'\(text)' is not a number")
    }
    return number
  }

  /// A Swift-style identifier: a letter or `_`, then letters, digits and `_`; backticks allowed.
  private mutating func identifier() -> String? {
    let start = index
    if consume("`") {
      while let byte = peek, byte != UInt8(ascii: "`") { index += 1 }
      guard consume("`"), index - start > 2 else {
        index = start
        return nil
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }
    while let byte = peek, isIdentifierByte(byte, first: index == start) { index += 1 }
    return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
  }

  private func isIdentifierByte(_ byte: UInt8, first: Bool) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "_"), 0x80...:
      true
    case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
    default: false
    }
  }

  private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func consume(_ character: Unicode.Scalar) -> Bool {
    guard peek == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  private mutating func skipSpaces() {
    while peek == UInt8(ascii: " ") || peek == UInt8(ascii: "\t") { index += 1 }
  }

  private func failure(_ message: String) -> Failure { Failure(message: message, offset: index) }
}

/// Annotations read from the text of one `veneer:` directive, for a front end of another
/// language: parsed by the grammar of `Annotation` and checked against `keys` as Swift's are.
package enum DirectiveAnnotations {
  /// - Parameter location: the source location of a byte offset in `text`.
  package static func read(
    _ text: String, on target: AnnotationKeys.Target, keys: AnnotationKeys,
    location: @escaping (Int) -> SourceLocation
  ) -> (annotations: [Annotation], diagnostics: [Diagnostic]) {
    var parser = AnnotationParser(text, location: location)
    let annotations: [Annotation]
    do {
      annotations = try parser.parse()
    } catch {
      return (
        [],
        [
          Diagnostic(
            .error, "malformed veneer annotation: \(error.message)", at: location(error.offset))
        ]
      )
    }
    let diagnostics = annotations.flatMap { annotation in
      keys.problems(for: annotation, on: target).map { Diagnostic($0, $1, at: annotation.location) }
    }
    return (annotations, diagnostics)
  }
}
