/// A caching decorator's calls under way as a value: for each key, the one computation that
/// runs (`Work`, a task) and the callers waiting for its `Answer`. Each transition says whom to
/// resume and what to cancel, and `__CallCache` does it outside its lock.
///
/// A caller that leaves (its task cancelled) is resumed at once and waits no more; when the
/// last caller of a key leaves, its computation is cancelled and forgotten, so the next caller
/// starts afresh. A waiter is counted before its task suspends (`join`) and hands in what
/// resumes it after (`suspend`): an answer or a cancellation between the two is kept for it.
struct InFlightState<Key: Hashable, Work, Answer, Waiter> {
  fileprivate struct Flight {
    /// Which computation of the key this is: a late answer of one cancelled is no answer.
    let number: UInt64
    let work: Work
    /// The callers waiting, by number, with what resumes each (`nil` until it has suspended).
    var ids: [UInt64]
    var waiters: [Waiter?]
  }

  typealias Outcome = InFlightOutcome<Answer>

  /// What a caller finds.
  enum Entry {
    /// It waits for computation `number` of its key; `started` when this caller started it.
    case joined(number: UInt64, started: Bool)
    /// Its task was already cancelled.
    case cancelled
  }

  private var flights: [Key: Flight] = [:]
  private var settled: [UInt64: Outcome] = [:]
  private var lastNumber: UInt64 = 0

  /// How many keys have a computation under way.
  var keysInFlight: Int { flights.count }

  /// How many callers wait, over every key.
  var waiting: Int { flights.values.reduce(0) { $0 + $1.ids.count } }

  /// Caller `id` asks for `key`: it joins the computation under way, or starts one with
  /// `start`, given the computation's number.
  mutating func join(
    _ key: Key, _ id: UInt64, isCancelled: Bool, start: (UInt64) -> Work
  ) -> Entry {
    if isCancelled { return .cancelled }
    if flights[key] != nil {
      flights[key]!.ids.append(id)
      flights[key]!.waiters.append(nil)
      return .joined(number: flights[key]!.number, started: false)
    }
    lastNumber += 1
    flights[key] = Flight(number: lastNumber, work: start(lastNumber), ids: [id], waiters: [nil])
    return .joined(number: lastNumber, started: true)
  }

  /// Caller `id`, joined, hands in `waiter`: the outcome to resume it with now if its wait
  /// already ended, else `nil` and it waits.
  mutating func suspend(_ id: UInt64, of key: Key, _ waiter: Waiter) -> Outcome? {
    if let outcome = settled.removeValue(forKey: id) { return outcome }
    guard let index = flights[key]?.ids.firstIndex(of: id) else {
      preconditionFailure("a cached call's waiter suspended without joining")
    }
    flights[key]!.waiters[index] = waiter
    return nil
  }

  /// Computation `number` of `key` ended with `answer`: the waiters to resume with it. An
  /// answer of a computation no caller waits for any more changes nothing.
  mutating func finish(_ key: Key, number: UInt64, _ answer: Answer) -> [Waiter] {
    guard let flight = flights[key], flight.number == number else { return [] }
    flights[key] = nil
    var resumed: [Waiter] = []
    for (id, waiter) in zip(flight.ids, flight.waiters) {
      if let waiter {
        resumed.append(waiter)
      } else {
        settled[id] = .answered(answer)
      }
    }
    return resumed
  }

  /// Caller `id` of `key` leaves, cancelled, if it still waits: the waiter to resume so, if it
  /// has suspended, and the computation to cancel when it was the last to wait for it.
  mutating func leave(_ id: UInt64, of key: Key) -> (waiter: Waiter?, cancel: Work?) {
    guard let index = flights[key]?.ids.firstIndex(of: id) else { return (nil, nil) }
    flights[key]!.ids.remove(at: index)
    let waiter = flights[key]!.waiters.remove(at: index)
    if waiter == nil { settled[id] = .cancelled }
    guard flights[key]!.ids.isEmpty else { return (waiter, nil) }
    let work = flights.removeValue(forKey: key)!.work
    return (waiter, work)
  }
}

/// How a wait for a computation under way ends.
enum InFlightOutcome<Answer> {
  case answered(Answer)
  /// The waiter's task was cancelled.
  case cancelled
}

extension InFlightOutcome: Equatable where Answer: Equatable {}
extension InFlightOutcome: Hashable where Answer: Hashable {}

extension InFlightState: Equatable where Work: Equatable, Answer: Equatable, Waiter: Equatable {
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.lastNumber == rhs.lastNumber && lhs.settled == rhs.settled
      && lhs.flights.count == rhs.flights.count
      && lhs.flights.allSatisfy { key, flight in
        rhs.flights[key].map {
          $0.number == flight.number && $0.work == flight.work && $0.ids == flight.ids
            && $0.waiters == flight.waiters
        } ?? false
      }
  }
}

extension InFlightState: Hashable where Work: Hashable, Answer: Hashable, Waiter: Hashable {
  func hash(into hasher: inout Hasher) {
    hasher.combine(lastNumber)
    hasher.combine(settled)
    hasher.combine(flights.count)
  }
}

extension InFlightOutcome: Sendable where Answer: Sendable {}
extension InFlightState: Sendable
where Key: Sendable, Work: Sendable, Answer: Sendable, Waiter: Sendable {}
extension InFlightState.Flight: Sendable where Work: Sendable, Waiter: Sendable {}
