/// What an annotation key says, written once beside the key: the annotation reference
/// (`Documentation/Annotations.md`) is made of these, so it cannot drift from the keys.
package struct AnnotationUse: Sendable {
  /// How it is written: `redact(name, …)`.
  package let spelling: String
  /// What it says on a protocol, or nil where it is not taken.
  package let onProtocol: String?
  /// What it says on a requirement, or nil where it is not taken.
  package let onRequirement: String?

  package init(_ spelling: String, onProtocol: String?, onRequirement: String?) {
    self.spelling = spelling
    self.onProtocol = onProtocol
    self.onRequirement = onRequirement
  }
}
