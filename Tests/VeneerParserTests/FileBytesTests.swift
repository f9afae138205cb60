import Foundation
import Testing

@testable import VeneerParser

/// Files are read whole, whatever their size says, and an unreadable one is nil.
@Suite("Reading files")
struct FileBytesTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "veneer-file-bytes-\(UUID())")

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func write(_ bytes: [UInt8], named name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  @Test func readsEveryByteOfFilesOfAnySize() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    for size in [0, 1, 4095, 4096, 4097, 100_003] {
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      let path = try write(bytes, named: "file\(size).swift")
      #expect(FileBytes.read(path) == bytes, "\(size) bytes")
    }
  }

  /// The stamp is the open file's size and modification time, as `stat` gives them.
  @Test func theStampIsTheFilesSizeAndModificationTime() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write(Array("protocol P {}\n".utf8), named: "Stamped.swift")
    let read = try FileBytes.readWithStamp(path)
    #expect(read.bytes == Array("protocol P {}\n".utf8))
    #expect(read.stamp.size == 14)
    #expect(read.stamp == FileStamp(path: path))
    let modified = try #require(
      FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    #expect(abs(Double(read.stamp.modified) / 1e9 - modified.timeIntervalSince1970) < 0.001)
  }

  @Test func missingFilesAndFoldersAreNil() {
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(FileBytes.read(folder.appendingPathComponent("missing.swift").path) == nil)
    #expect(FileBytes.read(folder.path) == nil)
  }

  /// A FIFO would block the read forever, and a link to `/dev/zero` never end it: only regular
  /// files are read, and none over the limit.
  @Test func onlyRegularFilesWithinTheLimitAreRead() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("x.swift").path
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    #expect(mkfifo(fifo, 0o644) == 0)
    #expect(throws: FileBytes.Failure.notARegularFile) { try FileBytes.readWithStamp(fifo) }
    let zero = folder.appendingPathComponent("z.swift").path
    try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
    #expect(throws: FileBytes.Failure.notARegularFile) { try FileBytes.readWithStamp(zero) }
    let large = try write(Array(repeating: UInt8(ascii: " "), count: 2_000), named: "L.swift")
    #expect(throws: FileBytes.Failure.tooLarge(limit: 1_000)) {
      try FileBytes.readWithStamp(large, limit: 1_000)
    }
    #expect(try FileBytes.readWithStamp(large, limit: 2_000).bytes.count == 2_000)
    // Veneer's own files are never read through a link.
    let link = folder.appendingPathComponent("link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: large)
    #expect(FileBytes.read(link)?.count == 2_000)
    #expect(FileBytes.readRegular(link) == nil)
  }

  #if os(Linux)
    /// A file whose size says 0 but which has content, as one that grows after its size is
    /// read does: read to its end all the same.
    @Test func readsPastTheSizeTheFileHadWhenOpened() throws {
      defer { try? FileManager.default.removeItem(at: folder) }
      let bytes = try #require(FileBytes.read("/proc/self/status"))
      #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("Name:"))
    }
  #endif
}
