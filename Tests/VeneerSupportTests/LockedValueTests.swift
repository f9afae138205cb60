import Testing
import VeneerSupport

@Suite("Locked value")
struct LockedValueTests {
  /// Changes from many threads at once are none of them lost.
  @Test func everyChangeFromEveryThreadIsKept() {
    let counter = LockedValue(0)
    _ = Parallel.map(Array(0..<1_000), threads: 8) { _ in counter.withLock { $0 += 1 } }
    #expect(counter.withLock { $0 } == 1_000)
  }
}
