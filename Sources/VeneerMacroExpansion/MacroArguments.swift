import Foundation
import SwiftParser
import SwiftSyntax
import VeneerModel
import VeneerRenderer

/// The arguments of `@Decorated` as the `veneer.yml` they stand for: the built-ins as its
/// `templates:`, their settings as its `options:`, `public:` and `cached:` as its
/// `annotations:`. Each line remembers the argument it came from, so that what the
/// configuration's checks find wrong is reported there. Only literals reach the text, and
/// strings only quoted: no argument's text is read as YAML.
struct MacroArguments {
  /// The file name the configuration's diagnostics carry.
  static let file = "@Decorated"

  /// The whole configuration.
  private(set) var yaml = ""
  /// `behindPreprocessorFlag`: the condition the decorators are compiled under.
  private(set) var condition: String?
  /// The argument each line of `yaml` came from, by line.
  private var origins: [Int: Syntax] = [:]
  private let attribute: Syntax

  /// The arguments of `node` on the protocol `protocolName`, or nil after reporting the first
  /// that cannot be read.
  init?(
    _ node: AttributeSyntax, protocolName: String,
    report: (String, Syntax) -> Void
  ) {
    attribute = Syntax(node)
    add("sources: [\(protocolName).swift]")
    add("output: Generated")
    add("selection: all")
    var templates: [String] = []
    var options: [(String, Syntax)] = []
    var annotations: [(String, Syntax)] = []
    for argument in node.arguments?.as(LabeledExprListSyntax.self) ?? [] {
      switch argument.label?.text {
      case nil:
        guard let (builtIn, settings) = Self.decorator(argument, report: report) else {
          return nil
        }
        templates.append(builtIn.typedName)
        if !settings.isEmpty {
          options.append(("  \(builtIn.typedName):", Syntax(argument)))
          options += settings.map { ("    " + $0.0, $0.1) }
        }
      case let key? where key == "public" || key == "reveal":
        guard let names = Self.strings(argument, report: report) else { return nil }
        for (name, element) in names where !SwiftWords.isPlainIdentifier(name) {
          report("'\(key)' lists parameters by name, or 'result': '\(name)' is not one", element)
          return nil
        }
        let declaration = "\(key)(\(names.map(\.0).joined(separator: ", ")))"
        annotations.append(
          ("  \(Self.quoted(protocolName)): \(Self.quoted(declaration))", Syntax(argument)))
      case let label? where Self.declarations[label] != nil:
        guard let names = Self.strings(argument, report: report), let key = Self.declarations[label]
        else { return nil }
        for (name, element) in names {
          guard Self.isRequirementName(name) else {
            report(
              "'\(label)' lists requirements by name or selector ('post(id:)'): '\(name)' is not one",
              element)
            return nil
          }
          annotations.append(("  \(Self.quoted(protocolName + "." + name)): \(key)", element))
        }
      case "defaultIsolation":
        // The target's `.defaultIsolation(MainActor.self)`, which a macro cannot see.
        switch argument.expression.trimmedDescription {
        case "MainActor.self": add("default_isolation: MainActor", from: Syntax(argument))
        case "nil": break
        default:
          report(
            "'defaultIsolation' is MainActor.self, as the target's .defaultIsolation(MainActor.self) "
              + "says, or nil", Syntax(argument.expression))
          return nil
        }
      case "behindPreprocessorFlag":
        guard let text = Self.string(argument.expression), Self.isCondition(text) else {
          report(
            "'behindPreprocessorFlag' is a compilation condition in a string literal, such as "
              + "\"DEBUG\" or \"DEBUG && !TESTING\"", Syntax(argument.expression))
          return nil
        }
        condition = text.trimmingCharacters(in: .whitespaces)
      case let label?:
        report("@Decorated has no argument '\(label)'", Syntax(argument))
        return nil
      }
    }
    add("templates: [\(templates.joined(separator: ", "))]")
    if !options.isEmpty {
      add("options:")
      for (line, origin) in options { add(line, from: origin) }
    }
    if !annotations.isEmpty {
      add("annotations:")
      for (line, origin) in annotations { add(line, from: origin) }
    }
  }

  /// The annotation key each of `@Decorated`'s lists of requirements stands for, as the
  /// built-ins' descriptors declare them: `cached` for `cache`.
  private static let declarations = Dictionary(
    uniqueKeysWithValues: BuiltInDecorators.all.compactMap(\.declarations).map {
      ($0.macroLabel, $0.key)
    })

  /// The argument a diagnostic of the configuration's is about, or the attribute.
  func node(at location: VeneerModel.SourceLocation?) -> Syntax {
    location.flatMap { origins[$0.line] } ?? attribute
  }

  private mutating func add(_ line: String, from origin: Syntax? = nil) {
    yaml += line + "\n"
    origins[yaml.utf8.count { $0 == UInt8(ascii: "\n") }] = origin
  }

  /// The built-in `.logging(level: .info)` names, and its settings as lines of its options.
  private static func decorator(
    _ argument: LabeledExprSyntax, report: (String, Syntax) -> Void
  ) -> (BuiltInDecorator, [(String, Syntax)])? {
    let call = argument.expression.as(FunctionCallExprSyntax.self)
    let member =
      argument.expression.as(MemberAccessExprSyntax.self)
      ?? call?.calledExpression.as(MemberAccessExprSyntax.self)
    guard let name = member?.declName.baseName.text, let builtIn = BuiltInDecorators.named(name)
    else {
      report(
        "'\(argument.expression.trimmedDescription)' is not a built-in decorator "
          + "(\(BuiltInDecorators.typedNames)); templates of your own need the build plugin "
          + "(VeneerPlugin) or 'veneer generate': a macro reads no file", Syntax(argument))
      return nil
    }
    var settings: [(String, Syntax)] = []
    for setting in call?.arguments ?? [] {
      let label = setting.label?.text
      guard
        let option = builtIn.options.first(where: {
          label == nil
            ? $0.isUnlabeledInMacro : MacroInterface.parameterName($0.name) == label
        }), MacroInterface.macroType(of: option) != nil
      else {
        report("'.\(builtIn.typedName)' has no setting '\(label ?? "_")'", Syntax(setting))
        return nil
      }
      guard let value = yamlValue(setting.expression, for: option) else {
        report(
          "a setting of @Decorated is a literal of its type (\(literalExample(of: option))), "
            + "which the macro reads as it is written", Syntax(setting))
        return nil
      }
      settings.append(("\(option.name): \(value)", Syntax(setting)))
    }
    return (builtIn, settings)
  }

  /// A setting's value as `veneer.yml` writes it, or nil when it is not a literal of its type.
  private static func yamlValue(_ expression: ExprSyntax, for option: BuiltInOption) -> String? {
    switch option.value {
    case .word(let words, _, _, _):
      guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
      let name = member.declName.baseName.text
      return words.first { MacroInterface.caseName($0) == name }
    case .wholeNumber:
      return expression.as(IntegerLiteralExprSyntax.self).flatMap { number($0.literal.text) }
    case .seconds:
      return seconds(expression)
    case .templateValue(let kind):
      switch kind {
      case .lifetime: return seconds(expression)
      case .bool: return expression.as(BooleanLiteralExprSyntax.self)?.literal.text
      case .number, .fraction: return signedNumber(expression)
      case .count, .countOrZero:
        return expression.as(IntegerLiteralExprSyntax.self).flatMap { number($0.literal.text) }
      case .string, .text: return string(expression).map(quoted)
      case .names, .parameters: return nil
      }
    case .eventMap:
      return nil
    }
  }

  private static func literalExample(of option: BuiltInOption) -> String {
    switch MacroInterface.macroType(of: option) {
    case "Duration": ".seconds(300)"
    case "Int", "Double": "a number"
    case "Bool": "true or false"
    case "String": "a string"
    default: "one of its cases"
    }
  }

  /// `.seconds(300)`, `.milliseconds(500)` as a number of seconds: `300`, `0.5`.
  private static func seconds(_ expression: ExprSyntax) -> String? {
    let scales = ["seconds": 1.0, "milliseconds": 1e-3, "microseconds": 1e-6, "nanoseconds": 1e-9]
    guard let call = expression.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.base == nil || member.base?.trimmedDescription == "Duration",
      let scale = scales[member.declName.baseName.text], call.arguments.count == 1,
      let argument = call.arguments.first, argument.label == nil,
      let text = signedNumber(argument.expression), let value = Double(text)
    else { return nil }
    let seconds = value * scale
    return seconds == seconds.rounded() && abs(seconds) < 1e15
      ? String(Int(seconds)) : String(seconds)
  }

  private static func signedNumber(_ expression: ExprSyntax) -> String? {
    if let negative = expression.as(PrefixOperatorExprSyntax.self), negative.operator.text == "-" {
      return signedNumber(negative.expression).map { "-" + $0 }
    }
    let literal =
      expression.as(IntegerLiteralExprSyntax.self)?.literal.text
      ?? expression.as(FloatLiteralExprSyntax.self)?.literal.text
    return literal.flatMap(number)
  }

  /// A literal's digits as a number YAML reads the same: `1_000` as `1000`, `0x10` as `16`.
  private static func number(_ literal: String) -> String? {
    let digits = literal.replacingOccurrences(of: "_", with: "")
    if let integer = Int(digits) { return String(integer) }
    if digits.hasPrefix("0x"), let integer = Int(digits.dropFirst(2), radix: 16) {
      return String(integer)
    }
    return Double(digits).flatMap { $0.isFinite ? String($0) : nil }
  }

  /// The text of a string literal without interpolation or escapes.
  static func string(_ expression: ExprSyntax) -> String? {
    guard let literal = expression.as(StringLiteralExprSyntax.self), literal.openingPounds == nil,
      literal.segments.count <= 1
    else { return nil }
    guard let segment = literal.segments.first else { return "" }
    guard let text = segment.as(StringSegmentSyntax.self)?.content.text, !text.contains("\\")
    else { return nil }
    return text
  }

  /// The strings of an array literal of them, each with its element.
  private static func strings(
    _ argument: LabeledExprSyntax, report: (String, Syntax) -> Void
  ) -> [(String, Syntax)]? {
    guard let array = argument.expression.as(ArrayExprSyntax.self) else {
      report("'\(argument.label?.text ?? "")' is an array of string literals", Syntax(argument))
      return nil
    }
    var strings: [(String, Syntax)] = []
    for element in array.elements {
      guard let text = string(element.expression) else {
        report("each element is a string literal, read as it is written", Syntax(element))
        return nil
      }
      strings.append((text, Syntax(element)))
    }
    return strings
  }

  /// JSON's quoting, which is YAML's: the text stays one string, whatever it holds.
  static func quoted(_ text: String) -> String {
    let escaped = text.unicodeScalars.map { scalar -> String in
      switch scalar {
      case "\"": "\\\""
      case "\\": "\\\\"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value):
        String(format: "\\u%04X", scalar.value)
      default: String(scalar)
      }
    }.joined()
    return "\"" + escaped + "\""
  }

  /// `post(id:)` or `post`: a name, then its labels.
  private static func isRequirementName(_ text: String) -> Bool {
    let name = text.prefix { $0 != "(" }
    guard SwiftWords.isPlainIdentifier(String(name)) else { return false }
    let labels = text.dropFirst(name.count)
    if labels.isEmpty || labels == "()" { return true }
    guard labels.hasPrefix("("), labels.hasSuffix(":)") else { return false }
    return labels.dropFirst().dropLast(2).split(separator: ":", omittingEmptySubsequences: false)
      .allSatisfy { $0 == "_" || SwiftWords.isPlainIdentifier(String($0)) }
  }

  /// Whether `text` is one condition of `#if`, and nothing more.
  private static func isCondition(_ text: String) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, !trimmed.contains(where: { $0.isNewline || "#/\\\"".contains($0) })
    else { return false }
    let tree = Parser.parse(source: "#if \(trimmed)\n#endif\n")
    guard !tree.hasError, tree.statements.count == 1,
      let clauses = tree.statements.first?.item.as(IfConfigDeclSyntax.self)?.clauses,
      clauses.count == 1
    else { return false }
    return clauses.first?.condition?.trimmedDescription == trimmed
  }
}

extension DecoratedExpansion {
  /// `declarations` compiled only under `condition`: the decorator types in one `#if` block,
  /// and each extension's helpers inside one in it (an extension macro must return extensions).
  static func compiled(_ declarations: [DeclSyntax], under condition: String) -> [DeclSyntax] {
    let types = declarations.filter { !$0.is(ExtensionDeclSyntax.self) }
    var result: [DeclSyntax] = []
    if !types.isEmpty {
      result.append(
        DeclSyntax(
          stringLiteral: "#if \(condition)\n"
            + types.map(\.trimmedDescription).joined(separator: "\n\n") + "\n#endif"))
    }
    for declaration in declarations {
      guard let extensionDecl = declaration.as(ExtensionDeclSyntax.self) else { continue }
      let members = extensionDecl.memberBlock.members.trimmedDescription
      let wrapper = Parser.parse(source: "extension E {\n#if \(condition)\n\(members)\n#endif\n}")
      guard let block = wrapper.statements.first?.item.as(ExtensionDeclSyntax.self)?.memberBlock
      else { continue }
      result.append(DeclSyntax(extensionDecl.with(\.memberBlock, block)))
    }
    return result
  }
}
