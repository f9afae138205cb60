import SwiftSyntax
import SwiftSyntaxMacros

/// `@Decorated`: the decorator types of `DecoratedExpansion` become peers of the protocol,
/// the extensions with their helpers its extensions. The compiler plugin's type of this name
/// hands each role here.
public enum DecoratedMacro: PeerMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    // Diagnostics are said once, by this role.
    let expansion = DecoratedExpansion(node, declaration, context: context)
    return expansion.declarations.filter { !$0.is(ExtensionDeclSyntax.self) }
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    DecoratedExpansion(node, declaration, context: nil).declarations.compactMap {
      $0.as(ExtensionDeclSyntax.self)
    }
  }
}
