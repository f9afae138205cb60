import Testing
import VeneerGenerator
import VeneerModel
import VeneerParser
import VeneerRenderer

/// Annotations are checked as strictly as `veneer.yml`: a known key with a wrong label, a value
/// of the wrong kind or a name that names nothing is a located error, never ignored.
@Suite("Annotations: arguments checked like the configuration")
struct AnnotationChecksTests {
  private func errors(_ source: String) -> [String] {
    parse(source).diagnostics.filter { $0.severity == .error }.map(\.description)
  }

  @Test func misspeltLabelsAreErrorsWithASuggestion() {
    #expect(
      errors("protocol P {\n  // veneer: analytics(evnt: \"x\")\n  func a()\n}\n") == [
        "Input.swift:2:14: error: 'analytics' has no argument 'evnt'; did you mean 'event'?"
      ])
    #expect(
      errors("// veneer: logging(level: info)\nprotocol P {}\n") == [
        "Input.swift:1:12: error: 'logging' has no argument 'level'; it takes none"
      ])
  }

  @Test func trackedPropertiesMustBeParametersOfTheRequirement() {
    #expect(
      errors(
        "protocol P {\n  // veneer: analytics(properties: [text])\n  func save(note: String)\n}\n")
        == [
          "Input.swift:2:14: error: 'analytics' names 'text', which is not a parameter here"
        ])
    #expect(
      errors("// veneer: analytics(properties: [a])\nprotocol P {}\n") == [
        "Input.swift:1:12: error: 'analytics(properties:)' names parameters, so it belongs on a requirement, not on the protocol"
      ])
  }

  @Test func argumentLabelsNameParametersToo() {
    #expect(
      errors(
        "protocol P {\n  // veneer: redact(password), analytics(properties: [user])\n"
          + "  func login(user name: String, password pw: String)\n}\n") == [])
  }

  @Test(arguments: [
    "cache(ttl: \"soon\")", "cache(ttl: soon)", "cache(ttl: 0)", "caching(ttl: -1)",
    "cache(ttl: 99999999999999999999)",
  ])
  func lifetimesMustBePositiveNumbersOfSeconds(annotation: String) {
    let found = errors("protocol P {\n  // veneer: \(annotation)\n  func a() -> Int\n}\n")
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("Input.swift:2:14: error: '") == true, "\(found)")
  }

  /// Deep nesting is refused at a bound, without exhausting the stack.
  @Test func deeplyNestedListsAreALocatedError() {
    let deep = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
    let found = errors("// veneer: x(a: \(deep))\nprotocol P {}\n")
    #expect(
      found == [
        "Input.swift:1:33: error: malformed veneer annotation: lists are nested deeper than 16 levels"
      ])
  }

  /// A byte-order mark before a first-line annotation does not hide it, and moves no column.
  @Test func aByteOrderMarkKeepsTheFirstLinesAnnotation() throws {
    let bytes: [UInt8] =
      [0xEF, 0xBB, 0xBF] + Array("// veneer: logging\nprotocol P { func a() }\n".utf8)
    let parsed = ProtocolParser.withBuiltIns.parseDeclarations(contents: bytes, file: "Input.swift")
    let proto = try #require(parsed.protocols.first)
    #expect(proto.annotations.map(\.key) == ["logging"])
    #expect(proto.annotations.first?.location.column == 15)
  }

  @Test func aNULByteIsALocatedWarning() {
    let bytes = Array("protocol P {\n  func a()\0\n}\n".utf8)
    let parsed = ProtocolParser.withBuiltIns.parseDeclarations(contents: bytes, file: "Input.swift")
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Input.swift:2:11: warning: NUL byte in the file, which Swift ignores"
      ])
  }

  /// A vertical tab or form feed before `=` once made SwiftParserDiagnostics trap: read as
  /// the white space it is, the file parses, and a real error after it is still located.
  @Test(arguments: ["\u{B}", "\u{C}"])
  func controlWhiteSpaceBeforeAnEqualsSignIsNoCrash(space: String) {
    let parsed = parse("protocol P {\n  func f(a: Int \(space)= 1)\n}\n")
    #expect(parsed.protocols.first?.requirements.map(\.name) == ["f"])
    let broken = parse("protocol P {\n  func f(a: Int \(space)= 1)\n  func g(\n}\n")
    #expect(broken.diagnostics.contains { $0.severity == .error && $0.location?.line == 3 })
  }
}
