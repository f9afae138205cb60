import Foundation

public struct Show: Hashable, Codable, Sendable {
  public var id: Int
  public var title: String

  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

/// The shows a user can watch.
// veneer: logging, caching, tracing, metrics
public protocol ShowService: Sendable {
  // veneer: cache
  func allShows() async -> [Show]
  func markShowAsWatched(_ show: Show, until date: Date) async
}

public struct AllShowsService: ShowService {
  public init() {}

  public func allShows() async -> [Show] {
    [Show(id: 1, title: "The Expanse"), Show(id: 2, title: "Severance")]
  }

  public func markShowAsWatched(_ show: Show, until date: Date) async {}
}

/// A request-response step, generic over what goes in and what comes out.
// veneer: logging, caching
public protocol Service<Input, Output>: Sendable {
  associatedtype Input: Hashable & Sendable
  associatedtype Output: Codable & Sendable

  // A call's name says nothing of whether it only reads: this one does, so it may be cached.
  // veneer: cache
  func callAsFunction(input: Input) async throws -> Output
}

public struct EpisodeCountService: Service {
  public init() {}

  public func callAsFunction(input: Show) async throws -> Int {
    input.title.count
  }
}
