import Foundation
import Testing
import VeneerSupport

/// `Parallel.map` keeps its items' order whatever the number of threads, and runs the items on
/// worker threads, whose stacks are large enough for SwiftParser.
@Suite("Parallel map")
struct ParallelTests {
  @Test(arguments: [0, 1, 63, 64, 500])
  func resultsKeepTheirItemsOrder(count: Int) {
    let items = Array(0..<count)
    #expect(Parallel.map(items) { $0 * 3 } == items.map { $0 * 3 })
    #expect(Parallel.map(items, threads: 1) { $0 * 3 } == items.map { $0 * 3 })
    #expect(Parallel.map(items, threads: 7) { $0 * 3 } == items.map { $0 * 3 })
  }

  @Test func itemsRunOnWorkersNotTheCallingThread() {
    let caller = ObjectIdentifier(Thread.current)
    let onCaller = { @Sendable (_: Int) in ObjectIdentifier(Thread.current) == caller }
    #expect(!Parallel.map(Array(0..<10), onCaller).contains(true))
    #expect(!Parallel.map(Array(0..<10), threads: 1, onCaller).contains(true))
  }
}
