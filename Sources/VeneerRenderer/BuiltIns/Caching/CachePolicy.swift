import VeneerModel

/// Which requirements a caching decorator answers from its cache: only those known to read.
///
/// A cache that answers a call which writes or acts (`block(user:)`, `dequeue()`,
/// `nextTicketNumber()`) returns a stale answer and skips the work, so the rule is an
/// allow-list: a method is cached by default only when its name's first word
/// - is a verb or word that reads (`readingWords`: `get`, `fetch`, `load`, `find`, `list`,
///   `search`, `is`, `has`, `count`, …), or
/// - names the type of the value it produces (`post(id:) -> Post?`, `users() -> [User]`), a noun
///   as Swift's API guidelines name a method that returns it.
/// Every other method is forwarded uncached unless annotated `cache`; a protocol that asked for
/// caching by annotation gets a located note for each.
enum CachePolicy {
  enum Verdict: Equatable {
    case reads
    /// `word` is not known to read.
    case mayWrite(word: String)
  }

  /// First words of methods that read and do not change what they read, and the nouns of
  /// getters (`value(forKey:)`).
  static let readingWords: Set<String> = [
    "all", "calculate", "can", "compute", "contains", "count", "describe", "estimate",
    "exists", "fetch", "find", "get", "has", "is", "list", "load", "look", "lookup", "match",
    "matches", "peek", "query", "read", "resolve", "retrieve", "search", "should", "validate",
    "value", "values",
  ]

  /// The verdict for a requirement's bare name (`getPost`, `block`, `get_user`) and the type of
  /// the value it produces.
  static func verdict(for name: String, producing valueType: String?) -> Verdict {
    let first = firstWord(of: name)
    if readingWords.contains(first) { return .reads }
    let typeName = (valueType ?? "").drop { !$0.isLetter }.prefix { $0.isLetter || $0.isNumber }
    let typeWord = firstWord(of: String(typeName))
    if !typeWord.isEmpty, first == typeWord || first == typeWord + "s" { return .reads }
    return .mayWrite(word: first)
  }

  /// A name's first camel-case or snake-case word, lowercased: `get` for `getPost`, `count`
  /// for `` `count (all)` ``.
  private static func firstWord(of name: String) -> String {
    String(Naming.snakeCase(name).prefix { $0.isLetter || $0.isNumber })
  }
}
