import Foundation

/// Reads whole files straight into byte arrays, without `Data` in between.
public enum FileBytes {
  /// The file's bytes, or nil when it cannot be read.
  public static func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    var failed = false
    // Read into uninitialized memory: zeroing it first cost as much as the read.
    var bytes = [UInt8](unsafeUninitializedCapacity: Int(status.st_size)) { buffer, filled in
      filled = 0
      while filled < buffer.count {
        let count = Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
        guard count > 0 else {
          failed = count < 0
          return  // Or the file shrank since `fstat`.
        }
        filled += count
      }
    }
    guard !failed else { return nil }
    // The file may have grown since `fstat`: read on to its end, a page at a time.
    let isComplete = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { page in
      while true {
        let count = Foundation.read(descriptor, page.baseAddress!, page.count)
        guard count > 0 else { return count == 0 }
        bytes.append(contentsOf: page[..<count])
      }
    }
    guard isComplete else { return nil }
    return bytes
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The index of the first newline at or after `start`, or `count`: found by `memchr`, which
  /// reads many bytes at a time where a loop tests one.
  public func newlineIndex(from start: Int) -> Int {
    guard start < count, let base = baseAddress,
      let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start)
    else { return count }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }
}
