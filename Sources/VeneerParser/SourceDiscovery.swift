import Foundation
import VeneerModel

/// Finds the Swift files to parse under the paths a user names.
public enum SourceDiscovery {
  /// Every `.swift` file under `paths`, recursively, sorted within each directory. Hidden
  /// entries (and so `.build*`) are skipped; a directory whose name ends in `.swift` is searched
  /// like any other.
  public static func swiftFiles(at paths: [String]) -> (files: [String], diagnostics: [Diagnostic])
  {
    var files: [String] = []
    var diagnostics: [Diagnostic] = []
    var visitedDirectories: Set<String> = []
    for path in paths {
      let path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        diagnostics.append(Diagnostic(.error, "no such file or directory", file: path))
        continue
      }
      if isDirectory.boolValue {
        walk(path, visited: &visitedDirectories, files: &files, diagnostics: &diagnostics)
      } else if path.hasSuffix(".swift") {
        files.append(path)
      } else {
        diagnostics.append(Diagnostic(.warning, "not a Swift file; skipped", file: path))
      }
    }
    return (files, diagnostics)
  }

  private static func walk(
    _ directory: String, visited: inout Set<String>, files: inout [String],
    diagnostics: inout [Diagnostic]
  ) {
    // Symbolic links can form cycles; each real directory is searched once.
    let realPath = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    guard visited.insert(realPath).inserted else { return }
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      diagnostics.append(Diagnostic(.error, "cannot read the directory", file: directory))
      return
    }
    for entry in entries.sorted() where !entry.hasPrefix(".") {
      let path = directory == "/" ? "/" + entry : directory + "/" + entry
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        continue
      }
      if isDirectory.boolValue {
        walk(path, visited: &visited, files: &files, diagnostics: &diagnostics)
      } else if entry.hasSuffix(".swift") {
        files.append(path)
      }
    }
  }
}
