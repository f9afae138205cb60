// What the guides' snippets share: each snippet is type-checked alone, beside this file and the
// decorators Veneer generates for both (DocumentationSnippetTests).
import Logging
import VeneerRuntime

public struct Post: Hashable, Sendable {
  public var id: Int
  public var title: String
}

public struct Session: Hashable, Sendable {
  public var token: String
}

public struct InvalidID: Error {}

// veneer: logging, analytics, caching, intercepting, tracing, metrics, timeout
public protocol PostRepo: Sendable {
  // veneer: cache, public(id)
  func getPost(id: Int) async throws -> Post
  // veneer: invalidates(getPost)
  func createPost(title: String, body: String) async throws -> Post
  func login(user: String, password: String) async throws -> Session
}

/// Posts kept in memory.
public struct InMemoryPostRepo: PostRepo {
  public init() {}
  public func getPost(id: Int) async throws -> Post { Post(id: id, title: "Post \(id)") }
  public func createPost(title: String, body: String) async throws -> Post {
    Post(id: 1, title: title)
  }
  public func login(user: String, password: String) async throws -> Session {
    Session(token: "token")
  }
}

/// Prints each event.
public struct PrintingTracker: AnalyticsTracker {
  public init() {}
  public func track(_ event: AnalyticsEvent) { print(event) }
}

public let logger = Logger(label: "app")
public let tracker = PrintingTracker()
