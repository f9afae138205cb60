import Foundation

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
  private let paths: [String]
  private let ignored: Set<String>
  /// Written to by the SIGINT handler (a pipe is one of the few things a handler may touch).
  nonisolated(unsafe) private static var interruptPipe: [Int32] = [-1, -1]
  /// How long things must stay quiet before a burst of changes counts as one.
  private let quietPeriod: Int32 = 150

  init(paths: [String], ignoring ignored: [String]) {
    self.paths = paths
    self.ignored = Set(ignored.map(Self.standardized))
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

  /// The inotify descriptor watching since the last `arm()`, on Linux.
  private var inotify: Int32 = -1
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
      for folder in folders() {
        _ = inotify_add_watch(inotify, folder, mask)
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
      guard !ignored.contains(path), seen.insert(path).inserted else { return }
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
      func drain() { while read(inotify, &buffer, buffer.count) > 0 {} }
      guard waitForInput(on: inotify, timeout: -1) != nil else { return false }
      // Debounce: a save is often several events, and a checkout many.
      repeat {
        drain()
        guard let more = waitForInput(on: inotify, timeout: quietPeriod) else { return false }
        if !more { return true }
      } while true
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
      for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
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
