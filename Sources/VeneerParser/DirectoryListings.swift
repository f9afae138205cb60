import Foundation

/// What an earlier discovery found in each directory, reused for a directory whose modification
/// time says that nothing in it was added, removed or renamed since, as git's untracked cache
/// does: a run where nothing changed then asks one `stat` of each directory instead of listing
/// it.
///
/// A listing is reusable only when nothing can change it behind its directory's time: it holds
/// no symbolic link or entry of unknown type (a link's target changes without its directory),
/// and the directory had not been modified for `racyInterval` when it was listed, so that an
/// entry added in the same tick of the file system's clock cannot hide.
///
/// One discovery uses it, on one thread.
package final class DirectoryListings: @unchecked Sendable {
  /// One directory as listed.
  package struct Listing: Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    /// Nanoseconds since 1970.
    package var modified: Int
    package var isReusable: Bool
    /// Its Swift files and the directories to search, by name, sorted.
    package var entries: [Entry]

    package init(device: UInt64, inode: UInt64, modified: Int, isReusable: Bool, entries: [Entry]) {
      self.device = device
      self.inode = inode
      self.modified = modified
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

  /// Longer than any file system's time stamp granularity (FAT's is two seconds).
  static let racyInterval = 3_000_000_000

  private let earlier: [String: Listing]
  /// This discovery's listings, by the path it listed them at.
  package private(set) var listings: [String: Listing] = [:]
  /// How many of `listings` were the earlier ones, reused.
  package private(set) var reusedCount = 0
  /// Nanoseconds since 1970 when this discovery began.
  private let now: Int

  package init(earlier: [String: Listing] = [:]) {
    self.earlier = earlier
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    now = Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
  }

  /// Whether this discovery listed anything anew, or no longer met a directory it met before:
  /// only then are its listings worth saving.
  package var changed: Bool { reusedCount != listings.count || listings.count != earlier.count }

  /// The earlier listing of `path`, when its directory, as `status` shows it now, is the one
  /// listed and was not modified since.
  func reusable(_ path: String, _ status: stat) -> Listing? {
    guard let listing = earlier[path], listing.isReusable,
      listing.device == UInt64(status.st_dev), listing.inode == UInt64(status.st_ino),
      listing.modified == FileStamp(status).modified
    else { return nil }
    listings[path] = listing
    reusedCount += 1
    return listing
  }

  /// Records a listing made now; `hasLinks` when it met an entry whose type needed a `stat`.
  func record(_ path: String, _ status: stat, entries: [Entry], hasLinks: Bool) {
    let modified = FileStamp(status).modified
    listings[path] = Listing(
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino), modified: modified,
      isReusable: !hasLinks && modified < now - Self.racyInterval, entries: entries)
  }
}
