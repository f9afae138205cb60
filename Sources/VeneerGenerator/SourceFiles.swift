import Foundation
import VeneerModel
import VeneerParser

/// The Swift files, or the Objective-C headers, a configuration's `include` and `exclude` name.
enum SourceFiles {
  /// What a run reads: Swift files, or Objective-C headers. An entry naming a header (`Services.h`,
  /// `Headers/**/*.h`) is the headers'; with `headerFolders`, folders are searched for both.
  enum Kind {
    case swift
    case headers(folders: Bool)
  }

  static func matching(
    include: [Located<String>], exclude: [Located<String>], directory: String,
    listings: DirectoryListings? = nil, kind: Kind = .swift
  ) -> (files: [String], diagnostics: [Diagnostic]) {
    var files: [String] = []
    var diagnostics: [Diagnostic] = []
    let isHeaders: Bool
    let searchesFolders: Bool
    switch kind {
    case .swift: (isHeaders, searchesFolders) = (false, true)
    case .headers(let folders): (isHeaders, searchesFolders) = (true, folders)
    }
    func find(_ paths: [String]) -> (files: [String], diagnostics: [Diagnostic]) {
      isHeaders
        ? SourceDiscovery.headerFiles(at: paths)
        : SourceDiscovery.swiftFiles(at: paths, listings: listings)
    }
    for entry in include {
      let namesHeaders = entry.value.hasSuffix(".h")
      if Glob.isPattern(entry.value) {
        guard namesHeaders == isHeaders || (isHeaders && searchesFolders) else { continue }
        let fixed = Glob.fixedFolder(of: entry.value)
        let base = fixed.isEmpty ? (entry.value.hasPrefix("/") ? "/" : ".") : fixed
        let pattern = Glob(entry.value)
        let found = find([base])
        let matching = found.files.filter { pattern.matches(fixed.isEmpty ? relative($0) : $0) }
        if matching.isEmpty && namesHeaders == isHeaders {
          diagnostics.append(
            located(
              .warning, "'\(entry.value)' matches no \(isHeaders ? "header" : "Swift file")",
              entry))
        }
        files += matching
      } else {
        if namesHeaders != isHeaders {
          // A folder is searched for headers only when asked to; a file is one kind or other.
          guard isHeaders, searchesFolders, !entry.value.hasSuffix(".swift") else { continue }
        }
        let found = find([entry.value])
        files += found.files
        // A folder searched for both kinds: the Swift search reports what is wrong with it.
        guard namesHeaders == isHeaders else { continue }
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
