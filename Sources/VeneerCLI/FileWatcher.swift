import Foundation
import VeneerModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waits for changes under a set of paths: with inotify on Linux, elsewhere by comparing
/// modification dates twice a second. Ctrl-C ends the wait instead of the process, so that
/// `--watch` exits cleanly.
final class FileWatcher {
  private var paths: [String]
  /// The output folder: its generated files change with every run, which must not start another.
  private var output: String?
  /// The names of watched files that are not Swift sources: `veneer.yml` and template files.
  private var inputNames: Set<String>
  /// Written to by the SIGINT handler (a pipe is one of the few things a handler may touch).
  nonisolated(unsafe) private static var interruptPipe: [Int32] = [-1, -1]
  /// How long things must stay quiet before a burst of changes counts as one.
  private let quietPeriod: Int32 = 150
  /// The files this process's output and errors go to (`> log.swift 2>&1`): Veneer's own
  /// writes, which never start another run, whatever the files are named.
  private let ownStreams: Set<FileIdentity> = Set(
    [STDOUT_FILENO, STDERR_FILENO].compactMap { descriptor in
      var status = stat()
      guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
      return FileIdentity(status)
    })

  /// A file as the file system knows it, whatever its name.
  private struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ status: stat) {
      device = UInt64(status.st_dev)
      inode = UInt64(status.st_ino)
    }
  }

  init(paths: [String], output: String?) {
    self.paths = paths
    self.output = output.map(Self.standardized)
    inputNames = Self.inputNames(paths)
    if Self.interruptPipe[0] < 0 {
      var descriptors: [Int32] = [-1, -1]
      if pipe(&descriptors) == 0 {
        Self.interruptPipe = descriptors
        signal(SIGINT) { _ in
          var byte: UInt8 = 1
          _ = write(FileWatcher.interruptPipe[1], &byte, 1)
        }
        // A parent may have spawned Veneer with SIGINT blocked; Ctrl-C must still reach it.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
      }
    }
  }

  /// Watches `paths` from the next `arm()` on: a changed `veneer.yml` may name other sources.
  func watch(_ paths: [String], output: String?) {
    self.paths = paths
    self.output = output.map(Self.standardized)
    inputNames = Self.inputNames(paths)
  }

  private static func inputNames(_ paths: [String]) -> Set<String> {
    Set(
      paths.filter { !$0.hasSuffix(".swift") }.map { URL(fileURLWithPath: $0).lastPathComponent })
  }

  /// Whether a change to the file `name` in `folder` calls for a new run: a Swift source, a
  /// template or the configuration, but not a file Veneer itself writes (a generated file, a
  /// temporary one, the file its output is redirected to) nor any other file.
  private func isRelevant(_ name: String, in folder: String) -> Bool {
    guard !name.hasPrefix(".") else { return false }
    if !ownStreams.isEmpty {
      var status = stat()
      if stat(folder + "/" + name, &status) == 0, ownStreams.contains(FileIdentity(status)) {
        return false
      }
    }
    guard name.hasSuffix(".swift") else {
      return inputNames.contains(name) || name.hasSuffix(".stencil")
    }
    guard folder == output else { return true }
    // In the output folder, a file that starts with Veneer's header is one it wrote.
    guard let bytes = FileManager.default.contents(atPath: folder + "/" + name) else {
      return true
    }
    return !bytes.starts(with: Data(GeneratedFile.header.utf8))
  }

  /// The inotify descriptor watching since the last `arm()`, on Linux.
  private var inotify: Int32 = -1
  /// The folder each inotify watch descriptor watches.
  private var watchedFolders: [Int32: String] = [:]
  /// The files as they were at the last `arm()`, elsewhere.
  private var armedSnapshot: [String: [Int]] = [:]

  deinit { if inotify >= 0 { close(inotify) } }

  /// Starts noticing changes, before a run begins: a change made while it runs then still ends
  /// the next `waitForChange()` at once.
  func arm() {
    #if os(Linux)
      if inotify >= 0 { close(inotify) }
      inotify = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
      guard inotify >= 0 else {
        armedSnapshot = snapshot()
        return
      }
      let mask = UInt32(
        IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
          | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB)
      watchedFolders = [:]
      for folder in folders() {
        let descriptor = inotify_add_watch(inotify, folder, mask)
        if descriptor >= 0 { watchedFolders[descriptor] = folder }
      }
    #else
      armedSnapshot = snapshot()
    #endif
  }

  /// Blocks until something changed since `arm()` (`true`) or Ctrl-C was pressed (`false`).
  func waitForChange() -> Bool {
    #if os(Linux)
      return inotify >= 0 ? waitWithInotify() : waitByPolling()
    #else
      return waitByPolling()
    #endif
  }

  private static func standardized(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// Every folder under the watched paths, except hidden and ignored ones; a watched file is
  /// represented by its folder, since editors replace files rather than change them.
  private func folders() -> [String] {
    var result: [String] = []
    var seen: Set<String> = []
    func visit(_ folder: String) {
      let path = Self.standardized(folder)
      guard seen.insert(path).inserted else { return }
      result.append(path)
      for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      where !entry.hasPrefix(".") {
        var isDirectory: ObjCBool = false
        let child = path + "/" + entry
        if FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory),
          isDirectory.boolValue
        {
          visit(child)
        }
      }
    }
    for path in paths {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      if exists && isDirectory.boolValue {
        visit(path)
      } else {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if seen.insert(Self.standardized(parent)).inserted {
          result.append(Self.standardized(parent))
        }
      }
    }
    return result
  }

  /// Polls `descriptor` and the interrupt pipe; `nil` on Ctrl-C, else whether `descriptor` is
  /// readable before the timeout (-1 waits forever).
  private func waitForInput(on descriptor: Int32, timeout: Int32) -> Bool? {
    var descriptors = [
      pollfd(fd: Self.interruptPipe[0], events: Int16(POLLIN), revents: 0),
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      // A negative descriptor is ignored by poll(2).
      let count = poll(&descriptors, 2, timeout)
      if count < 0 && errno == EINTR { continue }
      if descriptors[0].revents & Int16(POLLIN) != 0 { return nil }
      return count > 0 && descriptors[1].revents & Int16(POLLIN) != 0
    }
  }

  #if os(Linux)
    private func waitWithInotify() -> Bool {
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      /// Reads the pending events; whether one of them matters.
      func drain() -> Bool {
        var isRelevant = false
        while true {
          let count = read(inotify, &buffer, buffer.count)
          guard count > 0 else { return isRelevant }
          isRelevant =
            buffer.withUnsafeBytes { events(in: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            || isRelevant
        }
      }
      var changed = false
      while !changed {
        guard waitForInput(on: inotify, timeout: -1) != nil else { return false }
        changed = drain()
      }
      // Debounce: a save is often several events, and a checkout many.
      repeat {
        _ = drain()
        guard let more = waitForInput(on: inotify, timeout: quietPeriod) else { return false }
        if !more { return true }
      } while true
    }

    /// Whether any of the inotify events in `bytes` calls for a new run.
    private func events(in bytes: UnsafeRawBufferPointer) -> Bool {
      var offset = 0
      var isRelevant = false
      let headerSize = MemoryLayout<inotify_event>.size
      while offset + headerSize <= bytes.count {
        let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
        let nameBytes = bytes[(offset + headerSize)..<(offset + headerSize + Int(event.len))]
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        offset += headerSize + Int(event.len)
        // A folder made, moved or gone changes what is watched, but for the output folder
        // that a first run makes; the watched folder itself too.
        let folder = watchedFolders[event.wd]
        if event.mask & UInt32(IN_ISDIR) != 0 || name.isEmpty {
          let path = folder.map { name.isEmpty ? $0 : $0 + "/" + name }
          if !name.hasPrefix("."), path != output { isRelevant = true }
        } else if let folder, self.isRelevant(name, in: folder) {
          isRelevant = true
        }
      }
      return isRelevant
    }
  #endif

  private func waitByPolling() -> Bool {
    while true {
      if snapshot() != armedSnapshot { return true }
      guard waitForInput(on: -1, timeout: 500) != nil else { return false }
    }
  }

  /// Modification dates and sizes of the files under the watched folders.
  private func snapshot() -> [String: [Int]] {
    var result: [String: [Int]] = [:]
    for folder in folders() {
      for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      where isRelevant(entry, in: folder) {
        let path = folder + "/" + entry
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
          continue
        }
        let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        result[path] = [Int(date * 1000), size]
      }
    }
    return result
  }
}
