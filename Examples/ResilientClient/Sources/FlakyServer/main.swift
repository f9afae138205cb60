// A price server that fails a set share of its answers with 503 and stalls another share, as a
// back end under load does. Its draws come from a seeded generator, so a run's share is the
// share asked for. `GET /stats` says how many requests of each kind it answered, so a client
// can show that an order was sent once.
//
//   flaky-server --port 18080 --failures 0.3 --stalls 0.1 --stall-ms 1500
//   POST /outage?ms=1500 fails every request for that long (a back end going down).
import Foundation
import Hummingbird

let arguments = CommandLine.arguments
func option(_ name: String, _ fallback: Double) -> Double {
  arguments.firstIndex(of: "--\(name)").flatMap { Double(arguments[$0 + 1]) } ?? fallback
}
let port = Int(option("port", 18080))
let failureShare = option("failures", 0.3)
let stallShare = option("stalls", 0.1)
let stall = Duration.milliseconds(Int(option("stall-ms", 1500)))

/// What the server decides and counts, behind a lock: handlers run on many threads.
final class Behaviour: Sendable {
  private struct State {
    var random = SplitMix64(seed: 0x5eed)
    var outageUntil = ContinuousClock.now
    var counts: [String: Int] = [:]
  }
  enum Answer { case ok, fail, stall }

  private let state = NSLockedState(State())

  /// How to answer the next request of `kind`, counted.
  func next(_ kind: String) -> Answer {
    state.withLock { state in
      state.counts[kind, default: 0] += 1
      if ContinuousClock.now < state.outageUntil { return .fail }
      let draw = Double(state.random.next() >> 11) / Double(1 << 53)
      return draw < failureShare ? .fail : draw < failureShare + stallShare ? .stall : .ok
    }
  }

  func outage(for duration: Duration) { state.withLock { $0.outageUntil = .now + duration } }

  /// `price=N order=M`: the requests answered so far, by kind.
  var stats: String {
    state.withLock { state in
      state.counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
  }
}

/// A value behind an `NSLock`.
final class NSLockedState<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.withLock { body(&value) }
  }
}

/// Steele, Lea and Flood's SplitMix64: a small generator with a seed, so a run repeats.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

let behaviour = Behaviour()

/// Answers `number` after the behaviour's draw for `kind`: at once, after a stall, or 503.
func answer(_ kind: String, _ number: @Sendable () -> Int) async throws -> Response {
  switch behaviour.next(kind) {
  case .fail:
    return Response(status: .serviceUnavailable)
  case .stall:
    try await Task.sleep(for: stall)
    fallthrough
  case .ok:
    return Response(
      status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "\(number())")))
  }
}

let orderNumbers = NSLockedState(0)
let router = Router()
router.get("price/:sku") { _, context in
  let sku = try context.parameters.require("sku")
  return try await answer("price") { 100 + sku.utf8.count }
}
router.post("orders") { _, _ in
  try await answer("order") {
    orderNumbers.withLock { number in
      number += 1
      return number
    }
  }
}
router.post("outage") { request, _ in
  let milliseconds = request.uri.queryParameters.get("ms", as: Int.self) ?? 1000
  behaviour.outage(for: .milliseconds(milliseconds))
  return Response(status: .noContent)
}
router.get("stats") { _, _ in behaviour.stats }

let app = Application(
  router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
