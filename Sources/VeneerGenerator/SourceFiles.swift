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
    let excluded = exclude.map { Glob($0.value) }
    let prefix = directory == "." ? "" : directory + "/"
    func isExcluded(_ file: String) -> Bool {
      guard !excluded.isEmpty else { return false }
      let path = relative(file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file)
      return excluded.contains { $0.matches(path) }
    }
    var files: [String] = []
    var diagnostics: [Diagnostic] = []
    let isHeaders: Bool
    let searchesFolders: Bool
    switch kind {
    case .swift: (isHeaders, searchesFolders) = (false, true)
    case .headers(let folders): (isHeaders, searchesFolders) = (true, folders)
    }
    func find(_ paths: [String], matching: @escaping (String) -> Bool = { _ in true }) -> (
      files: [String], diagnostics: [Diagnostic]
    ) {
      guard !isHeaders else { return SourceDiscovery.headerFiles(at: paths) }
      return SourceDiscovery.swiftFiles(at: paths, listings: listings)
    }
    for entry in include {
      let namesHeaders = entry.value.hasSuffix(".h")
      if Glob.isPattern(entry.value) {
        guard namesHeaders == isHeaders || (isHeaders && searchesFolders) else { continue }
        let fixed = Glob.fixedFolder(of: entry.value)
        let base = fixed.isEmpty ? (entry.value.hasPrefix("/") ? "/" : ".") : fixed
        let pattern = Glob(entry.value)
        let matches = { (file: String) in pattern.matches(fixed.isEmpty ? relative(file) : file) }
        let matching = find([base], matching: matches).files.filter(matches)
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
        let search = find([entry.value])
        files += search.files
        // A folder searched for both kinds: the Swift search reports what is wrong with it.
        guard namesHeaders == isHeaders else { continue }
        diagnostics += search.diagnostics.map { diagnostic in
          entry.location == nil || diagnostic.file != entry.value
            ? diagnostic
            : located(diagnostic.severity, "\(diagnostic.message): \(entry.value)", entry)
        }
      }
    }
    // Entries may overlap (`Sources` and `Sources/**/*.swift`); one entry lists a file once.
    // Kept apart by their bytes: `String` takes two spellings of one text as one.
    var seen: Set<String> = []
    let kept = files.filter { file in
      if include.count > 1 {
        let (inserted, member) = seen.insert(file)
        guard inserted || !member.utf8.elementsEqual(file.utf8) else { return false }
      }
      return !isExcluded(file)
    }
    return (kept, diagnostics + Self.pathsDifferingOnlyInNormalization(kept))
  }

  /// Errors for files whose paths differ only in Unicode normalization (`é` as one code point
  /// or as `e` and a combining accent): two files on Linux, one on macOS, and one to Veneer,
  /// which knows files by their paths as text.
  private static func pathsDifferingOnlyInNormalization(_ files: [String]) -> [Diagnostic] {
    // Only a path with a byte past ASCII has another spelling.
    guard files.contains(where: { !$0.utf8.allSatisfy { $0 < 0x80 } }) else { return [] }
    var firstSpelling: [String: String] = [:]
    var diagnostics: [Diagnostic] = []
    for file in files {
      guard let first = firstSpelling[file] else {
        firstSpelling[file] = file
        continue
      }
      guard !first.utf8.elementsEqual(file.utf8) else { continue }
      diagnostics.append(
        Diagnostic(
          .error,
          "this path and '\(first)' differ only in Unicode normalization: one file on macOS, "
            + "and two that Veneer cannot tell apart; rename one", file: file))
    }
    return diagnostics
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
