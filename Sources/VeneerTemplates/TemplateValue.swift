import Foundation
import VeneerModel

/// A value while a compiled template renders. Its case says what it is, so reading, testing and
/// writing one is a switch rather than a dynamic cast from `Any`.
///
/// The rules are Stencil's, which the tests hold `CompiledTemplate` to byte for byte.
package enum TemplateValue: Sendable {
  case nothing
  case text(String)
  case bool(Bool)
  case integer(Int)
  /// A number literal with a fraction, which Stencil reads as a `Float`.
  case float(Float)
  case list([TemplateValue])
  case dictionary([String: TemplateValue])
  /// A `TemplateReference`, whose members compiled readers know by its type.
  case object(any AnyObject & Sendable)
  /// `forloop` inside a `for`.
  case forLoop(index: Int, length: Int)

  /// Stencil's `stringify`: lists as Swift prints them, and nothing for objects.
  package var text: String {
    switch self {
    case .text(let text): text
    case .bool(let flag): flag.description
    case .integer(let integer): integer.description
    case .float(let float): float.description
    case .list, .dictionary: "\(any ?? "")"
    case .nothing, .object, .forLoop: ""
    }
  }

  /// Stencil's truthiness: non-empty lists, dictionaries and text, `true`, numbers above zero,
  /// and any other value that is there.
  var isTruthy: Bool {
    switch self {
    case .nothing: false
    case .bool(let flag): flag
    case .text(let text): !text.isEmpty
    case .list(let elements): !elements.isEmpty
    case .dictionary(let entries): !entries.isEmpty
    case .integer(let integer): integer > 0
    case .float(let float): float > 0
    case .object, .forLoop: true
    }
  }

  var number: Float? {
    switch self {
    case .integer(let integer): Float(integer)
    case .float(let float): float
    default: nil
    }
  }

  /// The value as Stencil and `veneer parse --template-model` see it: strings, numbers, arrays,
  /// dictionaries and template objects in `Any`.
  package var any: Any? {
    switch self {
    case .nothing: nil
    case .text(let text): text
    case .bool(let flag): flag
    case .integer(let integer): integer
    case .float(let float): float
    // Lists and dictionaries hold no `nothing`. `mapValues` keeps a dictionary's order, which
    // is how Stencil prints it.
    case .list(let elements): elements.compactMap(\.any)
    case .dictionary(let entries): entries.mapValues { $0.any ?? "" }
    case .object(let object): object
    // Stencil keeps its own `forloop`; this one never leaves a compiled template.
    case .forLoop: nil
    }
  }

  /// `list.count`, `.first`, `.last` and `.0`.
  func listMember(_ name: String) -> TemplateValue {
    guard case .list(let elements) = self else { return .nothing }
    switch name {
    case "count": return .integer(elements.count)
    case "first": return elements.first ?? .nothing
    case "last": return elements.last ?? .nothing
    default:
      return Int(name).flatMap { elements.indices.contains($0) ? elements[$0] : nil } ?? .nothing
    }
  }

  /// `dictionary.count`, or the value under the key.
  func dictionaryMember(_ name: String) -> TemplateValue {
    guard case .dictionary(let entries) = self else { return .nothing }
    return name == "count" ? .integer(entries.count) : entries[name] ?? .nothing
  }

  func forLoopMember(_ name: String) -> TemplateValue {
    guard case .forLoop(let index, let length) = self else { return .nothing }
    switch name {
    case "counter": return .integer(index + 1)
    case "counter0": return .integer(index)
    case "first": return .bool(index == 0)
    case "last": return .bool(index == length - 1)
    case "length": return .integer(length)
    default: return .nothing
    }
  }

  static func comparison(_ symbol: String) -> @Sendable (TemplateValue, TemplateValue) -> Bool {
    switch symbol {
    case "==": return isEqual
    case "!=": return { !isEqual($0, $1) }
    case "in": return isContained
    default:
      let compare: @Sendable (Float, Float) -> Bool =
        switch symbol {
        case "<": { $0 < $1 }
        case ">": { $0 > $1 }
        case "<=": { $0 <= $1 }
        default: { $0 >= $1 }
        }
      return { left, right in
        guard let left = left.number, let right = right.number else { return false }
        return compare(left, right)
      }
    }
  }

  private static func isEqual(_ left: TemplateValue, _ right: TemplateValue) -> Bool {
    switch (left, right) {
    case (.nothing, .nothing): true
    case (.text(let left), .text(let right)): left == right
    case (.bool(let left), .bool(let right)): left == right
    default: left.number.flatMap { left in right.number.map { left == $0 } } ?? false
    }
  }

  /// Stencil compares hashable values here, so this goes through `AnyHashable` as it does; `in`
  /// is rare enough for that.
  private static func isContained(_ left: TemplateValue, in right: TemplateValue) -> Bool {
    if case .list(let elements) = right, let left = left.any as? AnyHashable {
      return elements.contains { ($0.any as? AnyHashable) == left }
    }
    if case .text(let left) = left, case .text(let right) = right { return right.contains(left) }
    if case .nothing = left, case .nothing = right { return true }
    return false
  }

  /// The text, or each text of a list, changed.
  func transformed(_ change: (String) -> String) -> TemplateValue {
    if case .list(let elements) = self { return .list(elements.map { .text(change($0.text)) }) }
    return .text(change(text))
  }
}
