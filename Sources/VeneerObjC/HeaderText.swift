import VeneerModel

/// A header's bytes, with what the front end reads from them directly: declarations' text as
/// written, the comments above them, and `NS_ASSUME_NONNULL` regions.
struct HeaderText {
  /// A `veneer:` comment: the text after the marker, and the byte offset where it starts.
  struct Directive {
    var text: String
    var offset: Int
  }

  let file: String
  let bytes: [UInt8]
  /// The offset where each line starts.
  private let lineStarts: [Int]
  /// Offsets where nonnull is assumed from, and where that ends, in order.
  private let nonnullRegions: [Range<Int>]

  init(file: String, bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    lineStarts = starts
    nonnullRegions = Self.regions(in: bytes)
  }

  func text(_ range: Range<Int>) -> String {
    let clamped = range.clamped(to: 0..<bytes.count)
    return String(decoding: bytes[clamped], as: UTF8.self)
  }

  func location(of offset: Int) -> SourceLocation {
    let line = lineIndex(of: offset)
    return SourceLocation(file: file, line: line + 1, column: offset - lineStarts[line] + 1)
  }

  /// The identifier that starts at a 1-based line and column, when one does.
  func identifier(atLine line: Int, column: Int) -> String? {
    guard line >= 1, line <= lineStarts.count else { return nil }
    var offset = lineStarts[line - 1] + column - 1
    let start = offset
    while offset < bytes.count,
      Character(Unicode.Scalar(bytes[offset])).isIdentifierCharacter
    {
      offset += 1
    }
    guard offset > start, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start]) else {
      return nil
    }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  private func lineIndex(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  private func line(_ index: Int) -> Range<Int> {
    let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
    return lineStarts[index]..<max(lineStarts[index], end)
  }

  /// Whether `offset` is between `NS_ASSUME_NONNULL_BEGIN` (or `#pragma clang assume_nonnull
  /// begin`) and its end.
  func assumesNonnull(at offset: Int) -> Bool {
    nonnullRegions.contains { $0.contains(offset) }
  }

  private static func regions(in bytes: [UInt8]) -> [Range<Int>] {
    let begins = ["NS_ASSUME_NONNULL_BEGIN", "assume_nonnull begin"].map { Array($0.utf8) }
    let ends = ["NS_ASSUME_NONNULL_END", "assume_nonnull end"].map { Array($0.utf8) }
    func matches(_ words: [[UInt8]], at offset: Int) -> Bool {
      words.contains { word in
        offset + word.count <= bytes.count
          && bytes[offset..<(offset + word.count)].elementsEqual(word)
      }
    }
    var regions: [Range<Int>] = []
    var start: Int?
    // Each marker starts with `N` or `a`: only there is a match tried.
    for offset in bytes.indices
    where bytes[offset] == UInt8(ascii: "N") || bytes[offset] == UInt8(ascii: "a") {
      if start == nil, matches(begins, at: offset) {
        start = offset
      } else if let begun = start, matches(ends, at: offset) {
        regions.append(begun..<offset)
        start = nil
      }
    }
    if let start { regions.append(start..<bytes.count) }
    return regions
  }

  /// The comment block that ends on the line above the one holding `offset`: its
  /// documentation (`///` lines and `/** */` blocks) and its `veneer:` directives, in any of
  /// `//`, `///` and block form. A blank line ends the block.
  func leadingComments(before offset: Int) -> (documentation: String?, directives: [Directive]) {
    var collected: [(range: Range<Int>, isDocumentation: Bool)] = []
    var index = lineIndex(of: offset) - 1
    while index >= 0 {
      let range = trimmed(line(index))
      if range.isEmpty { break }
      if startsWith("//", range) {
        collected.append((range, startsWith("///", range)))
        index -= 1
      } else if endsWith("*/", range) {
        // A block: its lines up to the one that opens it.
        var blockLines = [range]
        var opening = index
        while !contains("/*", blockLines[blockLines.count - 1]), opening > 0 {
          opening -= 1
          blockLines.append(trimmed(line(opening)))
        }
        let isDocumentation = startsWith("/**", blockLines[blockLines.count - 1])
        collected += blockLines.map { ($0, isDocumentation) }
        index = opening - 1
      } else {
        break
      }
    }
    var documentation: [String] = []
    var directives: [Directive] = []
    for (range, isDocumentation) in collected.reversed() {
      let content = strippingCommentMarks(range)
      let marker = Array("veneer:".utf8)
      if bytes[content].starts(with: marker) {
        let start = content.lowerBound + marker.count
        directives.append(
          Directive(text: text(start..<content.upperBound), offset: start))
      } else if isDocumentation, !content.isEmpty {
        documentation.append(text(content))
      }
    }
    return (documentation.isEmpty ? nil : documentation.joined(separator: "\n"), directives)
  }

  private func trimmed(_ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, Self.isSpace(bytes[lower]) { lower += 1 }
    while upper > lower, Self.isSpace(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  /// The line without `//`, `///`, `/**`, `/*`, `*/` and a leading `*`, and spaces.
  private func strippingCommentMarks(_ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    if endsWith("*/", lower..<upper) { upper -= 2 }
    while lower < upper, bytes[lower] == UInt8(ascii: "/") || bytes[lower] == UInt8(ascii: "*") {
      lower += 1
    }
    return trimmed(lower..<upper)
  }

  private func startsWith(_ prefix: String, _ range: Range<Int>) -> Bool {
    bytes[range].starts(with: prefix.utf8)
  }

  private func endsWith(_ suffix: String, _ range: Range<Int>) -> Bool {
    bytes[range].reversed().starts(with: suffix.utf8.reversed())
  }

  private func contains(_ needle: String, _ range: Range<Int>) -> Bool {
    let needle = Array(needle.utf8)
    guard range.count >= needle.count else { return false }
    return (range.lowerBound...(range.upperBound - needle.count)).contains {
      bytes[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }
}

extension String {
  var trimmingSpaces: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" || first == "\n" {
      text.removeFirst()
    }
    while let last = text.last, last == " " || last == "\t" || last == "\n" { text.removeLast() }
    return String(text)
  }
}
