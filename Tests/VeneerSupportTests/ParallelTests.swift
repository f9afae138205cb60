import Foundation
import Testing
import VeneerSupport

/// `Parallel.map` keeps its items' order, and runs a few light items on the calling thread.
@Suite("Parallel map")
struct ParallelTests {
  @Test(arguments: [0, 1, 63, 64, 500])
  func resultsKeepTheirItemsOrder(count: Int) {
    let items = Array(0..<count)
    #expect(Parallel.map(items) { $0 * 3 } == items.map { $0 * 3 })
    #expect(
      Parallel.map(items, inlineBelow: Parallel.fewSystemCalls) { $0 * 3 } == items.map { $0 * 3 })
  }

  @Test func fewItemsStayOnTheCallingThreadAndMoreGoToWorkers() {
    let caller = ObjectIdentifier(Thread.current)
    let onCaller = { @Sendable (_: Int) in ObjectIdentifier(Thread.current) == caller }
    let few = Array(0..<(Parallel.fewSystemCalls - 1))
    #expect(Parallel.map(few, inlineBelow: Parallel.fewSystemCalls, onCaller).allSatisfy { $0 })
    let many = Array(0..<Parallel.fewSystemCalls)
    #expect(!Parallel.map(many, inlineBelow: Parallel.fewSystemCalls, onCaller).contains(true))
    #expect(!Parallel.map(few, onCaller).contains(true))
  }
}
