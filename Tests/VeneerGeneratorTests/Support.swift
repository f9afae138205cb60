import Foundation
import VeneerGenerator

/// A folder under the system's temporary folder, removed when the test ends.
final class TemporaryFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("veneer-generator-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `contents` to `relativePath`, creating folders on the way; returns the full path.
  @discardableResult
  func write(_ relativePath: String, _ contents: String) throws -> String {
    let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
    return url.path
  }

  func read(_ relativePath: String) -> String? {
    FileManager.default.contents(atPath: "\(path)/\(relativePath)").map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  func files(in relativePath: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "\(path)/\(relativePath)")) ?? [])
      .sorted()
  }
}

/// Parses `yaml` as `veneer.yml` in `directory`.
func configuration(_ yaml: String, directory: String = ".") -> (
  configuration: Configuration, diagnostics: [String]
) {
  let result = ConfigurationFile.parse(yaml, file: "veneer.yml", directory: directory)
  return (result.configuration, result.diagnostics.map(\.description))
}
