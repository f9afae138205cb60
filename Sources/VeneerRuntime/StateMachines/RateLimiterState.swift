/// A rate limiter's token bucket and queue as a value: each transition says what to resume and
/// when to wake it, and the `RateLimiter` does it outside its lock. It reads no clock (the time
/// is an argument), awaits nothing and resumes nothing.
///
/// A token is taken only when it is handed to a call, so a waiter that leaves (cancelled) takes
/// none: the waiters behind it move up, and the next call finds the bucket as if it had never
/// come. Waiters are served first come first; one timer, at the head's token, serves them.
struct RateLimiterState<Waiter> {
  /// How long one token takes to come.
  let interval: Duration
  /// `burst` intervals: how far ahead of now the bucket may be drawn.
  let burstSpan: Duration
  /// How long a call may wait for its token.
  let maxWait: Duration
  /// When the bucket, with the tokens taken so far, would be full again.
  private(set) var fullAt = Duration.zero
  private var queue = WaiterQueue<Waiter>()

  /// What a call finds on arriving.
  enum Entry: Equatable {
    /// A token was there: it took it.
    case proceed
    /// It is queued: it suspends next, and the timer must be set for `wakeAt` when the call is
    /// the first to wait.
    case queued(wakeAt: Duration?)
    /// Its token would come later than `maxWait` allows: it would have had to wait `retryAfter`
    /// longer.
    case refused(retryAfter: Duration)
    /// Its task was already cancelled.
    case cancelled
  }

  init(interval: Duration, burst: Int, maxWait: Duration) {
    self.interval = interval
    burstSpan = interval.saturatingMultiplied(by: burst)
    self.maxWait = maxWait
  }

  /// How many calls wait.
  var waiting: Int { queue.count }

  /// When the token of the waiter at `position` (0 for the first) comes, seen at `now`.
  func tokenTime(ofPosition position: Int, now: Duration) -> Duration {
    max(fullAt, now).saturatingAdding(interval.saturatingMultiplied(by: position + 1))
      - burstSpan
  }

  /// Takes a token if one is there and nobody waits for it: a call's fast path.
  mutating func takeToken(now: Duration) -> Bool {
    guard queue.isEmpty else { return false }
    let next = max(fullAt, now) + interval
    guard next - now <= burstSpan else { return false }
    fullAt = next
    return true
  }

  /// A call numbered `id` arrives at `now`.
  mutating func enter(_ id: UInt64, now: Duration, isCancelled: Bool) -> Entry {
    if isCancelled { return .cancelled }
    if takeToken(now: now) { return .proceed }
    let comes = tokenTime(ofPosition: queue.count, now: now)
    guard comes - now <= maxWait else { return .refused(retryAfter: comes - now - maxWait) }
    queue.append(id)
    return .queued(wakeAt: queue.count == 1 ? comes : nil)
  }

  /// Waiter `id`, queued, hands in `waiter`: the outcome to resume it with now if its wait
  /// already ended, else `nil` and it waits.
  mutating func suspend(_ id: UInt64, _ waiter: Waiter) -> WaitOutcome? {
    queue.suspend(id, waiter)
  }

  /// The timer fires at `now`: every waiter whose token has come takes it, first come first;
  /// those that have suspended are returned, to resume. `wakeAt` is when to fire next, if
  /// anyone still waits.
  mutating func timerFired(now: Duration) -> (granted: [Waiter], wakeAt: Duration?) {
    var granted: [Waiter] = []
    while !queue.isEmpty, tokenTime(ofPosition: 0, now: now) <= now {
      fullAt = max(fullAt, now) + interval
      if let waiter = queue.removeFirst(.granted) { granted.append(waiter) }
    }
    return (granted, queue.isEmpty ? nil : tokenTime(ofPosition: 0, now: now))
  }

  /// Waiter `id` leaves, cancelled, if it still waits: the waiter to resume so, if it has
  /// suspended. It took no token; the waiters behind it move up.
  mutating func leave(_ id: UInt64) -> Waiter? {
    queue.remove(id, .cancelled)
  }
}

extension RateLimiterState: Equatable where Waiter: Equatable {}
extension RateLimiterState: Hashable where Waiter: Hashable {}
extension RateLimiterState: Sendable where Waiter: Sendable {}
