import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros
import VeneerMacroExpansion

@main
struct VeneerMacrosPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [DecoratedMacro.self]
}

/// The type `@Decorated`'s `#externalMacro` names, which the compiler looks up in this module.
/// It hands each role to `VeneerMacroExpansion.DecoratedMacro`, where tests reach it without
/// depending on a macro target: SwiftPM builds a test bundle that does for the host, with every
/// module it links, a second time beside the build for the target.
public enum DecoratedMacro: PeerMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    try VeneerMacroExpansion.DecoratedMacro.expansion(
      of: node, providingPeersOf: declaration, in: context)
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    try VeneerMacroExpansion.DecoratedMacro.expansion(
      of: node, attachedTo: declaration, providingExtensionsOf: type,
      conformingTo: protocols, in: context)
  }
}
