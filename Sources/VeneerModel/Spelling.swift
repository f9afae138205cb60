/// Finds the candidate a misspelt name most likely meant, for "did you mean" suggestions.
package enum Spelling {
  /// The candidate closest to `name` by edit distance, if it is close enough to be a typo:
  /// at most a third of the name's length, and at least one edit.
  package static func suggestion(for name: String, among candidates: some Sequence<String>)
    -> String?
  {
    let limit = max(1, name.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(name.lowercased(), candidate.lowercased())
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    // Else the one candidate the name begins, as a short name does: `upper`, `uppercase`.
    guard best == nil, name.count >= 3 else { return best?.candidate }
    let extensions = candidates.filter { $0.lowercased().hasPrefix(name.lowercased()) }
    return extensions.count == 1 ? extensions[0] : nil
  }

  /// Levenshtein distance, counting a swap of two neighbours as one edit.
  static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previousRow = [Int](repeating: 0, count: b.count + 1)
    var row = Array(0...b.count)
    var rowBeforePrevious = row
    for i in 1...a.count {
      rowBeforePrevious = previousRow
      previousRow = row
      row = [Int](repeating: 0, count: b.count + 1)
      row[0] = i
      for j in 1...b.count {
        let substitution = previousRow[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        row[j] = min(previousRow[j] + 1, row[j - 1] + 1, substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          row[j] = min(row[j], rowBeforePrevious[j - 2] + 1)
        }
      }
    }
    return row[b.count]
  }
}
