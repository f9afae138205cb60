import Foundation

/// What `body` returns, or nil when it has not returned after `seconds`: an input that hangs
/// fails its test instead of stopping the run (the thread is left behind).
public func returning<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () -> T)
  -> T?
{
  let done = DispatchSemaphore(value: 0)
  let box = HandedOver<T>()
  let thread = Thread {
    box.value = body()
    done.signal()
  }
  // SwiftParser recurses once per nesting level, as on Veneer's own threads.
  thread.stackSize = 64 << 20
  thread.start()
  guard done.wait(timeout: .now() + seconds) == .success else { return nil }
  return box.value
}

/// A value a thread hands over: written before a semaphore's signal, read after its wait, which
/// orders the two.
private final class HandedOver<T>: @unchecked Sendable {
  var value: T?
}
