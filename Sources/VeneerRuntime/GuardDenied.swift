/// Thrown by a guarding decorator (`Templates/Aspects/Guard.stencil`) when its check refuses a
/// call; the wrapped service is not called.
public struct GuardDenied: Error, Equatable, Sendable, CustomStringConvertible {
  /// The requirement that was refused: `PostRepo.createPost(title:body:)`.
  public let requirement: String

  /// A refusal of `requirement`.
  public init(requirement: String) {
    self.requirement = requirement
  }

  /// `PostRepo.createPost(title:body:) is not allowed`.
  public var description: String { "\(requirement) is not allowed" }
}
