/// Swift's block comments, which nest: `/* a /* b */ c */` is one comment. The scan, the nesting
/// guard and the reading of comments all skip them by this one rule.
enum BlockComment {
  /// Just past the `*/` that closes the comment opening with `/*` at `start`, past those nested
  /// in it; nil when `bytes` end first.
  static func end<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, openingAt start: Int)
    -> Int? where Bytes.Index == Int
  {
    var nesting = 0
    var index = start
    while index + 1 < bytes.endIndex {
      if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
        nesting += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
        nesting -= 1
        index += 2
        if nesting == 0 { return index }
      } else {
        index += 1
      }
    }
    return nil
  }
}
