/// Calls that return values but act: a cache that answered them would leave a user unblocked
/// while saying `true`, or hand out one job or ticket number three times. Only `isBlocked` is
/// known to read.
// veneer: caching
public protocol Moderation: Sendable {
  func block(user: String) -> Bool
  func unblock(user: String) -> Bool
  // veneer: cache
  func isBlocked(user: String) -> Bool
  func dequeue() -> String?
  func nextTicketNumber() -> Int
}

/// Overloads that differ only by their result type: a cache keeps their results apart.
// veneer: caching
public protocol TypedStore: Sendable {
  // veneer: cache
  func get(id: Int) async -> Int
  // veneer: cache
  func get(id: Int) async -> String
}
