import SwiftParser
import Testing
import VeneerGenerator
import VeneerParser
import VeneerTemplates

@testable import VeneerRenderer

/// Raw identifiers (Swift 6.2: `` func `load all`() ``) may hold spaces and brackets.
@Suite("Raw identifiers")
struct RawIdentifierTests {
  @Test(arguments: [
    ("load", "load"), ("_load2", "_load2"), ("çaVa", "çaVa"), ("load all", "`load all`"),
    ("Load(allArguments", "`Load(allArguments`"), ("2fast", "`2fast`"),
  ])
  func namesVeneerBuildsStayIdentifiers(name: String, expected: String) {
    #expect(Naming.rawIdentifierIfNeeded(name) == expected)
  }

  @Test func interceptingDecoratorsNameTheirHooksAndArgumentsInBackticks() throws {
    let source = """
      public protocol Spelling: Sendable {
        func `load (all)`() -> Int
        func `load all`(id: Int) -> Int
        func `load all`(name: String) -> Int
      }
      """
    let catalog = ProtocolParser.resolve([
      ProtocolParser.withBuiltIns.parse(source: source, file: "S.swift")
    ])
    let plan = try ProtocolPlan.make(for: try #require(catalog.protocols.first)).get()
    let template = try #require(BuiltInTemplates.all.first { $0.name == "Intercepting" })
    let output = try CompiledTemplate.compile(template).get().render(plan)

    #expect(!Parser.parse(source: output).hasError)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    // Brackets inside backticks open nothing: the indentation is that of plain names.
    for expected in [
      "    public typealias `Load (all)Arguments` = Void",
      "    public var `load (all)` = Interception<`Load (all)Arguments`, Int>()",
      "    public typealias `Load allIdArguments` = Int",
      "    public var `load allName` = Interception<`Load allNameArguments`, Int>()",
      "  public func `load (all)`() -> Int {",
      "    return hooks.`load (all)`.call(()) { _ in base.`load (all)`() }",
    ] {
      #expect(lines.contains { $0 == expected }, "missing: \(expected)")
    }
  }
}
