import Testing
import VeneerTemplates

@testable import VeneerRenderer

/// The buffer rendering and layout write into keeps every byte in order as it grows.
@Suite("Byte buffer")
struct ByteBufferTests {
  @Test func keepsEveryPieceInOrderAcrossGrowth() {
    var buffer = ByteBuffer(capacity: 0)
    var expected: [UInt8] = []
    // Empty pieces, single bytes, and pieces larger than the whole buffer so far.
    for size in [0, 1, 15, 16, 17, 0, 100, 1, 1_000, 5_000, 3] {
      let piece = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ size) }
      piece.withUnsafeBufferPointer { buffer.append($0) }
      expected += piece
    }
    buffer.append(UInt8(ascii: "\n"))
    buffer.append(utf8Of: "café")
    Array("tail".utf8).withUnsafeBufferPointer { buffer.append($0) }
    [UInt8](repeating: 9, count: 3).withUnsafeBufferPointer {
      buffer.append(UnsafeBufferPointer(rebasing: $0[1...]))
    }
    expected += [UInt8(ascii: "\n")] + Array("café".utf8) + Array("tail".utf8) + [9, 9]
    #expect(buffer.count == expected.count)
    #expect(buffer.withBytes { Array($0) } == expected)
  }

  @Test func writesIndentedLinesAcrossGrowth() {
    var buffer = ByteBuffer(capacity: 0)
    var expected = ""
    for (width, line) in [
      (0, ""), (4, "let a = 1"), (40, String(repeating: "b", count: 70)), (2, "}"),
    ] {
      Array(line.utf8).withUnsafeBufferPointer { buffer.appendLine($0, indentedBy: width) }
      expected += String(repeating: " ", count: width) + line + "\n"
    }
    buffer.appendSpaces(3)
    expected += "   "
    #expect(buffer.withBytes { String(decoding: $0, as: UTF8.self) } == expected)
  }
}
