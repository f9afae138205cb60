import Foundation
import VeneerModel

/// Finds the Swift files to parse under the paths a user names.
package enum SourceDiscovery {
  /// Every `.swift` file under `paths`, recursively, sorted within each directory. Hidden
  /// entries (and so `.build*`) are skipped; a directory whose name ends in `.swift` is searched
  /// like any other.
  package static func swiftFiles(at paths: [String]) -> (files: [String], diagnostics: [Diagnostic])
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
    guard let stream = opendir(directory) else {
      diagnostics.append(Diagnostic(.error, "cannot read the directory", file: directory))
      return
    }
    // The entry's type comes with its name, so only links and file systems that do not say
    // need a `stat`: thousands of sources, one system call a directory.
    var entries: [(name: String, type: UInt8)] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
        String(cString: buffer.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      if !name.hasPrefix(".") { entries.append((name, entry.pointee.d_type)) }
    }
    closedir(stream)
    for (name, type) in entries.sorted(by: { $0.name < $1.name }) {
      let path = directory == "/" ? "/" + name : directory + "/" + name
      var isDirectory = Int32(type) == Int32(DT_DIR)
      if Int32(type) != Int32(DT_REG) && !isDirectory {
        var status = stat()
        guard stat(path, &status) == 0 else { continue }
        isDirectory = status.st_mode & S_IFMT == S_IFDIR
      }
      if isDirectory {
        walk(path, visited: &visited, files: &files, diagnostics: &diagnostics)
      } else if name.hasSuffix(".swift") {
        files.append(path)
      }
    }
  }
}
