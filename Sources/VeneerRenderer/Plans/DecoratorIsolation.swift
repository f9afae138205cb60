import VeneerModel

/// How a decorator declares its isolation: always said, never inferred, so that it is its
/// protocol's in a target whose default isolation is `MainActor` (SE-0466) as in any other.
struct DecoratorIsolation {
  /// Before the decorator type and its protocol's extension: `@MainActor`, or `nonisolated`
  /// for a protocol isolated to no global actor; empty for an actor, isolated to itself.
  let type: String
  /// Before each requirement that says no isolation of its own, when the protocol is isolated
  /// to a global actor and some of its requirements are not: the decorator type is then
  /// nonisolated, to reach its `base` from those, and its other members are `@MainActor`.
  let members: String?
  /// Before the protocol's extension of composition helpers: `nonisolated` but for a
  /// global-actor protocol's, which are its actor's.
  let helpers: String

  init(_ proto: ProtocolDecl) {
    // An actor protocol's helpers only wrap the actor, which is Sendable: nonisolated, they are
    // called without `await`, and chain.
    guard !proto.isActorBound else {
      (type, members, helpers) = ("", nil, "nonisolated")
      return
    }
    guard let actor = proto.globalActor else {
      (type, members, helpers) = ("nonisolated", nil, "nonisolated")
      return
    }
    if proto.allRequirements.contains(where: Self.isolatesItself) {
      (type, members, helpers) = ("nonisolated", "@\(actor)", "")
    } else {
      (type, members, helpers) = ("@\(actor)", nil, "")
    }
  }

  /// Whether a requirement says where it runs: `nonisolated`, `nonisolated(nonsending)`,
  /// `@concurrent`, a global actor, or an `isolated` parameter.
  static func isolatesItself(_ requirement: Requirement) -> Bool {
    requirement.modifiers.contains { $0.hasPrefix("nonisolated") }
      || requirement.attributes.contains { $0.name == "concurrent" || $0.namesGlobalActor }
      || requirement.parameters.contains { $0.type.specifiers.contains("isolated") }
  }
}
