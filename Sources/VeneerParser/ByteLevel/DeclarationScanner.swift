import CVeneerScan
import Foundation

/// Finds, without parsing, the parts of a Swift file that Veneer's model reads, so that
/// SwiftParser sees only those: top-level protocol declarations with the comments above them,
/// type aliases of names (`typealias Storage = Reader & Writer`), generic enums (which may be
/// an app's own `Result<T>`), imports, and top-level `#if` lines.
///
/// The scan knows Swift's lexical structure — comments (nested), string literals (raw,
/// multi-line, with interpolations), regex literals, backticked names, braces — and gives up
/// whenever it is unsure, leaving the file to a full parse: a protocol nested in a type, an
/// unterminated literal or comment, unbalanced braces. Tests compare the result with a full
/// parse over real code.
package enum DeclarationScanner {
  /// What a scan found.
  package enum Outcome: Equatable {
    /// The file declares no top-level protocol or alias, so its model is empty.
    case noProtocols
    /// The file's kept regions, every other byte blanked: the same lines and columns, so
    /// locations in a parse of it are locations in the file.
    case skeleton([UInt8])
    /// The scan cannot vouch for the file; parse all of it.
    case needsFullParse
  }

  package static func scan(_ bytes: [UInt8]) -> Outcome {
    bytes.withUnsafeBufferPointer { buffer in
      var lexer = DeclarationLexer(bytes: buffer)
      guard lexer.run(), lexer.depth == 0 else { return .needsFullParse }
      guard lexer.foundProtocol || lexer.foundAlias || lexer.foundGenericEnum else {
        return .noProtocols
      }
      // Regions out of order would mean the scan misread the file.
      let regions = lexer.regions
      guard zip(regions, regions.dropFirst()).allSatisfy({ $0.upperBound <= $1.lowerBound }) else {
        return .needsFullParse
      }
      return .skeleton(skeleton(of: buffer, keeping: regions))
    }
  }

  /// Whether `bytes` contain `protocol`, `typealias` or `enum Name<` anywhere: files without
  /// any need no scan.
  package static func mayDeclareProtocolOrAlias(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { veneer_may_declare_protocol($0.baseAddress, $0.count) }
  }

  /// Whether `word` occurs in `bytes`. By `memmem`, which skips ahead by the word.
  package static func contains(_ word: StaticString, in bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      return veneer_find(base, buffer.count, word.utf8Start, word.utf8CodeUnitCount) != nil
    }
  }

  /// `regions` verbatim; in between, only line breaks, and spaces for the columns before a
  /// region that starts mid-line.
  private static func skeleton(of bytes: UnsafeBufferPointer<UInt8>, keeping regions: [Range<Int>])
    -> [UInt8]
  {
    var result: [UInt8] = []
    result.reserveCapacity(regions.reduce(0) { $0 + $1.count } + bytes.count / 32)
    /// The line breaks in `gap`, appended; where the line after the last one starts.
    func appendLineBreaks(in gap: Range<Int>) -> Int {
      var lineStart = gap.lowerBound
      // By `memchr`: the gaps are most of a file, its lines far apart.
      while case let newline = bytes.newlineIndex(from: lineStart), newline < gap.upperBound {
        result.append(UInt8(ascii: "\n"))
        lineStart = newline + 1
      }
      return lineStart
    }
    var position = 0
    for region in regions {
      let lineStart = appendLineBreaks(in: position..<region.lowerBound)
      result.append(
        contentsOf: repeatElement(UInt8(ascii: " "), count: region.lowerBound - lineStart))
      result.append(contentsOf: bytes[region])
      position = region.upperBound
    }
    _ = appendLineBreaks(in: position..<bytes.count)
    return result
  }
}
