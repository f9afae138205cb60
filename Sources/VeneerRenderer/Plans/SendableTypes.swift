import VeneerModel

extension RequirementPlan {
  /// Whether an argument or the result is of an associated type not declared `Sendable`
  /// (`Input`, `Self.Output`): a closure that captures the arguments, or a task that returns
  /// the result, cannot cross into another task without it.
  var mentionsAssociatedTypeNotKnownSendable: Bool {
    let nonSendableAssociatedTypes = Set(
      context.proto.allAssociatedTypes.filter { associatedType in
        !associatedType.inheritedTypes.contains { $0.text.containsBytes(of: "Sendable") }
      }.map(\.name))
    guard !nonSendableAssociatedTypes.isEmpty else { return false }
    func mayNotBeSendable(_ type: TypeRef?) -> Bool {
      type?.contains {
        switch $0.shape {
        case .named(let name, _): nonSendableAssociatedTypes.contains(name)
        case .member(let base, let name, _):
          base.text == "Self" && nonSendableAssociatedTypes.contains(name)
        default: false
        }
      } == true
    }
    return mayNotBeSendable(requirement.returnType)
      || parameters.contains { mayNotBeSendable($0.parameter.type) }
  }
}
