import Foundation

package enum Parallel {
  /// Stack for each worker thread: SwiftParser recurses once per nesting level, and a debug
  /// build's frames are large.
  static let stackSize = 64 << 20

  /// Asked once: Foundation reads the cgroup's quota files each time it is asked.
  static let processorCount = ProcessInfo.processInfo.activeProcessorCount

  /// `items.map(transform)` on `threads` threads (one per core when `nil`), results in the order
  /// of `items`.
  package static func map<Item: Sendable, Result: Sendable>(
    _ items: [Item], threads: Int? = nil,
    _ transform: @escaping @Sendable (Item) -> Result
  ) -> [Result] {
    let work = Work<Result>(count: items.count)
    let workerCount = min(max(threads ?? processorCount, 1), items.count)
    let finished = DispatchSemaphore(value: 0)
    let drain: @Sendable () -> Void = {
      while let index = work.claimIndex() {
        work.store(transform(items[index]), at: index)
      }
    }
    // As many workers as the system lets start (a memory or process limit may stop some);
    // with none, the calling thread does the work.
    var started = 0
    while started < workerCount,
      startThread({
        drain()
        finished.signal()
      })
    {
      started += 1
    }
    if started == 0 { drain() }
    for _ in 0..<started { finished.wait() }
    return work.results()
  }

  /// Starts `body` on a new detached thread with a stack of `stackSize`; false when the system
  /// cannot start one (`EAGAIN`, `ENOMEM` under a limit on processes or address space), where
  /// `Thread.start()` would fail silently and a caller waiting for it would wait forever.
  static func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let status = pthread_create(&thread, &attributes, runThreadBody, context)
    if status != 0 { Unmanaged<ThreadBody>.fromOpaque(context).release() }
    return status == 0
  }

  /// A value computed on a thread of its own while the caller does other work.
  package final class Future<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once, before `done` is signalled; read only after waiting for it.
    private var result: Value?
    /// The computation, when no thread could be started for it: made by the first to ask for
    /// the value, under `lock`. Not at once, since it may wait for what the caller does next.
    private var pending: (@Sendable () -> Value)?
    private let lock = NSLock()

    public init(_ compute: @escaping @Sendable () -> Value) {
      let started = Parallel.startThread { [self] in
        result = compute()
        done.signal()
      }
      if !started { pending = compute }
    }

    /// The value, once it is computed.
    public var value: Value {
      lock.withLock {
        if let compute = pending {
          pending = nil
          result = compute()
          done.signal()
        }
      }
      done.wait()
      defer { done.signal() }
      return result!
    }
  }

  /// Results shared by the workers. Claiming an index holds the lock; each slot is then written
  /// by the one worker that claimed it, and read after every worker has finished. Slots are raw
  /// memory rather than `[Result?]`: unspecialized generic code looks up the metadata of
  /// `Optional<Result>` by its mangled name on every access.
  private final class Work<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private let count: Int
    private let slots: UnsafeMutablePointer<Result>

    init(count: Int) {
      self.count = count
      slots = .allocate(capacity: count)
    }

    // `map` always moves the results out, so no slot is left to deinitialize.
    deinit { slots.deallocate() }

    func claimIndex() -> Int? {
      lock.lock()
      defer { lock.unlock() }
      guard nextIndex < count else { return nil }
      defer { nextIndex += 1 }
      return nextIndex
    }

    func store(_ result: Result, at index: Int) {
      (slots + index).initialize(to: result)
    }

    /// Every result, moved out of the slots; called once, after the workers have finished.
    func results() -> [Result] {
      [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
        buffer.baseAddress?.moveInitialize(from: slots, count: count)
        initialized = count
      }
    }
  }
}

/// A thread's work, handed through `pthread_create`'s context pointer.
private final class ThreadBody {
  let body: @Sendable () -> Void

  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

#if canImport(Darwin)
  private func runThreadBody(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
    return nil
  }
#else
  private func runThreadBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
    return nil
  }
#endif
