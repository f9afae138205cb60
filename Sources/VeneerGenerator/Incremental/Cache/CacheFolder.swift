import Foundation
import VeneerParser

/// A folder Veneer keeps its cache in, opened once and then used by its descriptor: every file
/// in it is read, written, renamed and removed relative to that descriptor, so that a link
/// flipped between a check and a use reaches nothing, and the checks are made on what is used.
///
/// The path is walked from `/` one component at a time, as ssh judges a key's folders: every
/// folder on the way must be owned by the user or root and writable by no one else (unless it
/// is sticky, as `/tmp` is, where no one may rename or remove another's entry); a link on the
/// way is followed only when the user or root owns it; the folder itself must be the user's and
/// writable by no one else. Missing folders are made private to the user (mode 700).
final class CacheFolder: @unchecked Sendable {
  /// The open folder: `O_DIRECTORY`, and so never a link's target changed later.
  let descriptor: Int32
  let path: String

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit { close(descriptor) }

  /// Why a folder cannot be used: another user could change what it holds.
  struct Refusal: Error, Equatable {
    var reason: String
  }

  /// `path` opened, and made with every folder above it that is missing when `creating`; nil
  /// when it is missing and not `creating`.
  static func open(_ path: String, creating: Bool) -> Result<CacheFolder?, Refusal> {
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let components = absolute.split(separator: "/").map(String.init).filter { $0 != "." }
    var current = Foundation.open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard current >= 0 else { return .failure(Refusal(reason: "'/' cannot be opened")) }
    var walked = ""
    for (index, component) in components.enumerated() {
      let isLast = index == components.count - 1
      walked += "/" + component
      if component == ".." {
        close(current)
        return .failure(Refusal(reason: "its path goes up with '..': \(walked)"))
      }
      var status = stat()
      if fstatat(current, component, &status, AT_SYMLINK_NOFOLLOW) != 0 {
        guard errno == ENOENT, creating, mkdirat(current, component, 0o700) == 0 || errno == EEXIST,
          fstatat(current, component, &status, AT_SYMLINK_NOFOLLOW) == 0
        else {
          close(current)
          return .success(nil)
        }
      }
      let isLink = status.st_mode & S_IFMT == S_IFLNK
      if isLink, status.st_uid != geteuid(), status.st_uid != 0 {
        close(current)
        return .failure(
          Refusal(reason: "\(walked) is a link that belongs to another user (uid \(status.st_uid))")
        )
      }
      // A link the user or root owns, in a folder no one else may change, stays as it is.
      let next = openat(
        current, component, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (isLink ? 0 : O_NOFOLLOW))
      close(current)
      guard next >= 0 else {
        return .failure(Refusal(reason: "\(walked) cannot be opened as a folder"))
      }
      current = next
      if let reason = problem(of: current, at: walked, isTheFolder: isLast) {
        close(current)
        return .failure(Refusal(reason: reason))
      }
    }
    if components.isEmpty, let reason = problem(of: current, at: "/", isTheFolder: true) {
      close(current)
      return .failure(Refusal(reason: reason))
    }
    return .success(CacheFolder(descriptor: current, path: absolute))
  }

  /// What another user could do to the open folder at `path`: the cache folder must be the
  /// user's; a folder above it the user's or root's; neither writable by others unless sticky.
  private static func problem(of descriptor: Int32, at path: String, isTheFolder: Bool) -> String? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return "\(path) cannot be examined" }
    let user = geteuid()
    let mode = String(status.st_mode & 0o7777, radix: 8)
    if isTheFolder {
      if status.st_uid != user { return "it belongs to another user (uid \(status.st_uid))" }
      if status.st_mode & 0o022 != 0 { return "others may write to it (mode \(mode))" }
      return nil
    }
    if status.st_uid != user, status.st_uid != 0 {
      return "the folder \(path) above it belongs to another user (uid \(status.st_uid))"
    }
    if status.st_mode & 0o1000 == 0, status.st_mode & 0o022 != 0 {
      return "others may write to the folder \(path) above it (mode \(mode))"
    }
    return nil
  }

  /// The names in the folder, or nil when it cannot be listed.
  func names() -> [String]? {
    let copy = dup(descriptor)
    guard copy >= 0, let directory = fdopendir(copy) else {
      if copy >= 0 { close(copy) }
      return nil
    }
    defer { closedir(directory) }
    rewinddir(directory)
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// The largest cache file read: a hundred times the models of a million lines of real code.
  static let fileSizeLimit = 1 << 30

  /// The bytes of the user's own regular file `name` in the folder, opened through no link; nil
  /// when there is none, or it is something else, or another user's.
  func read(_ name: String) -> [UInt8]? {
    let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_uid == geteuid() else { return nil }
    return try? FileBytes.read(opened: file, limit: Self.fileSizeLimit).bytes
  }

  /// Writes `bytes` to `name`: to a new temporary file in the folder, made exclusively and
  /// readable by the user alone, then renamed over it. Never synced: a cache lost in a crash is
  /// rebuilt, and one torn is refused by its seal.
  @discardableResult
  func write(_ bytes: [UInt8], to name: String) -> Bool {
    let temporary = ".\(name).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
    let file = openat(
      descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard file >= 0 else { return false }
    let failed =
      writeAll(bytes, to: file) { Foundation.write($0, $1.baseAddress, $1.count) } != nil
    if close(file) != 0 || failed || renameat(descriptor, temporary, descriptor, name) != 0 {
      unlinkat(descriptor, temporary, 0)
      return false
    }
    return true
  }

  /// Removes the file or link `name` from the folder; never a folder's contents.
  func remove(_ name: String) {
    unlinkat(descriptor, name, 0)
  }
}

extension CacheFolder {
  /// Makes the file `name` with `bytes`, only if there is none: exclusively, through no link,
  /// readable by the user alone. Whether it was made.
  func create(_ name: String, _ bytes: [UInt8]) -> Bool {
    let file = openat(
      descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard file >= 0 else { return false }
    let failed =
      writeAll(bytes, to: file) { Foundation.write($0, $1.baseAddress, $1.count) } != nil
    if close(file) != 0 || failed {
      unlinkat(descriptor, name, 0)
      return false
    }
    return true
  }

  /// Whether the folder holds an entry `name`, a link not followed.
  func contains(_ name: String) -> Bool {
    faccessat(descriptor, name, F_OK, AT_SYMLINK_NOFOLLOW) == 0
  }
}
