import Foundation
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import VeneerMacroExpansion

/// `@Decorated` over every top-level protocol of `files`, on one thread, as the compiler runs
/// it: once for the peers and once for the extensions. The quickest round's time per protocol,
/// and how many protocols expanded.
func macroExpansionCost(_ files: [String], fixedRounds: Int?) -> (perProtocol: Double, count: Int) {
  let attribute: AttributeSyntax = "@Decorated(.analytics, .caching, .logging)"
  let protocols = files.flatMap { file -> [ProtocolDeclSyntax] in
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
    return Parser.parse(source: text).statements.compactMap { $0.item.as(ProtocolDeclSyntax.self) }
  }
  guard !protocols.isEmpty else { return (0, 0) }
  let round = quickestRound(fixedRounds: fixedRounds) {
    for proto in protocols {
      // The peers, whose call reports diagnostics, then the extensions.
      _ = DecoratedExpansion(attribute, proto, context: BasicMacroExpansionContext())
      _ = DecoratedExpansion(attribute, proto, context: nil)
    }
  }
  return (round / Double(protocols.count), protocols.count)
}
