import Foundation

/// A folder under the system's temporary folder, removed when the test ends.
public final class TemporaryFolder {
  public let path: String

  public init() throws {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent("veneer-test-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `contents` to `relativePath`, creating folders on the way; returns the full path.
  @discardableResult
  public func write(_ relativePath: String, _ contents: String) throws -> String {
    let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
    return url.path
  }

  public func read(_ relativePath: String) -> String? {
    FileManager.default.contents(atPath: "\(path)/\(relativePath)").map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  public func files(in relativePath: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "\(path)/\(relativePath)")) ?? [])
      .sorted()
  }
}
