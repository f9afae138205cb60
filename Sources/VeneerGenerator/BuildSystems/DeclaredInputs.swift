import Foundation
import VeneerModel
import VeneerParser

/// The files a build system declared as the inputs of Veneer's action (`--declared-inputs`):
/// what its sandbox shows, and what it watches to run the action again. A file a run would read
/// beyond them — a template or reference named in `veneer.yml`, a source found in a folder — is
/// an error saying which file and where to declare it: read, it would keep an action's output
/// stale when it changed, and a sandbox would hide it.
package struct DeclaredInputs: Sendable, Equatable, Encodable {
  /// Absolute, standardized paths; a folder's path ends with `/`, and holds every file in it.
  private let paths: Set<String>
  private let folders: [String]

  /// The paths `text` lists, one per line, relative ones against `directory`; a path that
  /// names a folder stands for everything in it.
  package init(listing text: String, directory: String = FileManager.default.currentDirectoryPath) {
    var paths: Set<String> = []
    var folders: [String] = []
    for line in text.split(whereSeparator: \.isNewline) where !line.isEmpty {
      let path = Self.standardized(String(line), directory: directory)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        folders.append(path.hasSuffix("/") ? path : path + "/")
      } else {
        paths.insert(path)
      }
    }
    self.paths = paths
    self.folders = folders.sorted()
  }

  private static func standardized(_ path: String, directory: String) -> String {
    let absolute = path.hasPrefix("/") ? path : directory + "/" + path
    return URL(fileURLWithPath: absolute).standardizedFileURL.path
  }

  /// Whether the run may read `path`.
  package func contains(_ path: String) -> Bool {
    let absolute = Self.standardized(path, directory: FileManager.default.currentDirectoryPath)
    return paths.contains(absolute) || folders.contains { absolute.hasPrefix($0) }
  }

  /// An error for each of `paths` (a run's `kind` of input: "source", "template") that was not
  /// declared, located where the configuration names it when it does.
  package func problems(
    _ paths: [String], kind: String, namedAt location: (String) -> SourceLocation?
  ) -> [Diagnostic] {
    paths.filter { !contains($0) }.map { path in
      let message =
        "this run reads the \(kind) '\(path)', which the build did not declare as an input of "
        + "Veneer's action: an edit to it would not run Veneer again, and a sandbox hides it; "
        + "declare it (Bazel: the rule's srcs, references or templates; the build plugin: keep "
        + "it in the target's folder, or in a target it depends on)"
      return location(path).map { Diagnostic(.error, message, at: $0) }
        ?? Diagnostic(.error, message, file: path)
    }
  }
}
