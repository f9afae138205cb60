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
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    var filled = 0
    while true {
      if filled == bytes.count {
        // The file grew since `fstat`: read on.
        bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count)))
      }
      let count = bytes.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
      }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      filled += count
    }
    bytes.removeLast(bytes.count - filled)
    return bytes
  }
}
