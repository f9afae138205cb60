/// One `// veneer:` directive, e.g. `cache(ttl: 300)`.
///
/// Grammar (a line after `// veneer:` or `/// veneer:`):
///
///     line      := directive ("," directive)*
///     directive := key ("(" [argument ("," argument)*] ")")?
///     argument  := (label ":")? value
///     value     := string | number | "true" | "false" | name | "[" [value ("," value)*] "]"
///     name      := identifier ("." identifier)*
package struct Annotation: Codable, Sendable, Hashable, CustomStringConvertible {
  package var key: String
  package var arguments: [AnnotationArgument]
  package var location: SourceLocation

  package init(key: String, arguments: [AnnotationArgument] = [], location: SourceLocation) {
    self.key = key
    self.arguments = arguments
    self.location = location
  }

  /// The value of the argument with the given label.
  package func value(for label: String) -> AnnotationValue? {
    arguments.first { $0.label == label }?.value
  }

  /// Arguments without a label, e.g. the parameter names of `redact(password, token)`.
  package var positionalValues: [AnnotationValue] {
    arguments.filter { $0.label == nil }.map(\.value)
  }

  package var description: String {
    arguments.isEmpty
      ? key : "\(key)(\(arguments.map(\.description).joined(separator: ", ")))"
  }
}

package struct AnnotationArgument: Codable, Sendable, Hashable, CustomStringConvertible {
  package var label: String?
  package var value: AnnotationValue

  package init(label: String? = nil, value: AnnotationValue) {
    self.label = label
    self.value = value
  }

  package var description: String { label.map { "\($0): \(value)" } ?? value.description }
}

package enum AnnotationValue: Sendable, Hashable, CustomStringConvertible {
  case string(String)
  case number(Double)
  case boolean(Bool)
  /// A bare or dotted name, e.g. `password` or `PostRepo.getPost`.
  case name(String)
  case list([AnnotationValue])

  package var description: String {
    switch self {
    case .string(let text):
      let escaped = text.flatMap { $0 == "\\" || $0 == "\"" ? ["\\", $0] : [$0] }
      return "\"\(String(escaped))\""
    case .number(let number):
      return number.rounded() == number && abs(number) < 1e15
        ? String(Int64(number)) : String(number)
    case .boolean(let flag): return String(flag)
    case .name(let name): return name
    case .list(let values): return "[\(values.map(\.description).joined(separator: ", "))]"
    }
  }

  /// The text of a string or name value.
  package var text: String? {
    switch self {
    case .string(let text), .name(let text): text
    default: nil
    }
  }

  /// The names or strings of a list value, or of a single name or string.
  package var texts: [String] {
    if case .list(let values) = self { return values.compactMap(\.text) }
    return text.map { [$0] } ?? []
  }
}

extension AnnotationValue: Codable {
  private enum CodingKeys: String, CodingKey {
    case string, number, boolean, name, list
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let key = container.allKeys.first, container.allKeys.count == 1 else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "expected exactly one of string, number, boolean, name, list"))
    }
    switch key {
    case .string: self = .string(try container.decode(String.self, forKey: key))
    case .number: self = .number(try container.decode(Double.self, forKey: key))
    case .boolean: self = .boolean(try container.decode(Bool.self, forKey: key))
    case .name: self = .name(try container.decode(String.self, forKey: key))
    case .list: self = .list(try container.decode([AnnotationValue].self, forKey: key))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .string(let text): try container.encode(text, forKey: .string)
    case .number(let number): try container.encode(number, forKey: .number)
    case .boolean(let flag): try container.encode(flag, forKey: .boolean)
    case .name(let name): try container.encode(name, forKey: .name)
    case .list(let values): try container.encode(values, forKey: .list)
    }
  }
}
