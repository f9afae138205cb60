import Foundation
import VeneerModel
import VeneerRenderer

/// `Sources/VeneerMacros/Decorated.swift`, written from the built-ins' descriptors: the macro's
/// declaration with the names it may add, what it re-exports, and a typed member of `Decorator`
/// for each built-in and its settings. A built-in added to `BuiltInDecorators.all` reaches the
/// macro when this file is written again; a test fails while it is not.
package enum MacroInterface {
  /// The file's path in the repository.
  package static let path = "Sources/VeneerMacros/Decorated.swift"

  /// The file's text.
  package static var source: String {
    let builtIns = BuiltInDecorators.all
    var lines = [
      "// Generated from the built-ins' descriptors by `bash Scripts/regenerate`.",
      "// Do not edit: a test fails when this file and the descriptors differ.",
      "",
      "// What the decorators `@Decorated` writes name, so that `import VeneerMacros` is the one import",
      "// a file with it needs: Veneer's libraries whole, and of others only the declarations the",
      "// decorators' own signatures name.",
    ]
    // Modules, then declarations, each sorted by what it imports, as `swift format` does.
    lines += Set(builtIns.map(\.runtimeModule)).sorted().map { "@_exported import \($0)" }
    lines.append("")
    lines += Set(builtIns.flatMap(\.signatureNames))
      .sorted { $0.split(separator: " ").last ?? "" < $1.split(separator: " ").last ?? "" }
      .map { "@_exported import \($0)" }
    lines += [
      "",
      "/// Generates the decorators of the protocol it is attached to, as `veneer generate` would:",
      "/// each built-in named writes a decorator type beside the protocol (`LoggingPostRepo`) and",
      "/// its composition helper in an extension of it (`withLogging(_:)`).",
      "///",
      "///     @Decorated(.logging(level: .info), .caching(ttl: .seconds(300)), cached: [\"post(id:)\"])",
      "///     public protocol PostRepo: Sendable { … }",
      "///",
      "/// A macro sees only the declaration it is attached to: a protocol that inherits one declared",
      "/// elsewhere, and templates of your own, need the build plugin or the CLI.",
      "///",
      "/// - Parameters:",
      "///   - public: the parameters (or `result`) whose values its decorators may write, as",
      "///     `// veneer: public(…)` on the protocol declares them; every other value is private.",
      "///   - reveal: the parameters (or `result`) whose names look secret (an opaque",
      "///     `authorizationID`) that its decorators may write all the same, as `// veneer:",
      "///     reveal(…)` declares them.",
    ]
    for builtIn in builtIns {
      guard let declarations = builtIn.declarations else { continue }
      lines += [
        "///   - \(declarations.macroLabel): the requirements declared as `// veneer: "
          + "\(declarations.key)` above each would declare them, for the \(builtIn.name) decorator."
      ]
    }
    lines += [
      "///   - defaultIsolation: `MainActor.self` in a target built with",
      "///     `.defaultIsolation(MainActor.self)`, which a macro cannot see: the protocol, unless it",
      "///     says otherwise, is decorated as the main actor's.",
      "///   - behindPreprocessorFlag: a compilation condition the decorators are generated under",
      "///     (`\"DEBUG\"`): in other builds there are none.",
      "@attached(",
      "  peer,",
    ]
    // `LoggingStore`, or `StoreLoggingDecorator` where that would be a library's type's name.
    lines += filled(
      builtIns.map { "prefixed(\($0.name))" } + builtIns.map { "suffixed(\($0.name)Decorator)" },
      first: "  names: ", then: "  ")
    lines[lines.count - 1] += ")"
    lines += ["@attached(", "  extension,"]
    lines += filled(
      builtIns.map { "named(\($0.compositionHelper))" }, first: "  names: ", then: "  ")
    lines[lines.count - 1] += ")"
    lines += [
      "public macro Decorated("
    ]
    let parameters =
      [
        "_ decorator: Decorator", "_ more: Decorator...", "public: [String] = []",
        "reveal: [String] = []",
      ]
      + builtIns.compactMap(\.declarations).map { "\($0.macroLabel): [String] = []" }
      + [
        "defaultIsolation: (any GlobalActor.Type)? = nil", "behindPreprocessorFlag: String? = nil",
      ]
    lines += filled(parameters, first: "  ", then: "  ")
    lines += [
      ") = #externalMacro(module: \"VeneerMacrosPlugin\", type: \"DecoratedMacro\")",
      "",
      "extension Decorator {",
    ]
    for (index, builtIn) in builtIns.enumerated() {
      if index > 0 { lines.append("") }
      lines.append("  /// \(summary(of: builtIn))")
      let type =
        builtIn.options.contains { macroType(of: $0) != nil }
        ? "\(builtIn.name)Decorator()" : "Decorator()"
      lines.append("  public static let \(memberName(of: builtIn)) = \(type)")
    }
    lines.append("}")
    for builtIn in builtIns {
      let type = settingsType(of: builtIn)
      if !type.isEmpty { lines += [""] + type }
    }
    return wrapped(lines).joined(separator: "\n") + "\n"
  }

  /// The type of `.logging` that `.logging(level: .info)` calls, for a built-in with settings.
  private static func settingsType(of builtIn: BuiltInDecorator) -> [String] {
    let options = builtIn.options.compactMap { option in macroType(of: option).map { (option, $0) }
    }
    guard !options.isEmpty else { return [] }
    var lines = [
      "/// `.\(memberName(of: builtIn))`, or `.\(memberName(of: builtIn))(…)` with its settings: "
        + "those of",
      "/// `options: \(builtIn.typedName):` in `veneer.yml`.",
      "public final class \(builtIn.name)Decorator: Decorator, @unchecked Sendable {",
    ]
    for (option, _) in options {
      guard case .word(let words, let described, nil, _) = option.value else { continue }
      lines += [
        "  /// \(described.prefix(1).uppercased() + described.dropFirst()).",
        "  public enum \(typeName(option.name)): Sendable {",
        "    case " + words.map(caseName).joined(separator: ", "),
        "  }",
        "",
      ]
    }
    let parameters = options.map { option, type in
      option.isUnlabeledInMacro
        ? "_ \(parameterName(option.name)): \(type)"
        : "\(parameterName(option.name)): \(type)? = nil"
    }
    lines.append(
      "  /// `.\(builtIn.typedName)` with these settings; each left out keeps its default.")
    let oneLine =
      "  public func callAsFunction(" + parameters.joined(separator: ", ") + ") -> Decorator {"
    if oneLine.count <= 100 {
      lines.append(oneLine)
    } else {
      lines.append("  public func callAsFunction(")
      lines += filled(parameters, first: "    ", then: "    ")
      lines.append("  ) -> Decorator {")
    }
    return lines + ["    self", "  }", "}"]
  }

  /// The Swift type `@Decorated` takes a setting as, or nil for one it does not take (an event
  /// map, whose entries `veneer.yml` locates line by line).
  package static func macroType(of option: BuiltInOption) -> String? {
    switch option.value {
    case .word(_, _, let swiftType, _): swiftType ?? typeName(option.name)
    case .wholeNumber: "Int"
    case .seconds: "Duration"
    case .eventMap: nil
    case .templateValue(let kind):
      switch kind {
      case .lifetime: "Duration"
      case .number, .fraction: "Double"
      case .count, .countOrZero: "Int"
      case .bool: "Bool"
      case .string, .text: "String"
      case .names, .parameters: "[String]"
      }
    }
  }

  /// `circuitBreaker` for CircuitBreaker: its member of `Decorator`, which the macro finds again
  /// in any case.
  package static func memberName(of builtIn: BuiltInDecorator) -> String {
    builtIn.name.prefix(1).lowercased() + builtIn.name.dropFirst()
  }

  /// `errorLevel` for `error_level`: the argument label of a setting.
  package static func parameterName(_ option: String) -> String { caseName(option) }

  /// `snakeCase` for `snake_case`, `kebabCase` for `kebab-case`: a word's case in `@Decorated`.
  package static func caseName(_ word: String) -> String {
    let parts = word.split { $0 == "_" || $0 == "-" }
    guard let first = parts.first else { return word }
    return String(first.prefix(1).lowercased() + first.dropFirst())
      + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  private static func typeName(_ option: String) -> String {
    let name = caseName(option)
    return name.prefix(1).uppercased() + name.dropFirst()
  }

  /// What the built-in's template says it does, its first sentence.
  private static func summary(of builtIn: BuiltInDecorator) -> String {
    let summary =
      BuiltInTemplates.all.first { $0.name == builtIn.name }?.summary ?? builtIn.name
    return summary.prefix { $0 != ":" && $0 != ";" }.trimmingCharacters(in: [" ", "."]) + "."
  }

  /// `items`, comma-separated, as many to a line as fit in 100 columns: the first line starts
  /// with `first`, the others with `then`.
  private static func filled(_ items: [String], first: String, then: String) -> [String] {
    var lines: [String] = []
    var current = first
    for (index, item) in items.enumerated() {
      let piece = item + (index == items.count - 1 ? "" : ",")
      let isStart = current == first || current == then
      if !isStart, current.count + 1 + piece.count > 100 {
        lines.append(current)
        current = then
      }
      current += (current == first || current == then ? "" : " ") + piece
    }
    return lines + [current]
  }

  /// Lines as `swift format` keeps them: a documentation line longer than 100 columns wrapped at
  /// a space.
  private static func wrapped(_ lines: [String]) -> [String] {
    lines.flatMap { line -> [String] in
      guard line.count > 100, let marker = line.range(of: "/// ") else { return [line] }
      let prefix = String(line[..<marker.upperBound])
      var result: [String] = []
      var current = prefix
      for word in line[marker.upperBound...].split(separator: " ") {
        if current.count + word.count + 1 > 100, current != prefix {
          result.append(current)
          current = prefix
        }
        current += (current == prefix ? "" : " ") + word
      }
      result.append(current)
      return result
    }
  }
}
