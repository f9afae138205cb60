import Foundation
import VeneerModel
import VeneerParser

/// The Swift files a configuration's `include` and `exclude` name.
enum SourceFiles {
  static func matching(
    include: [Located<String>], exclude: [Located<String>], directory: String,
    listings: DirectoryListings? = nil
  ) -> (files: [String], diagnostics: [Diagnostic]) {
    var files: [String] = []
    var diagnostics: [Diagnostic] = []
    for entry in include {
      if Glob.isPattern(entry.value) {
        let fixed = Glob.fixedFolder(of: entry.value)
        let base = fixed.isEmpty ? (entry.value.hasPrefix("/") ? "/" : ".") : fixed
        let pattern = Glob(entry.value)
        let found = SourceDiscovery.swiftFiles(at: [base], listings: listings)
        let matching = found.files.filter { pattern.matches(fixed.isEmpty ? relative($0) : $0) }
        if matching.isEmpty {
          diagnostics.append(
            located(.warning, "'\(entry.value)' matches no Swift file", entry))
        }
        files += matching
      } else {
        let found = SourceDiscovery.swiftFiles(at: [entry.value], listings: listings)
        files += found.files
        diagnostics += found.diagnostics.map { diagnostic in
          entry.location == nil || diagnostic.file != entry.value
            ? diagnostic
            : located(diagnostic.severity, "\(diagnostic.message): \(entry.value)", entry)
        }
      }
    }
    let excluded = exclude.map { Glob($0.value) }
    let prefix = directory == "." ? "" : directory + "/"
    // Entries may overlap (`Sources` and `Sources/**/*.swift`); one entry lists a file once.
    var seen: Set<String> = []
    let kept = files.filter { file in
      guard include.count == 1 || seen.insert(file).inserted else { return false }
      guard !excluded.isEmpty else { return true }
      let path = relative(file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file)
      return !excluded.contains { $0.matches(path) }
    }
    return (kept, diagnostics)
  }

  private static func relative(_ path: String) -> String {
    path.hasPrefix("./") ? String(path.dropFirst(2)) : path
  }

  private static func located(
    _ severity: Diagnostic.Severity, _ message: String, _ entry: Located<String>
  ) -> Diagnostic {
    entry.location.map { Diagnostic(severity, message, at: $0) }
      ?? Diagnostic(severity, message, file: entry.value)
  }
}
