import Foundation
import VeneerSupport

/// What an earlier discovery found in each directory, reused for a directory whose modification
/// time says that nothing in it was added, removed or renamed since, as git's untracked cache
/// does: a run where nothing changed then asks one `stat` of each directory instead of listing
/// it, and when no directory of a search changed, takes the search's files as they were.
///
/// A listing is reusable only when nothing can change it behind its directory's times: it holds
/// no symbolic link or entry of unknown type (a link's target changes without its directory),
/// and the directory had not changed for `FileStamp.racyInterval` when it was listed, so that an
/// entry added in the same tick of the file system's clock cannot hide; its status change time
/// is compared too, which an entry added or removed moves even when the modification time is
/// set back.
///
/// One discovery uses it, on one thread.
package final class DirectoryListings: @unchecked Sendable {
  /// One directory as listed.
  package struct Listing: Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    /// Nanoseconds since 1970.
    package var modified: Int
    /// Its `ctime`, in nanoseconds since 1970.
    package var statusChanged: Int
    package var isReusable: Bool
    /// Its Swift files and the directories to search, by name, sorted.
    package var entries: [Entry]

    package init(
      device: UInt64, inode: UInt64, modified: Int, statusChanged: Int, isReusable: Bool,
      entries: [Entry]
    ) {
      self.device = device
      self.inode = inode
      self.modified = modified
      self.statusChanged = statusChanged
      self.isReusable = isReusable
      self.entries = entries
    }
  }

  package struct Entry: Equatable, Sendable {
    package var name: String
    package var isDirectory: Bool

    package init(name: String, isDirectory: Bool) {
      self.name = name
      self.isDirectory = isDirectory
    }
  }

  /// One search from the paths a run names, as it went: the directories it listed, by path,
  /// and the files it found, in order. While each of those directories is as listed, the search
  /// is reused whole, its directories checked by one `stat` each on all cores instead of being
  /// walked one after another.
  package struct Search: Equatable, Sendable {
    package var directories: [String]
    package var files: [File]

    /// A file found: the position of its directory in `directories`, and of its entry in that
    /// directory's listing, which holds its name.
    package struct File: Equatable, Sendable {
      package var directory: Int
      package var entry: Int

      package init(directory: Int, entry: Int) {
        self.directory = directory
        self.entry = entry
      }
    }

    package init(directories: [String], files: [File]) {
      self.directories = directories
      self.files = files
    }

    /// The files' paths, given the listings of `directories` in their order; nil when a file
    /// is not a file entry of its directory's listing.
    package func paths(_ listings: [Listing]) -> [String]? {
      var paths: [String] = []
      paths.reserveCapacity(files.count)
      for file in files {
        guard listings.indices.contains(file.directory),
          listings[file.directory].entries.indices.contains(file.entry)
        else { return nil }
        let entry = listings[file.directory].entries[file.entry]
        guard !entry.isDirectory else { return nil }
        paths.append(SourceDiscovery.path(of: entry.name, in: directories[file.directory]))
      }
      return paths
    }
  }

  /// What one discovery leaves to the next: its listings, and its searches by what they
  /// searched (`key(suffix:paths:)`).
  package struct Snapshot: Equatable, Sendable {
    package var listings: [String: Listing]
    package var searches: [String: Search]

    package init(listings: [String: Listing] = [:], searches: [String: Search] = [:]) {
      self.listings = listings
      self.searches = searches
    }
  }

  private let earlier: Snapshot
  /// This discovery's listings, by the path it listed them at.
  package private(set) var listings: [String: Listing] = [:]
  /// This discovery's searches, reused or made.
  package private(set) var searches: [String: Search] = [:]
  /// How many of `listings` were the earlier ones, reused.
  package private(set) var reusedCount = 0
  /// Nanoseconds since 1970 when this discovery began.
  private let now: Int

  package init(earlier: Snapshot = Snapshot()) {
    self.earlier = earlier
    listings.reserveCapacity(earlier.listings.count)
    now = FileStamp.now
  }

  /// What the next discovery is given.
  package var snapshot: Snapshot { Snapshot(listings: listings, searches: searches) }

  /// Whether this discovery listed anything anew, no longer met a directory it met before, or
  /// searched other paths: only then is its snapshot worth saving.
  package var changed: Bool {
    reusedCount != listings.count || listings.count != earlier.listings.count
      || Set(searches.keys) != Set(earlier.searches.keys)
  }

  /// How a search of `paths` for files ending in `suffix` is known: one string, since a key
  /// holds neither.
  package static func key(suffix: String, paths: [String]) -> String {
    ([suffix] + paths).joined(separator: "\u{0}")
  }

  /// The files of the earlier search `key` when each directory it listed is the one listed and
  /// was not modified since; its listings are then this discovery's too.
  func reusableSearch(_ key: String) -> [String]? {
    guard let search = earlier.searches[key] else { return nil }
    let statuses = Parallel.map(search.directories) {
      path -> stat? in
      var status = stat()
      return stat(path, &status) == 0 ? status : nil
    }
    var found: [Listing] = []
    found.reserveCapacity(statuses.count)
    for (path, status) in zip(search.directories, statuses) {
      guard let status, let listing = earlier.listings[path], Self.isUnchanged(listing, status)
      else { return nil }
      found.append(listing)
    }
    guard let paths = search.paths(found) else { return nil }
    for (path, listing) in zip(search.directories, found) where listings[path] == nil {
      listings[path] = listing
      reusedCount += 1
    }
    searches[key] = search
    return paths
  }

  /// Records a search made now, when every directory it listed may be reused.
  func record(search key: String, _ search: Search) {
    guard search.directories.allSatisfy({ listings[$0]?.isReusable == true }) else { return }
    searches[key] = search
  }

  /// The earlier listing of `path`, when its directory, as `status` shows it now, is the one
  /// listed and was not modified since.
  func reusable(_ path: String, _ status: stat) -> Listing? {
    guard let listing = earlier.listings[path], Self.isUnchanged(listing, status) else {
      return nil
    }
    if listings.updateValue(listing, forKey: path) == nil { reusedCount += 1 }
    return listing
  }

  private static func isUnchanged(_ listing: Listing, _ status: stat) -> Bool {
    let stamp = FileStamp(status)
    return listing.isReusable && listing.device == UInt64(status.st_dev)
      && listing.inode == UInt64(status.st_ino) && listing.modified == stamp.modified
      && listing.statusChanged == stamp.statusChanged
  }

  /// Records a listing made now; `hasLinks` when it met an entry whose type needed a `stat`.
  func record(_ path: String, _ status: stat, entries: [Entry], hasLinks: Bool) {
    let stamp = FileStamp(status)
    listings[path] = Listing(
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino), modified: stamp.modified,
      statusChanged: stamp.statusChanged, isReusable: !hasLinks && !stamp.isRacy(stampedAt: now),
      entries: entries)
  }
}
