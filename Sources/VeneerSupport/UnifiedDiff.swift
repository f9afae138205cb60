/// A unified diff (`diff -u`) between two texts, for `veneer check` and for tests of checked-in
/// output.
package enum UnifiedDiff {
  /// The diff from `old` to `new`, with `context` unchanged lines around each change; empty when
  /// the texts are equal. A `nil` text is a missing file (`/dev/null`).
  package static func make(
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

  /// The shortest edit script, by Myers's O(ND) algorithm in linear space: time grows with
  /// the files' length times the number of changed lines, memory with the length alone. A
  /// region that differs in more than `maximumDistance` lines is written as removed then
  /// added, so that a rewritten file cannot make `check` take quadratic time.
  private static func script(_ old: [Substring], _ new: [Substring]) -> [Edit] {
    // Lines compared as numbers: equal lines get the same one.
    var ids: [Substring: Int] = [:]
    func id(_ line: Substring) -> Int {
      if let id = ids[line] { return id }
      ids[line] = ids.count
      return ids.count - 1
    }
    let oldIDs = old.map(id)
    let newIDs = new.map(id)
    var kinds: [Edit.Kind] = []
    kinds.reserveCapacity(old.count + new.count)
    var search = MiddleSnakeSearch(old: oldIDs, new: newIDs)
    search.compare(0..<old.count, 0..<new.count, into: &kinds)
    var edits: [Edit] = []
    edits.reserveCapacity(kinds.count)
    var oldIndex = 0
    var newIndex = 0
    for kind in kinds {
      switch kind {
      case .same:
        edits.append(Edit(kind: .same, line: old[oldIndex]))
        oldIndex += 1
        newIndex += 1
      case .removed:
        edits.append(Edit(kind: .removed, line: old[oldIndex]))
        oldIndex += 1
      case .added:
        edits.append(Edit(kind: .added, line: new[newIndex]))
        newIndex += 1
      }
    }
    // Removals read better before the additions that replace them.
    return groupingRemovalsFirst(edits)
  }

  /// More differing lines than this in one region, and it is shown whole as removed and added.
  static let maximumDistance = 2_000

  /// Myers's divide-and-conquer search: the middle snake of a region splits it into two halves
  /// with half the distance each.
  private struct MiddleSnakeSearch {
    let old: [Int]
    let new: [Int]
    /// Furthest x reached on each diagonal, forward and backward, offset by `maximumDistance`.
    private var forward: [Int]
    private var backward: [Int]

    init(old: [Int], new: [Int]) {
      self.old = old
      self.new = new
      let size = 2 * UnifiedDiff.maximumDistance + 3
      forward = [Int](repeating: 0, count: size)
      backward = [Int](repeating: 0, count: size)
    }

    mutating func compare(_ a: Range<Int>, _ b: Range<Int>, into kinds: inout [Edit.Kind]) {
      var a = a
      var b = b
      var suffix = 0
      while !a.isEmpty, !b.isEmpty, old[a.lowerBound] == new[b.lowerBound] {
        kinds.append(.same)
        a = (a.lowerBound + 1)..<a.upperBound
        b = (b.lowerBound + 1)..<b.upperBound
      }
      while !a.isEmpty, !b.isEmpty, old[a.upperBound - 1] == new[b.upperBound - 1] {
        suffix += 1
        a = a.lowerBound..<(a.upperBound - 1)
        b = b.lowerBound..<(b.upperBound - 1)
      }
      defer { kinds += repeatElement(.same, count: suffix) }
      if a.isEmpty || b.isEmpty {
        kinds += repeatElement(.removed, count: a.count)
        kinds += repeatElement(.added, count: b.count)
        return
      }
      guard let snake = middleSnake(a, b) else {
        kinds += repeatElement(.removed, count: a.count)
        kinds += repeatElement(.added, count: b.count)
        return
      }
      compare(a.lowerBound..<snake.start.x, b.lowerBound..<snake.start.y, into: &kinds)
      kinds += repeatElement(.same, count: snake.end.x - snake.start.x)
      compare(snake.end.x..<a.upperBound, snake.end.y..<b.upperBound, into: &kinds)
    }

    /// The middle snake of a region with no common first or last line, or nil when its
    /// distance is over `maximumDistance`.
    private mutating func middleSnake(_ a: Range<Int>, _ b: Range<Int>) -> (
      start: (x: Int, y: Int), end: (x: Int, y: Int)
    )? {
      let n = a.count
      let m = b.count
      let delta = n - m
      let isOdd = delta & 1 != 0
      let offset = UnifiedDiff.maximumDistance + 1
      let limit = min((n + m + 1) / 2, UnifiedDiff.maximumDistance)
      forward[offset + 1] = 0
      backward[offset + 1] = 0
      for d in 0...limit {
        for k in stride(from: -d, through: d, by: 2) {
          var x =
            k == -d || (k != d && forward[offset + k - 1] < forward[offset + k + 1])
            ? forward[offset + k + 1] : forward[offset + k - 1] + 1
          var y = x - k
          let start = (x: x, y: y)
          while x < n, y < m, old[a.lowerBound + x] == new[b.lowerBound + y] {
            x += 1
            y += 1
          }
          forward[offset + k] = x
          let reverseK = delta - k
          if isOdd, reverseK >= -(d - 1), reverseK <= d - 1,
            x + backward[offset + reverseK] >= n
          {
            return (
              (a.lowerBound + start.x, b.lowerBound + start.y), (a.lowerBound + x, b.lowerBound + y)
            )
          }
        }
        for k in stride(from: -d, through: d, by: 2) {
          var x =
            k == -d || (k != d && backward[offset + k - 1] < backward[offset + k + 1])
            ? backward[offset + k + 1] : backward[offset + k - 1] + 1
          var y = x - k
          let start = (x: x, y: y)
          while x < n, y < m, old[a.upperBound - 1 - x] == new[b.upperBound - 1 - y] {
            x += 1
            y += 1
          }
          backward[offset + k] = x
          let forwardK = delta - k
          if !isOdd, forwardK >= -d, forwardK <= d, x + forward[offset + forwardK] >= n {
            return (
              (a.upperBound - x, b.upperBound - y),
              (a.upperBound - start.x, b.upperBound - start.y)
            )
          }
        }
      }
      return nil
    }
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
    // Line numbers where the next hunk starts in each file, counted once over all the edits.
    var oldStart = 1
    var newStart = 1
    var counted = 0
    return ranges.map { range in
      for edit in edits[counted..<range.lowerBound] {
        if edit.kind != .added { oldStart += 1 }
        if edit.kind != .removed { newStart += 1 }
      }
      counted = range.lowerBound
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
