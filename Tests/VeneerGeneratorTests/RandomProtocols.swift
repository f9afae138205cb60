import TestSupport
import VeneerSupport

/// Random protocol declarations drawn from every shape Veneer's model covers: keywords in
/// backticks, non-ASCII names, operators, generics with `where`, closures with effects, `inout`,
/// variadics, typed throws, associated types, `#if`, global actors and `Sendable`; and hostile
/// text where a source may hold it — raw identifiers that read as code (`` `x: v); print(…` ``),
/// annotation values with quotes, escapes, interpolations and line breaks. Each is valid Swift 6
/// on its own, after `preamble`.
struct RandomProtocols {
  var random: SplitMix

  init(seed: UInt64) { random = SplitMix(seed: seed) }

  /// Types the declarations use, declared once beside them.
  static let preamble = """
    import Foundation

    public struct SampleError: Error, Equatable {}
    public struct Payload: Codable, Hashable, Sendable {
      public var id: Int
    }

    """

  mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

  mutating func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }

  static let protocolNames = ["Service", "Überdienst", "Café", "Δelta", "Repo", "データ", "Loader"]
  /// Names whose decorators would be a library's type (`AnalyticsTracker`, `MetricsFactory`,
  /// `LoggingSystem`) or another protocol of the run (`LoggingSystem` beside `System`): drawn
  /// as they are, each once.
  static let clashingNames = [
    "Tracker", "Factory", "System", "LoggingSystem", "Event", "Value", "Span", "Kind", "Tracer",
  ]
  static let memberNames = [
    "load", "fetch", "`default`", "`for`", "`class`", "`return`", "grüßen", "計算", "naïve",
    "`Type`", "store", "value",
  ]
  static let labels = [
    "", "_ ", "for ", "`in` ", "with ", "übrig ", "`a b` ",
    #"`x: v); print("INJECTED"); _ = (v, y` "#,
  ]
  /// Raw identifiers that read as code if their backticks were dropped: method names only (a
  /// property's name is built from a member name without its backticks).
  static let hostileMethodNames = [#"`x(); print("INJECTED"); func y`"#, "`load all`"]
  /// Annotation values a careless renderer would paste into code.
  static let hostileTexts = [
    #"a\"); print(\"INJECTED\"); (\""#, #"\\(print(\"INJECTED\"))"#, #"line\nbreak"#,
    #"??/ trigraph"#, "\u{202E}bidi",
  ]
  static let valueTypes = [
    "Int", "String", "[String]", "[Int: String]", "String?", "(Int, String)", "Payload",
    "Result<Int, any Error>", "Set<Int>", "any Error", "Double", "Data", "[Payload]?",
  ]

  /// One protocol named `name`, with 1 to 6 requirements.
  mutating func declaration(named name: String) -> String {
    var associatedTypes: [String] = []
    var primary: [String] = []
    if chance(25) {
      associatedTypes = ["Item"]
      if chance(50) { associatedTypes.append("Key") }
      if chance(50) { primary = associatedTypes }
    }
    let isMainActor = chance(10)
    var inherited: [String] = []
    if chance(30) { inherited.append("Sendable") }
    if chance(10) { inherited.append("AnyObject") }
    if chance(8) {
      inherited.append(pick(["CustomStringConvertible", "Identifiable", "Encodable"]))
    }
    var lines: [String] = []
    if chance(20) { lines.append("/// Documentation of \(name).") }
    if isMainActor { lines.append("@MainActor") }
    lines.append(
      "public protocol \(name)"
        + (primary.isEmpty ? "" : "<\(primary.joined(separator: ", "))>")
        + (inherited.isEmpty ? "" : ": \(inherited.joined(separator: ", "))") + " {")
    for associatedType in associatedTypes {
      lines.append(
        "  associatedtype \(associatedType): \(pick(["Hashable", "Sendable", "Codable & Sendable", "Equatable"]))"
      )
    }
    // A main-actor protocol's requirement that is not the main actor's.
    if isMainActor && chance(30) {
      lines.append("  nonisolated func identifier\(Int(random.next() % 1000))() -> String")
    }
    let valueTypes = Self.valueTypes + associatedTypes
    var used: Set<String> = []
    for index in 0..<(1 + Int(random.next() % 6)) {
      let isClassBound = inherited.contains("AnyObject")
      var requirement = self.requirement(valueTypes, number: index, isClassBound: isClassBound)
      while !used.insert(requirement.selector).inserted {
        requirement = self.requirement(valueTypes, number: index + 100, isClassBound: isClassBound)
      }
      if chance(10) {
        let text = pick(Self.hostileTexts)
        lines.append(
          "  // veneer: analytics(event: \"\(text)\", failure: \"\(text)\", shared: true), "
            + "tracing(span: \"\(text)\")")
      }
      if chance(8) {
        lines += ["  #if os(Linux)", "  " + requirement.text, "  #endif"]
      } else {
        lines.append("  " + requirement.text)
      }
    }
    if chance(4) { lines.append("  static func == (lhs: Self, rhs: Self) -> Bool") }
    if chance(4) { lines.append("  func isSibling(of other: Self, distance: Int) -> Bool") }
    if chance(2) { lines.append("  static func make() -> Self") }
    lines.append("}")
    if chance(10) { lines = ["#if DEBUG"] + lines + ["#endif"] }
    return lines.joined(separator: "\n") + "\n"
  }

  mutating func requirement(_ valueTypes: [String], number: Int, isClassBound: Bool) -> (
    text: String, selector: String
  ) {
    let name = pick(Self.memberNames)
    switch random.next() % 10 {
    case 0:
      let type = pick(valueTypes)
      let accessors = pick(["{ get }", "{ get set }", "{ get async }", "{ get throws }"])
      let property = name.filter { $0 != "`" } + "\(number)"
      return ("var \(property): \(type) \(accessors)", property)
    case 1:
      return (
        "subscript(index: Int) -> \(pick(valueTypes)) { get }", "subscript"
      )
    default:
      let name = chance(10) ? pick(Self.hostileMethodNames) : name
      var parameters: [String] = []
      var labels: [String] = []
      var followsVariadic = false
      for position in 0..<Int(random.next() % 4) {
        var label = pick(Self.labels)
        // Swift requires a label after a variadic parameter.
        if followsVariadic && label == "_ " { label = "" }
        let parameterName = "p\(position)"
        let type: String
        switch random.next() % 12 {
        case 0: type = "inout \(pick(valueTypes))"
        case 1: type = "\(pick(["Int", "String"]))..."
        case 2:
          type =
            "@escaping @Sendable (\(pick(valueTypes))) \(pick(["", "async ", "throws ", "async throws "]))-> \(pick(valueTypes))"
        case 3: type = "(\(pick(valueTypes))) throws -> Void"
        case 4: type = "some Sequence<Int>"
        case 5: type = "\(pick(["sending", "borrowing", "consuming"])) \(pick(valueTypes))"
        default: type = pick(valueTypes)
        }
        followsVariadic = followsVariadic || type.hasSuffix("...")
        parameters.append("\(label)\(parameterName): \(type)")
        labels.append(label.isEmpty ? parameterName : String(label.dropLast()))
      }
      var generics = ""
      var whereClause = ""
      if chance(15) {
        generics = "<T: Codable & Sendable>"
        parameters.append("value: T")
        labels.append("value")
        if chance(50) { whereClause = " where T: Hashable" }
      }
      if chance(15) {
        parameters.append(
          "completion: @escaping @Sendable (Result<\(pick(valueTypes)), any Error>) -> Void")
        labels.append("completion")
      }
      let effects = pick(["", "", "async", "throws", "async throws", "throws(SampleError)"])
      let resultType = pick(valueTypes + (generics.isEmpty ? [] : ["T"]))
      let result = chance(60) ? "-> \(chance(10) ? "sending " : "")\(resultType)" : ""
      let modifiers = pick(["", "", "", "", "static ", isClassBound ? "" : "mutating "])
      let text =
        ([
          "\(modifiers)func \(name)\(generics)(\(parameters.joined(separator: ", ")))", effects,
          result,
        ]
        .filter { !$0.isEmpty }.joined(separator: " ")) + whereClause
      // `mutating` does not tell overloads apart; `static` does.
      let kind = modifiers == "static " ? modifiers : ""
      return (text, "\(kind)\(name)(\(labels.map { "\($0):" }.joined()))")
    }
  }
}
