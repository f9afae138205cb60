import Foundation

/// Reads whole files straight into byte arrays, without `Data` in between.
package enum FileBytes {
  /// A file's bytes, and its stamp as it was before they were read.
  package struct Contents {
    package var bytes: [UInt8]
    package var stamp: FileStamp
  }

  /// Why a file was not read.
  package enum Failure: Error, Equatable, CustomStringConvertible {
    case cannotRead(reason: String)
    /// A folder, FIFO, device or socket: reading one could block or never end.
    case notARegularFile
    case tooLarge(limit: Int)

    package var description: String {
      switch self {
      case .cannotRead(let reason): "cannot read the file: \(reason)"
      case .notARegularFile: "not a regular file (a FIFO, device, socket or folder); skipped"
      case .tooLarge(let limit): "larger than \(limit >> 20) MiB, the limit for a source; skipped"
      }
    }
  }

  /// The largest source Veneer reads: far above any real Swift file, far below what would
  /// exhaust memory.
  package static let sourceSizeLimit = 64 << 20

  /// The largest `veneer.yml` or template Veneer reads: a thousand times a large real one.
  package static let settingsSizeLimit = 1 << 20

  /// The regular file's bytes, or nil when it cannot be read.
  package static func read(_ path: String) -> [UInt8]? {
    try? readWithStamp(path).bytes
  }

  /// The bytes of the regular file at `path`, never through a symbolic link, or nil: for files
  /// Veneer keeps itself.
  package static func readRegular(_ path: String) -> [UInt8]? {
    try? readWithStamp(path, followingLinks: false).bytes
  }

  /// The regular file's bytes with its stamp. The stamp comes from the open file, which spares
  /// a first run a `stat` of each path. Opened without blocking, so that a FIFO is refused rather
  /// than waited on.
  package static func readWithStamp(
    _ path: String, limit: Int = .max, followingLinks: Bool = true
  ) throws(Failure) -> Contents {
    let descriptor = open(
      path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else {
      throw .cannotRead(reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    return try read(opened: descriptor, limit: limit)
  }

  /// The regular file at `relativePath` under `folder`, each of whose components is opened
  /// relative to the one before it, as ssh judges a key's folders: a symbolic link on the way is
  /// followed only when the user or root owns it (a build system's sandbox links every input to
  /// it), never one someone else made, and no path is checked and then opened again. Nil when
  /// nothing is there (no such file, or no such folder on its way).
  package static func readInside(
    _ folder: String, relativePath: String, limit: Int = .max
  ) throws(Failure) -> Contents? {
    var directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { throw .cannotRead(reason: String(cString: strerror(errno))) }
    let components = relativePath.split(separator: "/").map(String.init)
    for component in components.dropLast() {
      let next: Int32?
      do throws(Failure) {
        next = try openWithinFolder(directory, component, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      } catch {
        close(directory)
        throw error
      }
      close(directory)
      guard let next else { return nil }
      directory = next
    }
    defer { close(directory) }
    guard
      let descriptor = try openWithinFolder(
        directory, components.last ?? "", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    else { return nil }
    defer { close(descriptor) }
    return try read(opened: descriptor, limit: limit)
  }

  /// `name` in the open folder, opened with `flags`; through a link only when the user or root
  /// owns the link; nil when there is no such entry.
  private static func openWithinFolder(_ folder: Int32, _ name: String, _ flags: Int32)
    throws(Failure) -> Int32?
  {
    var status = stat()
    guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
      if errno == ENOENT { return nil }
      throw .cannotRead(reason: String(cString: strerror(errno)))
    }
    let isLink = status.st_mode & S_IFMT == S_IFLNK
    if isLink, status.st_uid != geteuid(), status.st_uid != 0 {
      throw .cannotRead(
        reason: "'\(name)' is a symbolic link that belongs to another user (uid \(status.st_uid))")
    }
    let descriptor = openat(folder, name, flags | (isLink ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else {
      // An entry gone since fstatat is nothing there; a link to nothing is something there,
      // which the caller must not replace with a file of its own.
      if errno == ENOENT, !isLink { return nil }
      throw .cannotRead(
        reason: errno == ENOENT
          ? "'\(name)' is a symbolic link to nothing" : String(cString: strerror(errno)))
    }
    return descriptor
  }

  /// The bytes and stamp of the regular file open as `descriptor`, which stays open: what a
  /// caller that opened it relative to a folder's descriptor reads.
  package static func read(opened descriptor: Int32, limit: Int = .max) throws(Failure)
    -> Contents
  {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .cannotRead(reason: String(cString: strerror(errno)))
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notARegularFile }
    let size = Int(status.st_size)
    guard size <= limit else { throw .tooLarge(limit: limit) }
    var failed = false
    var isAtEnd = false
    // Read into uninitialized memory, never zeroed first. One byte more
    // than the size is asked for: a regular file gives fewer bytes than asked only at its end,
    // so reading it whole takes one call, not a second that returns nothing.
    var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, filled in
      filled = 0
      while filled < buffer.count {
        let requested = buffer.count - filled
        let count = Foundation.read(descriptor, buffer.baseAddress! + filled, requested)
        guard count > 0 else {
          failed = count < 0
          isAtEnd = !failed
          return
        }
        filled += count
        if count < requested {
          isAtEnd = true
          return
        }
      }
    }
    guard !failed else { throw .cannotRead(reason: String(cString: strerror(errno))) }
    // The file grew since `fstat`: read on to its end, a page at a time, up to the limit.
    let isComplete =
      isAtEnd
      || withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { page in
        while bytes.count <= limit {
          let count = Foundation.read(descriptor, page.baseAddress!, page.count)
          guard count > 0 else { return count == 0 }
          bytes.append(contentsOf: page[..<count])
        }
        return false
      }
    guard isComplete else {
      throw bytes.count > limit ? .tooLarge(limit: limit) : .cannotRead(reason: "read failed")
    }
    return Contents(bytes: bytes, stamp: FileStamp(status))
  }
}

/// A file's size and modification time, as `stat` gives them: what tells the cache that a file
/// may have changed.
package struct FileStamp: Equatable, Sendable {
  package var size: Int
  /// Nanoseconds since 1970.
  package var modified: Int
  /// When its status last changed (its `ctime`), in nanoseconds since 1970: no one can set it,
  /// so an edit whose modification time was set back (`touch -d`) still moves it.
  package var statusChanged: Int

  init(_ status: stat) {
    size = Int(status.st_size)
    #if canImport(Darwin)
      modified = status.st_mtimespec.tv_sec * 1_000_000_000 + status.st_mtimespec.tv_nsec
      statusChanged = status.st_ctimespec.tv_sec * 1_000_000_000 + status.st_ctimespec.tv_nsec
    #else
      modified = status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec
      statusChanged = status.st_ctim.tv_sec * 1_000_000_000 + status.st_ctim.tv_nsec
    #endif
  }

  /// Nanoseconds since 1970, now, by the clock file systems stamp files with.
  package static var now: Int {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
  }

  /// Longer than any file system's time stamp granularity (FAT's is two seconds): a file
  /// stamped within this of its last change may change again in the same tick of its clock.
  package static let racyInterval = 3_000_000_000

  /// Whether the stamp was taken too soon after the file changed to tell a later change in the
  /// same tick of the file system's clock, as git judges its index's entries "racily clean":
  /// such a file is read again, not trusted by its stamp.
  package func isRacy(stampedAt time: Int) -> Bool {
    max(modified, statusChanged) >= time - Self.racyInterval
  }

  package init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The index of the first newline at or after `start`, or `count`: found by `memchr`, which
  /// reads many bytes at a time where a loop tests one.
  package func newlineIndex(from start: Int) -> Int {
    guard start < count, let base = baseAddress,
      let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start)
    else { return count }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }
}

extension String {
  /// How many newlines the text has, counted in its bytes in place.
  package var newlineCount: Int {
    var text = self
    return text.withUTF8 { bytes in
      var count = 0
      var newline = bytes.newlineIndex(from: 0)
      while newline < bytes.count {
        count += 1
        newline = bytes.newlineIndex(from: newline + 1)
      }
      return count
    }
  }
}

extension FileBytes {
  /// What follows the path's last `/`: the file's name.
  package static func fileName(of path: String) -> String {
    path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) }
      ?? path
  }
}
