import Foundation
import SwiftSyntax

/// Lines and columns of positions in one parsed file, as `SourceLocationConverter` gives them.
///
/// The converter walks the whole syntax tree twice to find the lines, which cost more than
/// collecting the file's protocols; newlines found by `memchr` in the parsed bytes give the same
/// lines. A file with a carriage return, which Swift also takes for a line break, keeps the
/// converter.
enum SourceLines {
  /// Where each line after the first starts.
  case lineStarts([Int])
  case converter(SourceLocationConverter)

  init(_ bytes: [UInt8], tree: @autoclosure () -> SourceFileSyntax, file: String) {
    let starts = bytes.withUnsafeBufferPointer { buffer -> [Int]? in
      guard let base = buffer.baseAddress,
        memchr(base, Int32(UInt8(ascii: "\r")), buffer.count) == nil
      else { return buffer.isEmpty ? [] : nil }
      var starts: [Int] = []
      var newline = buffer.newlineIndex(from: 0)
      while newline < buffer.count {
        starts.append(newline + 1)
        newline = buffer.newlineIndex(from: newline + 1)
      }
      return starts
    }
    self =
      starts.map(Self.lineStarts)
      ?? .converter(SourceLocationConverter(fileName: file, tree: tree()))
  }

  /// The line and column of `position`, both from 1, the column in UTF-8 bytes.
  func location(of position: AbsolutePosition) -> (line: Int, column: Int) {
    switch self {
    case .lineStarts(let starts):
      // The lines starting at or before the position: a binary search.
      var (low, high) = (0, starts.count)
      while low < high {
        let middle = (low + high) / 2
        if starts[middle] <= position.utf8Offset { low = middle + 1 } else { high = middle }
      }
      return (low + 1, position.utf8Offset - (low == 0 ? 0 : starts[low - 1]) + 1)
    case .converter(let converter):
      let location = converter.location(for: position)
      return (location.line, location.column)
    }
  }
}
