/// Thrown by a guarding decorator (`Templates/Aspects/Guard.stencil`) when its check refuses a
/// call; the wrapped service is not called.
public struct GuardDenied: Error, Equatable, Sendable, CustomStringConvertible {
  /// The requirement that was refused: `PostRepo.createPost(title:body:)`.
  public let requirement: String

  public init(requirement: String) {
    self.requirement = requirement
  }

  public var description: String { "\(requirement) is not allowed" }
}
