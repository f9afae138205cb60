import Foundation

public struct Show: Hashable, Codable, Sendable {
  public var id: Int
  public var title: String

  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

/// The catalogue of shows a user can watch.
// veneer: logging, caching
public protocol ShowService: Sendable {
  /// Every show, most recent first.
  // veneer: cache
  func allShows() async -> [Show]
  func markShowAsWatched(_ show: Show, until date: Date) async
}

/// One step of a pipeline, callable like a function.
// veneer: logging, caching
public protocol Service<Input, Output>: Sendable {
  associatedtype Input: Hashable & Sendable
  associatedtype Output: Codable & Sendable

  // A call is not known to read by its name: cached because it is annotated so.
  // veneer: cache
  func callAsFunction(input: Input) async throws -> Output
}
