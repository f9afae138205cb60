import Testing
import VeneerGenerator
import VeneerModel
import VeneerRenderer

@testable import VeneerParser

/// Protocols that inherit from one another form a family; a large catalog resolves each
/// family as it would alone, and a cycle's members as the catalog's order gives.
@Suite("Resolving a large catalog")
struct FamilyResolutionTests {
  static let familyCount = 60

  /// Family `index`'s protocol of `round`, one of three shapes: a chain ending in a standard
  /// protocol, a cycle (the user's compile error, whose members inherit what the order they are
  /// resolved in gives them), and a diamond that inherits through an alias.
  static func declaration(family index: Int, round: Int) -> String {
    switch (index % 3, round) {
    case (0, 0): "protocol Chain\(index)A { func a\(index)() }"
    case (0, 1): "protocol Chain\(index)B: Chain\(index)A { func b() }"
    case (0, _): "protocol Chain\(index)C: Chain\(index)B, Hashable { func c() async }"
    case (1, 0): "protocol Cycle\(index)A: Cycle\(index)C { func a() }"
    case (1, 1): "protocol Cycle\(index)B: Cycle\(index)A { func b() throws }"
    case (1, _): "protocol Cycle\(index)C: Cycle\(index)B { func c(_ x: Int) }"
    case (_, 0): "protocol Diamond\(index)A: Equatable { func a() }"
    case (_, 1): "protocol Diamond\(index)B: Diamond\(index)A, Sendable { func a() throws }"
    default:
      "typealias Both\(index) = Diamond\(index)A & Diamond\(index)B; "
        + "protocol Diamond\(index)C: Both\(index), Error { func c() }"
    }
  }

  /// The families' protocols in three files, a round each, so that each family's protocols
  /// are far apart in the catalog; each on the line of its family, alone or not.
  static func catalog(families: Range<Int>) -> (catalog: Catalog, ancestorFiles: [[String]]) {
    let files = (0..<3).map { round in
      let lines = (0..<familyCount).map {
        families.contains($0) ? declaration(family: $0, round: round) : ""
      }
      return ProtocolParser.withBuiltIns.parse(
        source: lines.joined(separator: "\n"), file: "Round\(round).swift")
    }
    return ProtocolParser.catalogWithAncestorFiles(files)
  }

  @Test func aLargeCatalogResolvesAsEachOfItsFamiliesAlone() throws {
    let whole = Self.catalog(families: 0..<Self.familyCount)
    #expect(whole.catalog.diagnostics == [])
    #expect(whole.catalog.protocols.count == 3 * Self.familyCount)
    for family in 0..<Self.familyCount {
      let alone = Self.catalog(families: family..<(family + 1))
      #expect(alone.catalog.protocols.count == 3)
      for (proto, ancestorFiles) in zip(alone.catalog.protocols, alone.ancestorFiles) {
        let index = try #require(
          whole.catalog.protocols.firstIndex { $0.qualifiedName == proto.qualifiedName })
        #expect(whole.catalog.protocols[index] == proto)
        #expect(whole.ancestorFiles[index] == ancestorFiles)
      }
    }
    // The cycles' members get what resolving them in the catalog's order gives: the first
    // follows the cycle round, and the last one it reaches inherits nothing.
    #expect(try whole.catalog.proto("Cycle1A").inheritedRequirements.map(\.name) == ["b", "c"])
    #expect(try whole.catalog.proto("Cycle1B").inheritedRequirements.map(\.name) == [])
    #expect(try whole.catalog.proto("Cycle1C").inheritedRequirements.map(\.name) == ["b"])
    let diamond = try #require(
      whole.catalog.protocols.firstIndex { $0.qualifiedName == "Diamond2C" })
    #expect(whole.ancestorFiles[diamond] == ["Round0.swift", "Round1.swift", "Round2.swift"])
  }
}
