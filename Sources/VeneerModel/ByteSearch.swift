extension String {
  /// Whether `text` occurs in this string, compared byte for byte. Foundation's `contains`
  /// compares Unicode through `NSString`, and the standard library's generic `firstRange(of:)`
  /// looks up type metadata on every call: both showed in profiles of planning.
  package func containsBytes(of text: String) -> Bool {
    rangeOfBytes(of: text, from: startIndex) != nil
  }

  /// Where `text` first occurs from `start` on, compared byte for byte, as `containsBytes`.
  package func rangeOfBytes(of text: String, from start: Index) -> Range<Index>? {
    guard let first = text.utf8.first else { return start..<start }
    var rest = utf8[start...]
    while let found = rest.firstIndex(of: first) {
      if rest[found...].starts(with: text.utf8) {
        return found..<utf8.index(found, offsetBy: text.utf8.count)
      }
      rest = rest[rest.index(after: found)...]
    }
    return nil
  }
}
