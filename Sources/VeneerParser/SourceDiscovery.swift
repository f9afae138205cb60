import Foundation
import VeneerModel

/// Finds the Swift files to parse under the paths a user names.
package enum SourceDiscovery {
  /// Every `.swift` file under `paths`, recursively, sorted within each directory. Hidden
  /// entries (and so `.build*`) are skipped; a directory whose name ends in `.swift` is searched
  /// like any other. With `listings`, a directory unchanged since they were made is not listed
  /// again, and those made now are added to them.
  package static func swiftFiles(at paths: [String], listings: DirectoryListings? = nil) -> (
    files: [String], diagnostics: [Diagnostic]
  ) {
    files(at: paths, suffix: ".swift", listings: listings)
  }

  /// Every Objective-C header (`.h`) under `paths`, as `swiftFiles` finds Swift files.
  package static func headerFiles(at paths: [String]) -> (
    files: [String], diagnostics: [Diagnostic]
  ) {
    files(at: paths, suffix: ".h", listings: nil)
  }

  private static func files(at paths: [String], suffix: String, listings: DirectoryListings?)
    -> (files: [String], diagnostics: [Diagnostic])
  {
    let key = DirectoryListings.key(suffix: suffix, paths: paths)
    if let files = listings?.reusableSearch(key) { return (files, []) }
    var search = Walk()
    var searchedOnlyDirectories = true
    for path in paths {
      let path = searchedPath(path)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        search.diagnostics.append(Diagnostic(.error, "no such file or directory", file: path))
        continue
      }
      if isDirectory.boolValue {
        walk(path, suffix: suffix, listings: listings, &search)
        continue
      }
      // A file named on its own is not in a listing: nothing tells when it goes.
      searchedOnlyDirectories = false
      if path.hasSuffix(suffix) {
        search.files.append(path)
      } else {
        search.diagnostics.append(
          Diagnostic(
            .warning, suffix == ".swift" ? "not a Swift file; skipped" : "not a header; skipped",
            file: path))
      }
    }
    if let listings, searchedOnlyDirectories, search.diagnostics.isEmpty {
      listings.record(
        search: key,
        DirectoryListings.Search(directories: search.directories, files: search.entries))
    }
    return (search.files, search.diagnostics)
  }

  /// A path named to search, as discovery walks it and spells what it finds below it: without
  /// a trailing `/`, unless it is the root.
  package static func searchedPath(_ path: String) -> String {
    path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  /// The path of the entry `name` of `directory`.
  static func path(of name: String, in directory: String) -> String {
    directory == "/" ? "/" + name : directory + "/" + name
  }

  /// What the walks of one search found so far.
  private struct Walk {
    var files: [String] = []
    var diagnostics: [Diagnostic] = []
    /// The directories listed, or their listings reused, in order.
    var directories: [String] = []
    /// The files in walks, as a search to record has them.
    var entries: [DirectoryListings.Search.File] = []
    var visited: Set<DirectoryIdentity> = []
  }

  /// A directory as the file system knows it, whatever path or link led to it.
  private struct DirectoryIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  private static func walk(
    _ directory: String, suffix: String, listings: DirectoryListings?, _ search: inout Walk
  ) {
    // Symbolic links can form cycles; each real directory is searched once. Known by its
    // device and inode, in one system call, where resolving its path took one per component.
    var status = stat()
    guard stat(directory, &status) == 0 else {
      search.diagnostics.append(Diagnostic(.error, "cannot read the directory", file: directory))
      return
    }
    guard
      search.visited.insert(
        DirectoryIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
      ).inserted
    else { return }
    let entries: [DirectoryListings.Entry]
    if let listing = listings?.reusable(directory, status) {
      entries = listing.entries
    } else {
      guard let listed = list(directory, suffix: suffix) else {
        search.diagnostics.append(Diagnostic(.error, "cannot read the directory", file: directory))
        return
      }
      entries = listed.entries
      listings?.record(directory, status, entries: entries, hasLinks: listed.hasLinks)
    }
    let position = search.directories.count
    search.directories.append(directory)
    let paths = entries.map { path(of: $0.name, in: directory) }
    for (index, entry) in entries.enumerated() {
      if entry.isDirectory {
        walk(paths[index], suffix: suffix, listings: listings, &search)
      } else {
        search.files.append(paths[index])
        search.entries.append(DirectoryListings.Search.File(directory: position, entry: index))
      }
    }
  }

  /// The directory's files ending in `suffix` and its directories, sorted by name; `hasLinks`
  /// when an entry's type needed a `stat` (a link, or a file system that does not say).
  private static func list(_ directory: String, suffix: String) -> (
    entries: [DirectoryListings.Entry], hasLinks: Bool
  )? {
    guard let stream = opendir(directory) else { return nil }
    // The entry's type comes with its name, so only links and file systems that do not say
    // need a `stat`: thousands of sources, one system call a directory.
    var named: [(name: String, type: UInt8)] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
        String(cString: buffer.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      if !name.hasPrefix(".") { named.append((name, entry.pointee.d_type)) }
    }
    closedir(stream)
    var entries: [DirectoryListings.Entry] = []
    var hasLinks = false
    for (name, type) in named.sorted(by: { $0.name < $1.name }) {
      var isDirectory = Int32(type) == Int32(DT_DIR)
      if Int32(type) != Int32(DT_REG) && !isDirectory {
        hasLinks = true
        let path = path(of: name, in: directory)
        var status = stat()
        guard stat(path, &status) == 0 else { continue }
        isDirectory = status.st_mode & S_IFMT == S_IFDIR
      }
      if isDirectory || name.hasSuffix(suffix) {
        entries.append(DirectoryListings.Entry(name: name, isDirectory: isDirectory))
      }
    }
    return (entries, hasLinks)
  }
}
