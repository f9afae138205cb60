import VeneerModel
import VeneerParser

/// How the cache's own records are written and read, in `CacheCoding`'s binary form.
extension GenerationCache.Index: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(format)
    writer.write(veneerVersion)
    writer.write(settings)
    writer.write(stampedAt)
    writer.write(sources)
    writer.write(headers.discovered)
    writer.write(headers.contents)
    writer.write(outputs)
    writer.write(diagnostics)
    writer.write(statistics)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      format: try reader.read(), veneerVersion: try reader.read(), settings: try reader.read(),
      stampedAt: try reader.read(), sources: try reader.read(),
      headers: GenerationCache.Headers(discovered: try reader.read(), contents: try reader.read()),
      outputs: try reader.read(),
      diagnostics: try reader.read(), statistics: try reader.read())
  }
}

extension GenerationCache.SavedListings: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(format)
    writer.write(veneerVersion)
    let paths = snapshot.listings.keys.sorted()
    writer.writeCount(paths.count)
    for path in paths {
      writer.write(path)
      writer.write(snapshot.listings[path]!)
    }
    let keys = snapshot.searches.keys.sorted()
    writer.writeCount(keys.count)
    for key in keys {
      let search = snapshot.searches[key]!
      writer.write(key)
      writer.write(search.directories)
      writer.writeCount(search.files.count)
      for file in search.files {
        writer.write(file.directory)
        writer.write(file.entry)
      }
    }
  }

  init(from reader: inout CacheReader) throws {
    format = try reader.read()
    veneerVersion = try reader.read()
    let count = try reader.readCount()
    var listings: [String: DirectoryListings.Listing] = [:]
    listings.reserveCapacity(count)
    for _ in 0..<count {
      let path: String = try reader.read()
      // Typed: into the dictionary's subscript, `read()` would read an optional.
      listings[path] = try reader.read(DirectoryListings.Listing.self)
    }
    let searchCount = try reader.readCount()
    var searches: [String: DirectoryListings.Search] = [:]
    for _ in 0..<searchCount {
      let key: String = try reader.read()
      let directories: [String] = try reader.read()
      let fileCount = try reader.readCount()
      var files: [DirectoryListings.Search.File] = []
      files.reserveCapacity(fileCount)
      for _ in 0..<fileCount {
        files.append(
          DirectoryListings.Search.File(directory: try reader.read(), entry: try reader.read()))
      }
      let search = DirectoryListings.Search(directories: directories, files: files)
      guard Self.staysWithin(key, search, listings: listings) else { throw CacheDamaged() }
      searches[key] = search
    }
    snapshot = DirectoryListings.Snapshot(listings: listings, searches: searches)
  }

  /// Whether a search names only directories a search of its key's paths can list: each with
  /// a listing, and one of the paths or, by a name that is not hidden (and so not `..`), in a
  /// directory listed before it. A name that leads elsewhere is a damaged cache. Its files are
  /// entries of those listings, whose names are checked as they are read; one that is not is
  /// never reused (`Search.paths`).
  static func staysWithin(
    _ key: String, _ search: DirectoryListings.Search,
    listings: [String: DirectoryListings.Listing]
  ) -> Bool {
    let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false)
    guard parts.count > 1, parts.first == ".swift" else { return false }
    let roots = Set(parts.dropFirst().map { SourceDiscovery.searchedPath(String($0)) })
    var listed: Set<String> = []
    listed.reserveCapacity(search.directories.count)
    for directory in search.directories {
      guard listings[directory] != nil else { return false }
      if !roots.contains(directory) {
        guard let slash = directory.lastIndex(of: "/"),
          listed.contains(slash == directory.startIndex ? "/" : String(directory[..<slash]))
        else { return false }
        let name = directory[directory.index(after: slash)...]
        guard !name.isEmpty, !name.hasPrefix("."),
          !name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 })
        else { return false }
      }
      listed.insert(directory)
    }
    return true
  }
}

extension DirectoryListings.Listing: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(device)
    writer.write(inode)
    writer.write(modified)
    writer.write(statusChanged)
    writer.write(isReusable)
    writer.writeCount(entries.count)
    for entry in entries {
      writer.write(entry.name)
      writer.write(entry.isDirectory)
    }
  }

  init(from reader: inout CacheReader) throws {
    let device: UInt64 = try reader.read()
    let inode: UInt64 = try reader.read()
    let modified: Int = try reader.read()
    let statusChanged: Int = try reader.read()
    let isReusable: Bool = try reader.read()
    let count = try reader.readCount()
    var entries: [DirectoryListings.Entry] = []
    entries.reserveCapacity(count)
    for _ in 0..<count {
      let entry = DirectoryListings.Entry(name: try reader.read(), isDirectory: try reader.read())
      // Only names a listing can hold: a name that leads elsewhere is a damaged cache.
      guard !entry.name.hasPrefix("."),
        !entry.name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 }),
        entry.isDirectory || entry.name.hasSuffix(".swift")
      else { throw CacheDamaged() }
      entries.append(entry)
    }
    self.init(
      device: device, inode: inode, modified: modified, statusChanged: statusChanged,
      isReusable: isReusable, entries: entries)
  }
}

extension GenerationCache.Counts: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(protocols)
    writer.write(decoratedProtocols)
    writer.write(outputLines)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      protocols: try reader.read(), decoratedProtocols: try reader.read(),
      outputLines: try reader.read())
  }
}

extension GenerationCache.SourceStamp: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.writeUnique(path)
    writer.write(size)
    writer.write(modified)
    writer.write(statusChanged)
    writer.write(hash)
    writer.write(modelHash)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      path: try reader.readUnique(), size: try reader.read(), modified: try reader.read(),
      statusChanged: try reader.read(), hash: try reader.read(), modelHash: try reader.read())
  }
}

extension GenerationCache.HeaderContent: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.write(path)
    writer.write(hash)
  }

  init(from reader: inout CacheReader) throws {
    self.init(path: try reader.read(), hash: try reader.read())
  }
}

extension GenerationCache.OutputStamp: CacheCodable {
  func write(to writer: inout CacheWriter) {
    writer.writeUnique(name)
    writer.write(key)
    writer.write(lines)
    writer.write(size)
    writer.write(modified)
  }

  init(from reader: inout CacheReader) throws {
    self.init(
      name: try reader.readUnique(), key: try reader.read(), lines: try reader.read(),
      size: try reader.read(), modified: try reader.read())
  }
}
