/// Writes that return values, beside reads: a caching decorator answers the reads from its
/// cache and never a write, unless the requirement asks for it with `cache`.
// veneer: caching
public protocol NoteStore: Sendable {
  // A noun that does not name the type it returns is not known to read: cached because it says
  // so.
  // veneer: cache
  func note(id: Int) -> String?
  // veneer: cache
  func fetchTitles(prefix: String) -> [String]
  func save(_ note: String) -> Bool
  // veneer: cache(ttl: 60)
  func generate(seed: Int) -> String
}
