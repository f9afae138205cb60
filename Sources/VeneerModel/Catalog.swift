/// Everything Veneer learned from a set of source files.
package struct Catalog: Codable, Sendable, Hashable {
  /// Protocols in file order, then source order.
  package var protocols: [ProtocolDecl]
  /// Errors and warnings about the inputs, in file order, then source order.
  package var diagnostics: [Diagnostic]

  package init(protocols: [ProtocolDecl] = [], diagnostics: [Diagnostic] = []) {
    self.protocols = protocols
    self.diagnostics = diagnostics
  }

  package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
