import VeneerModel

/// Which requirements a caching decorator answers from its cache: never one that writes.
///
/// A requirement is read by its name's first word, as Swift's API guidelines name methods:
/// - a verb that reads (`get`, `fetch`, `load`, `find`, `list`, `search`, `is`, `has`, `count`,
///   …) or a noun (`user(named:)`, `celsius(of:)`, `allShows()`): cached;
/// - a verb that writes or acts (`save`, `create`, `update`, `delete`, `set`, `send`, `login`,
///   `charge`, `refresh`, …): never cached, unless annotated `cache`;
/// - a word that is also the name of the type it returns is a noun (`post(id:) -> Post?`);
/// - any other word is taken for a noun, as the guidelines name methods without side effects.
/// A protocol annotated `caching` gets a located note for each requirement the rule leaves
/// uncached, so that a decorator that caches less than asked says so.
enum CachePolicy {
  enum Verdict: Equatable {
    case reads
    case writes(verb: String)
  }

  /// First words of requirements that change something or act, and whose result must come
  /// from the call itself.
  static let writingVerbs: Set<String> = [
    "add", "append", "apply", "approve", "archive", "assign", "attach", "authenticate",
    "authorize", "ban", "book", "buy", "cancel", "capture", "change", "charge", "checkout",
    "claim", "clear", "close", "commit", "complete", "confirm", "connect", "consume", "copy",
    "create", "decrement", "delete", "deposit", "destroy", "detach", "disable", "disconnect",
    "dismiss", "dispatch", "drop", "emit", "enable", "enqueue", "enroll", "execute", "expire",
    "flush", "follow", "generate", "grant", "handle", "import", "increment", "insert", "install",
    "invalidate", "invite", "join", "kill", "launch", "leave", "like", "lock", "log", "login",
    "logout", "mark", "merge", "migrate", "modify", "move", "mutate", "notify", "open", "order",
    "patch", "pay", "perform", "persist", "place", "play", "pop", "post", "process", "publish",
    "purchase", "purge", "push", "put", "record", "redeem", "refresh", "refund", "register",
    "reject", "release", "reload", "remove", "rename", "reorder", "replace", "report", "request",
    "reserve", "reset", "restore", "retry", "revoke", "run", "save", "schedule", "send", "set",
    "share", "sign", "signin", "signout", "signup", "start", "stop", "store", "submit",
    "subscribe", "swap", "sync", "toggle", "track", "transfer", "trigger", "unblock", "undo",
    "unfollow", "unlike", "unlock", "unsubscribe", "update", "upload", "upsert", "use",
    "vote", "withdraw", "write",
  ]

  /// The verdict for a requirement's bare name (`createPost`, `save`, `get_user`) and the type
  /// of the value it produces: a word that names that type is a noun, not a verb
  /// (`post(id:) -> Post?`, `order(number:) -> Order`).
  static func verdict(for name: String, producing valueType: String?) -> Verdict {
    let first = Naming.snakeCase(name).split(separator: "_").first.map(String.init) ?? ""
    guard writingVerbs.contains(first) else { return .reads }
    let typeName = (valueType ?? "").lowercased().drop { !$0.isLetter }
    return typeName.hasPrefix(first) ? .reads : .writes(verb: first)
  }
}
