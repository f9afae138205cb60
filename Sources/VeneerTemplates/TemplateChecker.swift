import VeneerModel

/// Checks every name a template uses against its vocabulary, so that a misspelt variable,
/// member or filter is a located error with the closest known name, where Stencil would render
/// empty text.
struct TemplateChecker {
  private let vocabulary: TemplateVocabulary
  private var errors: [Diagnostic] = []
  /// Each unknown filter's error, by its position in `errors`, and how often it is used.
  private var unknownFilters: [String: (index: Int, count: Int)] = [:]

  /// The template's mistakes, in the order they appear; empty when it is sound.
  static func check(
    _ syntax: TemplateSyntax, language: TemplateLanguage, vocabulary: TemplateVocabulary
  ) -> [Diagnostic] {
    var checker = TemplateChecker(vocabulary: vocabulary)
    let scope = Dictionary(
      (vocabulary.variables[language] ?? []).map { ($0.name, $0.type) },
      uniquingKeysWith: { first, _ in first })
    checker.check(syntax.nodes, scope: scope)
    for use in checker.unknownFilters.values where use.count > 1 {
      checker.errors[use.index].message += " (used \(use.count) times; the first is here)"
    }
    return checker.errors
  }

  private mutating func check(_ nodes: [TemplateSyntax.Node], scope: [String: TemplateType]) {
    for node in nodes {
      switch node {
      case .text:
        break
      case .output(let expression, _):
        _ = type(of: expression, scope: scope)
      case .forLoop(let variable, let sequence, let body, let empty):
        var bodyScope = scope
        bodyScope["forloop"] = .object("ForLoop")
        switch type(of: sequence, scope: scope)?.unwrapped {
        case .list(let element)?:
          bodyScope[variable.text] = element
        case let other?:
          report("'for' goes through a list, and this is \(other)", at: variable.location)
          // Anything goes for the loop variable, so that one mistake is reported once.
          bodyScope[variable.text] = .dictionary(.text)
        case nil:
          bodyScope[variable.text] = .dictionary(.text)
        }
        check(body, scope: bodyScope)
        check(empty, scope: scope)
      case .conditional(let branches, let otherwise):
        for branch in branches {
          check(branch.condition, scope: scope)
          check(branch.body, scope: scope)
        }
        check(otherwise, scope: scope)
      }
    }
  }

  private mutating func check(_ condition: TemplateSyntax.Condition, scope: [String: TemplateType])
  {
    switch condition {
    case .test(let expression): _ = type(of: expression, scope: scope)
    case .not(let inner): check(inner, scope: scope)
    case .and(let left, let right), .or(let left, let right):
      check(left, scope: scope)
      check(right, scope: scope)
    case .comparison(let left, _, let right):
      _ = type(of: left, scope: scope)
      _ = type(of: right, scope: scope)
    }
  }

  /// The expression's type, or `nil` after reporting why it has none.
  private mutating func type(
    of expression: TemplateSyntax.Expression, scope: [String: TemplateType]
  )
    -> TemplateType?
  {
    guard var current = type(of: expression.operand, scope: scope) else { return nil }
    for filter in expression.filters {
      guard let known = vocabulary.filters.first(where: { $0.name == filter.name.text }) else {
        // Said once, at the first use, with how many there are.
        if let use = unknownFilters[filter.name.text] {
          unknownFilters[filter.name.text] = (use.index, use.count + 1)
        } else {
          unknownFilters[filter.name.text] = (errors.count, 1)
          let known = vocabulary.filters.map(\.name)
          let hint = suggestion(for: filter.name.text, among: known)
          report(
            "unknown filter '\(filter.name.text)'"
              + (hint.isEmpty ? " (known: \(known.joined(separator: ", ")))" : hint),
            at: filter.name.location)
        }
        return nil
      }
      if known.argument == nil, !filter.arguments.isEmpty {
        report("'\(known.name)' takes no argument", at: filter.name.location)
      } else if let argument = known.argument, filter.arguments.count != 1 {
        report("'\(known.name)' takes one argument, \(argument)", at: filter.name.location)
      }
      for argument in filter.arguments {
        _ = type(of: argument, scope: scope)
      }
      current = known.result(current)
    }
    return current
  }

  private mutating func type(of operand: TemplateSyntax.Operand, scope: [String: TemplateType])
    -> TemplateType?
  {
    switch operand {
    case .string: return .text
    case .number: return .number
    case .bool: return .bool
    case .variable(let names):
      let first = names[0]
      guard var current = scope[first.text] else {
        report(
          "unknown variable '\(first.text)'" + suggestion(for: first.text, among: scope.keys),
          at: first.location)
        return nil
      }
      var path = first.text
      for name in names.dropFirst() {
        guard let next = member(name.text, of: current) else {
          let known = members(of: current)
          let message =
            known.isEmpty
            ? "'\(path)' is \(current), which has no member '\(name.text)'"
            : "'\(path)' has no member '\(name.text)'" + suggestion(for: name.text, among: known)
          report(message, at: name.location)
          return nil
        }
        current = next
        path += "." + name.text
      }
      return current
    }
  }

  private func member(_ name: String, of type: TemplateType) -> TemplateType? {
    switch type.unwrapped {
    case .object(let objectName):
      return vocabulary.objects[objectName]?.first { $0.name == name }?.type
    case .list(let element):
      return Int(name) != nil
        ? .optional(element) : TemplateVocabulary.listMembers(of: element)[name]
    case .dictionary(let value):
      return .optional(value)
    default:
      return nil
    }
  }

  private func members(of type: TemplateType) -> [String] {
    switch type.unwrapped {
    case .object(let objectName): vocabulary.objects[objectName]?.map(\.name) ?? []
    case .list(let element): TemplateVocabulary.listMembers(of: element).keys.sorted()
    default: []
    }
  }

  private mutating func report(_ message: String, at location: SourceLocation) {
    errors.append(Diagnostic(.error, "template error: \(message)", at: location))
  }

  private func suggestion(for name: String, among candidates: some Sequence<String>) -> String {
    Spelling.suggestion(for: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }
}

extension TemplateSource {
  /// The template's syntax errors and unknown names, each at its line and column.
  package func check(vocabulary: TemplateVocabulary) -> [Diagnostic] {
    switch CompiledTemplate.compile(self, vocabulary: vocabulary) {
    case .success: []
    case .failure(let errors): errors.diagnostics
    }
  }
}
