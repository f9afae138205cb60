import Foundation
import TestSupport
import Testing
import VeneerParser

/// Discovery reuses a directory's earlier listing only when the directory cannot have changed.
@Suite("Directory listings reused between runs")
struct DirectoryListingsTests {
  /// A tree of sources whose directories were last modified an hour ago, long enough for their
  /// listings to be reusable.
  static func settledTree() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("Sources/A.swift", "protocol A {}")
    try folder.write("Sources/Nested/B.swift", "protocol B {}")
    try folder.write("Sources/Nested/notes.txt", "")
    for directory in ["Sources", "Sources/Nested"] {
      try backdate(folder.path + "/" + directory, seconds: 3600)
    }
    settle()
    return folder
  }

  /// Waits until every change made so far is older than a tick of any file system's clock: a
  /// directory's status change time, which backdating moves to now, cannot be set back.
  static func settle() {
    Thread.sleep(forTimeInterval: Double(FileStamp.racyInterval) / 1e9 + 0.1)
  }

  /// Sets the modification time of `path` to `seconds` ago.
  static func backdate(_ path: String, seconds: Int) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -Double(seconds))], ofItemAtPath: path)
  }

  static func discover(_ root: String, _ listings: DirectoryListings) -> [String] {
    SourceDiscovery.swiftFiles(at: [root], listings: listings).files.map {
      String($0.dropFirst(root.count + 1))
    }
  }

  @Test func unchangedDirectoriesAreNotListedAgain() throws {
    let folder = try Self.settledTree()
    let root = folder.path + "/Sources"
    let first = DirectoryListings()
    #expect(Self.discover(root, first) == ["A.swift", "Nested/B.swift"])
    #expect(first.reusedCount == 0 && first.changed)
    let second = DirectoryListings(earlier: first.snapshot)
    #expect(Self.discover(root, second) == ["A.swift", "Nested/B.swift"])
    #expect(second.reusedCount == 2)
    #expect(!second.changed)
  }

  /// A search whose directories are all unchanged is taken whole, and stays taken while only
  /// files' contents change; a file added deep down changes its directory, and the search is
  /// made again.
  @Test func aSearchOfUnchangedDirectoriesIsTakenWhole() throws {
    let folder = try Self.settledTree()
    let root = folder.path + "/Sources"
    let key = DirectoryListings.key(suffix: ".swift", paths: [root])
    let first = DirectoryListings()
    _ = Self.discover(root, first)
    let search = try #require(first.searches[key])
    #expect(search.directories == [root, root + "/Nested"])
    #expect(
      search.paths(search.directories.compactMap { first.listings[$0] })
        == [root + "/A.swift", root + "/Nested/B.swift"])
    try folder.write("Sources/Nested/B.swift", "protocol B { func edited() }")
    let second = DirectoryListings(earlier: first.snapshot)
    #expect(Self.discover(root, second) == ["A.swift", "Nested/B.swift"])
    #expect(second.searches == first.searches && !second.changed)
    // Taken, not walked again: a search the cache holds without A.swift gives no A.swift.
    var trimmed = first.snapshot
    trimmed.searches[key]?.files.removeFirst()
    #expect(Self.discover(root, DirectoryListings(earlier: trimmed)) == ["Nested/B.swift"])
    try folder.write("Sources/Nested/Deeper/C.swift", "protocol C {}")
    let third = DirectoryListings(earlier: second.snapshot)
    #expect(Self.discover(root, third) == ["A.swift", "Nested/B.swift", "Nested/Deeper/C.swift"])
    // Nested was just modified: its listing, and so the search, cannot be kept yet.
    #expect(third.searches[key] == nil && third.changed)
  }

  /// A file named on its own is in no listing: a search that names one is made every time, so
  /// that its removal is reported.
  @Test func aSearchNamingAFileIsMadeEveryTime() throws {
    let folder = try Self.settledTree()
    let file = folder.path + "/Sources/A.swift"
    let first = DirectoryListings()
    #expect(SourceDiscovery.swiftFiles(at: [file], listings: first).files == [file])
    #expect(first.searches.isEmpty)
    try FileManager.default.removeItem(atPath: file)
    let second = DirectoryListings(earlier: first.snapshot)
    let found = SourceDiscovery.swiftFiles(at: [file], listings: second)
    #expect(found.files.isEmpty)
    #expect(found.diagnostics.map(\.message) == ["no such file or directory"])
  }

  /// Adding, removing or renaming a file changes its directory's time: that directory alone is
  /// listed again.
  @Test func aChangedDirectoryIsListedAgain() throws {
    let folder = try Self.settledTree()
    let root = folder.path + "/Sources"
    let first = DirectoryListings()
    _ = Self.discover(root, first)
    try folder.write("Sources/Nested/C.swift", "protocol C {}")
    try FileManager.default.removeItem(atPath: root + "/A.swift")
    let second = DirectoryListings(earlier: first.snapshot)
    #expect(Self.discover(root, second) == ["Nested/B.swift", "Nested/C.swift"])
    #expect(second.reusedCount == 0)
    // Both had just been modified when listed: listed again until their times settle.
    try Self.backdate(root, seconds: 60)
    try Self.backdate(root + "/Nested", seconds: 60)
    Self.settle()
    let third = DirectoryListings(earlier: second.snapshot)
    #expect(Self.discover(root, third) == ["Nested/B.swift", "Nested/C.swift"])
    #expect(third.reusedCount == 0)
    let fourth = DirectoryListings(earlier: third.snapshot)
    #expect(Self.discover(root, fourth) == ["Nested/B.swift", "Nested/C.swift"])
    #expect(fourth.reusedCount == 2)
    #expect(!fourth.changed)
  }

  /// A directory modified just before it was listed may be modified again within the same tick
  /// of the file system's clock, and keep its time: its listing is never reused.
  @Test func aRecentlyModifiedDirectoryIsAlwaysListedAgain() throws {
    let folder = try TemporaryFolder()
    try folder.write("Sources/A.swift", "protocol A {}")
    let root = folder.path + "/Sources"
    let modified = try #require(
      FileManager.default.attributesOfItem(atPath: root)[.modificationDate] as? Date)
    let first = DirectoryListings()
    _ = Self.discover(root, first)
    #expect(first.listings[root]?.isReusable == false)
    // A file added, and the directory's time put back as it was.
    try folder.write("Sources/B.swift", "protocol B {}")
    try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: root)
    let second = DirectoryListings(earlier: first.snapshot)
    #expect(Self.discover(root, second) == ["A.swift", "B.swift"])
  }

  /// A link's target changes without its directory's time.
  @Test func aDirectoryHoldingALinkIsAlwaysListedAgain() throws {
    let folder = try Self.settledTree()
    let root = folder.path + "/Sources"
    try folder.write("Elsewhere/Linked.swift", "protocol Linked {}")
    try FileManager.default.createSymbolicLink(
      atPath: root + "/Linked", withDestinationPath: folder.path + "/Elsewhere")
    try Self.backdate(root, seconds: 3600)
    Self.settle()
    let first = DirectoryListings()
    #expect(Self.discover(root, first) == ["A.swift", "Linked/Linked.swift", "Nested/B.swift"])
    #expect(first.listings[root]?.isReusable == false)
    #expect(first.listings[root + "/Nested"]?.isReusable == true)
    try folder.write("Elsewhere/Later.swift", "protocol Later {}")
    try Self.backdate(folder.path + "/Elsewhere", seconds: 3600)
    let second = DirectoryListings(earlier: first.snapshot)
    #expect(
      Self.discover(root, second) == [
        "A.swift", "Linked/Later.swift", "Linked/Linked.swift", "Nested/B.swift",
      ])
  }
}
