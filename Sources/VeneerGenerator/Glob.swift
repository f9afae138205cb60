/// A shell-style path pattern: `*` and `?` within one path component, `[a-z]` and `[!a]`
/// classes, and `**` for any number of components.
struct Glob: Sendable, Equatable {
  let components: [Substring]
  /// A pattern without `/` matches a file or folder name anywhere, as in `.gitignore`.
  let matchesAnyName: Bool

  init(_ pattern: String) {
    let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
    components = trimmed.split(separator: "/", omittingEmptySubsequences: true)
    matchesAnyName = !trimmed.contains("/")
  }

  static func isPattern(_ text: String) -> Bool {
    text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
  }

  /// The leading folders of `pattern` before its first wildcard: `Sources/App` for
  /// `Sources/App/**/*.swift`; empty when the pattern starts with one.
  static func fixedFolder(of pattern: String) -> String {
    pattern.split(separator: "/", omittingEmptySubsequences: false)
      .prefix { !isPattern(String($0)) }.joined(separator: "/")
  }

  /// Whether `path` (relative, `/`-separated), or a folder it lies in, matches: in time
  /// proportional to the pattern's components times the path's, however many `**` it has
  /// (trying each way a `**` could match, as a plain recursion does, takes exponential time).
  func matches(_ path: String) -> Bool {
    let pathComponents = path.split(separator: "/")
    if matchesAnyName {
      return pathComponents.contains { Self.matches(Array($0), Array(components.first ?? "")) }
    }
    // Whether the pattern from component `p` on matches the path from component `q` to the
    // end of the path or of one of its folders, each pair decided once.
    let pathCount = pathComponents.count
    var known = [Bool?](repeating: nil, count: (components.count + 1) * (pathCount + 1))
    func match(_ p: Int, _ q: Int) -> Bool {
      let slot = p * (pathCount + 1) + q
      if let decided = known[slot] { return decided }
      let result: Bool
      if p == components.count {
        // A folder of the path matches too, but not the empty one above it.
        result = q >= min(1, pathCount)
      } else if components[p] == "**" {
        result = match(p + 1, q) || (q < pathCount && match(p, q + 1))
      } else {
        result =
          q < pathCount
          && Self.matches(Array(pathComponents[q]), Array(components[p])) && match(p + 1, q + 1)
      }
      known[slot] = result
      return result
    }
    return match(0, 0)
  }

  /// Whether one path component matches one pattern component.
  private static func matches(_ name: [Character], _ pattern: [Character]) -> Bool {
    var memo: [Int: Bool] = [:]
    func match(_ nameIndex: Int, _ patternIndex: Int) -> Bool {
      let memoKey = nameIndex * (pattern.count + 1) + patternIndex
      if let known = memo[memoKey] { return known }
      let result: Bool
      if patternIndex == pattern.count {
        result = nameIndex == name.count
      } else {
        switch pattern[patternIndex] {
        case "*":
          result =
            match(nameIndex, patternIndex + 1)
            || (nameIndex < name.count && match(nameIndex + 1, patternIndex))
        case "?":
          result = nameIndex < name.count && match(nameIndex + 1, patternIndex + 1)
        case "[":
          if nameIndex < name.count,
            let (isMember, end) = classMatch(name[nameIndex], pattern, from: patternIndex)
          {
            result = isMember && match(nameIndex + 1, end)
          } else if nameIndex < name.count, name[nameIndex] == "[" {
            // An unclosed `[` is an ordinary character.
            result = match(nameIndex + 1, patternIndex + 1)
          } else {
            result = false
          }
        case let literal:
          result =
            nameIndex < name.count && name[nameIndex] == literal
            && match(nameIndex + 1, patternIndex + 1)
        }
      }
      memo[memoKey] = result
      return result
    }
    return match(0, 0)
  }

  /// Whether `character` is in the class that opens at `start`, and where the class ends; `nil`
  /// when the `[` is not closed.
  private static func classMatch(_ character: Character, _ pattern: [Character], from start: Int)
    -> (Bool, Int)?
  {
    var index = start + 1
    let negated = index < pattern.count && (pattern[index] == "!" || pattern[index] == "^")
    if negated { index += 1 }
    var isMember = false
    var first = true
    while index < pattern.count, pattern[index] != "]" || first {
      first = false
      if index + 2 < pattern.count, pattern[index + 1] == "-", pattern[index + 2] != "]" {
        if pattern[index] <= character, character <= pattern[index + 2] { isMember = true }
        index += 3
      } else {
        if pattern[index] == character { isMember = true }
        index += 1
      }
    }
    guard index < pattern.count else { return nil }
    return (isMember != negated, index + 1)
  }
}
