import Foundation
import Testing
import VeneerRenderer

/// What a change to a protocol changes in its decorators is what a reviewer reads: lines of
/// requirements that did not change stay as they were.
@Suite("Stable review")
struct ReviewStabilityTests {
  static let requirements = [
    "func price(sku: String) async throws -> Int",
    "func buy(sku: String, quantity: Int) async throws",
    "func refund(order: Int) throws",
    "var currency: String { get }",
  ]

  static func decorators(_ requirements: [String]) throws -> String {
    let project = try Project([
      "Sources/Prices.swift": "public protocol Prices {\n"
        + requirements.map { "  \($0)\n" }.joined() + "}\n",
      "veneer.yml": """
      sources: Sources
      output: Out
      selection: all
      templates: [\(BuiltInDecorators.all.map(\.typedName).joined(separator: ", "))]

      """,
    ])
    return project.file("Prices+Decorators.swift")
  }

  /// Adding a requirement before the others, an overload of none, only adds lines: metrics
  /// are stored by requirement (`priceMetrics`), not by position (`metrics[1]`, which every
  /// later requirement's line had to change to).
  @Test(arguments: 0...requirements.count)
  func addingARequirementOnlyAddsLines(at position: Int) throws {
    let before = try Self.decorators(Self.requirements)
    var added = Self.requirements
    added.insert("func quote(skus: [String]) async throws -> [Int]", at: position)
    let after = try Self.decorators(added)
    #expect(before.contains("self.priceMetrics"))
    let lines = after.split(separator: "\n", omittingEmptySubsequences: false)
      .difference(from: before.split(separator: "\n", omittingEmptySubsequences: false))
    let removed = lines.removals.map {
      guard case .remove(_, let line, _) = $0 else { return "" }
      return String(line)
    }
    // The file's doc comments and the composition helpers name no requirement; the only lines
    // a new requirement may change are none.
    #expect(removed.isEmpty, "\(removed.joined(separator: "\n"))")
  }
}
