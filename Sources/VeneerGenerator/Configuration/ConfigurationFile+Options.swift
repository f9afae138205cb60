import VeneerModel
import VeneerParser
import VeneerRenderer
import Yams

/// The `options:` section: each built-in's settings as its descriptor declares them, and a user
/// template's as plain values it reads.
extension ConfigurationReader {
  func readOptions(_ node: Node) {
    guard let mapping = node.mapping else {
      error("'options' must be a mapping from template names to their options", at: node)
      return
    }
    for (key, value) in mapping {
      guard let name = key.string else {
        error("template names in 'options' must be strings", at: key)
        continue
      }
      if let builtIn = BuiltInDecorators.named(name) {
        readOptions(value, of: builtIn, key: key)
      } else {
        readTemplateOptions(value, template: name, key: key)
      }
    }
  }

  /// A built-in's options, each checked as its descriptor declares it.
  private func readOptions(_ node: Node, of builtIn: BuiltInDecorator, key: Node) {
    guard !builtIn.options.isEmpty else {
      error("'\(builtIn.typedName)' has no options", at: key)
      return
    }
    guard
      let fields = fields(
        of: node, in: "'\(builtIn.typedName)'", known: builtIn.options.map(\.name))
    else { return }
    var templateValues: [String: String] = [:]
    for option in builtIn.options {
      guard let node = fields[option.name] else { continue }
      let key = option.name
      switch option.value {
      case .word(let words, let described, _, let set):
        guard let word = string(node, key) else { continue }
        if words.contains(word) {
          set(&configuration.render, word)
        } else {
          error(
            "'\(key)' must be \(described), not '\(word)'" + suggestion(for: word, among: words),
            at: node)
        }
      case .wholeNumber(let range, let counting, let set):
        if let scalar = node.scalar, scalar.isPlain, let number = Int(scalar.string),
          range.contains(number)
        {
          set(&configuration.render, number)
        } else if range.upperBound == Int.max {
          error("'\(key)' must be a positive whole number of \(counting)", at: node)
        } else {
          error(
            "'\(key)' must be a whole number of \(counting) from \(range.lowerBound) to "
              + "\(range.upperBound)", at: node)
        }
      case .seconds(let set):
        // A number as YAML writes one: `"300"`, quoted, is a string.
        if let scalar = node.scalar, scalar.isPlain, let seconds = Double(scalar.string) {
          if let problem = Lifetime.problem(with: seconds) {
            error("'\(key)' \(problem)", at: node)
          } else {
            set(&configuration.render, seconds)
          }
        } else {
          error("'\(key)' must be a positive number of seconds", at: node)
        }
      case .eventMap:
        readEventMap(node)
      case .templateValue(let kind):
        guard let scalar = node.scalar else {
          error("'\(key)' must be a single value", at: node)
          continue
        }
        // Rendered from the value checked, as an annotation argument is, never from its text:
        // `0x10` is the number 16, not a string the template would paste.
        let value = Self.annotationValue(of: scalar)
        if let problem = AnnotationKeys.problem(with: value, kind) {
          error("'\(key)' \(problem)", at: node)
        } else {
          templateValues[key] = value.swiftLiteral
        }
      }
    }
    if !templateValues.isEmpty {
      configuration.templateOptions[builtIn.name] = Located(templateValues, at: location(key))
    }
  }

  /// A scalar of `veneer.yml` as an annotation would write it: `5` a number, `true` a flag,
  /// `"5"` a string, `full` a name.
  private static func annotationValue(of scalar: Node.Scalar) -> AnnotationValue {
    let text = scalar.string
    guard scalar.isPlain else { return .string(text) }
    if text == "true" || text == "false" { return .boolean(text == "true") }
    if let number = Double(text), number.isFinite { return .number(number) }
    return .name(text)
  }

  private func readEventMap(_ node: Node) {
    guard let mapping = node.mapping else {
      error("'events' must be a mapping from 'Protocol.method' to event names", at: node)
      return
    }
    for (key, value) in mapping {
      guard let requirement = key.string else {
        error("keys in 'events' must be 'Protocol.method'", at: key)
        continue
      }
      var entry = EventMapEntry(requirement: Located(requirement, at: location(key)))
      if value.mapping != nil {
        guard
          let fields = fields(
            of: value, in: "the event of '\(requirement)'",
            known: ["event", "failure", "properties", "shared"])
        else { continue }
        if let shared = fields["shared"] {
          if let flag = bool(shared) {
            entry.isShared = flag
          } else {
            error("'shared' must be true or false, not \(kind(of: shared))", at: shared)
          }
        }
        entry.success = fields["event"].flatMap { string($0, "event") }
        entry.failure = fields["failure"].flatMap { string($0, "failure") }
        entry.properties = fields["properties"].map { locatedStrings($0, "properties") } ?? []
      } else if let flag = bool(value) {
        entry.isTracked = flag
      } else if let event = string(
        value, "the event of '\(requirement)'",
        expecting: "an event name, false, or a mapping with 'event', 'failure' and 'properties'")
      {
        entry.success = event
      } else {
        continue
      }
      configuration.eventMap.append(entry)
    }
  }

  private func readTemplateOptions(_ node: Node, template: String, key: Node) {
    guard let mapping = node.mapping else {
      error("the options of '\(template)' must be a mapping", at: node)
      return
    }
    var options: [String: String] = [:]
    defer { configuration.templateOptions[template] = Located(options, at: location(key)) }
    for (key, value) in mapping {
      guard let name = key.string, let scalar = value.scalar else {
        error("options of '\(template)' must be names with single values", at: key)
        continue
      }
      options[name] = Self.swiftLiteral(of: scalar)
    }
  }

  /// A template option as Swift of its kind, as templates receive it: a plain `2` or `0.5` a
  /// number, `true` or `false` a flag, anything else (a quoted `"2"` too) a string literal, so
  /// that no text of `veneer.yml` is read by the compiler as code.
  static func swiftLiteral(of scalar: Node.Scalar) -> String {
    let text = scalar.string
    guard scalar.isPlain else { return text.swiftLiteral }
    if text == "true" || text == "false" { return text }
    let isNumber =
      text.wholeMatch(of: #/-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?/#) != nil
      && Double(text)?.isFinite == true
    return isNumber ? text : text.swiftLiteral
  }
}
