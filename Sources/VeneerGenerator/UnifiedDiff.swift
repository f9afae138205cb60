/// A unified diff (`diff -u`) between two texts, for `veneer check`.
public enum UnifiedDiff {
  /// The diff from `old` to `new`, with `context` unchanged lines around each change; empty when
  /// the texts are equal. A `nil` text is a missing file (`/dev/null`).
  public static func make(
    old: String?, new: String?, oldLabel: String, newLabel: String, context: Int = 3
  ) -> String {
    let oldLines = old.map(lines) ?? []
    let newLines = new.map(lines) ?? []
    let edits = script(oldLines, newLines)
    guard edits.contains(where: { $0.kind != .same }) else { return "" }
    var output = "--- \(old == nil ? "/dev/null" : oldLabel)\n"
    output += "+++ \(new == nil ? "/dev/null" : newLabel)\n"
    for hunk in hunks(edits, context: context) {
      output += hunk
    }
    return output
  }

  private struct Edit {
    enum Kind { case same, removed, added }
    var kind: Kind
    var line: Substring
  }

  private static func lines(_ text: String) -> [Substring] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The shortest edit script, by longest common subsequence of the lines between the common
  /// prefix and suffix (generated files change in few places, so that middle stays small).
  private static func script(_ old: [Substring], _ new: [Substring]) -> [Edit] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let oldMiddle = Array(old[prefix..<(old.count - suffix)])
    let newMiddle = Array(new[prefix..<(new.count - suffix)])
    // lengths[i][j]: the LCS length of oldMiddle[i...] and newMiddle[j...].
    let width = newMiddle.count + 1
    var lengths = [Int](repeating: 0, count: (oldMiddle.count + 1) * width)
    for i in stride(from: oldMiddle.count - 1, through: 0, by: -1) {
      for j in stride(from: newMiddle.count - 1, through: 0, by: -1) {
        lengths[i * width + j] =
          oldMiddle[i] == newMiddle[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
      }
    }
    var edits = old[..<prefix].map { Edit(kind: .same, line: $0) }
    var i = 0
    var j = 0
    while i < oldMiddle.count || j < newMiddle.count {
      if i < oldMiddle.count, j < newMiddle.count, oldMiddle[i] == newMiddle[j] {
        edits.append(Edit(kind: .same, line: oldMiddle[i]))
        i += 1
        j += 1
      } else if j < newMiddle.count,
        i == oldMiddle.count || lengths[i * width + j + 1] >= lengths[(i + 1) * width + j]
      {
        edits.append(Edit(kind: .added, line: newMiddle[j]))
        j += 1
      } else {
        edits.append(Edit(kind: .removed, line: oldMiddle[i]))
        i += 1
      }
    }
    // Removals read better before the additions that replace them.
    edits += old[(old.count - suffix)...].map { Edit(kind: .same, line: $0) }
    return groupingRemovalsFirst(edits)
  }

  private static func groupingRemovalsFirst(_ edits: [Edit]) -> [Edit] {
    var result: [Edit] = []
    var index = 0
    while index < edits.count {
      guard edits[index].kind != .same else {
        result.append(edits[index])
        index += 1
        continue
      }
      let end = edits[index...].firstIndex { $0.kind == .same } ?? edits.count
      result += edits[index..<end].filter { $0.kind == .removed }
      result += edits[index..<end].filter { $0.kind == .added }
      index = end
    }
    return result
  }

  /// `3,4` for four lines from line 3; `3` for one line; `2,0` for none after line 2 (GNU
  /// diff's spelling).
  private static func span(_ start: Int, _ count: Int) -> String {
    switch count {
    case 0: "\(start - 1),0"
    case 1: "\(start)"
    default: "\(start),\(count)"
    }
  }

  private static func hunks(_ edits: [Edit], context: Int) -> [String] {
    let changed = edits.indices.filter { edits[$0].kind != .same }
    // Group changes whose context windows touch.
    var ranges: [ClosedRange<Int>] = []
    for index in changed {
      let range = max(0, index - context)...min(edits.count - 1, index + context)
      if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
        ranges[ranges.count - 1] = last.lowerBound...range.upperBound
      } else {
        ranges.append(range)
      }
    }
    return ranges.map { range in
      // Line numbers where the hunk starts in each file.
      var oldStart = 1
      var newStart = 1
      for edit in edits[..<range.lowerBound] {
        if edit.kind != .added { oldStart += 1 }
        if edit.kind != .removed { newStart += 1 }
      }
      let slice = edits[range]
      let oldCount = slice.count { $0.kind != .added }
      let newCount = slice.count { $0.kind != .removed }
      var text = "@@ -\(span(oldStart, oldCount)) +\(span(newStart, newCount)) @@\n"
      for edit in slice {
        let marker =
          switch edit.kind {
          case .same: " "
          case .removed: "-"
          case .added: "+"
          }
        text += marker + edit.line + "\n"
      }
      return text
    }
  }
}
