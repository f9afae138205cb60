import FixtureCatalog
import FixtureDecorators
import Foundation
import TestSupport
import Testing
import VeneerRuntime

/// Generated caching decorators under concurrent load, with a cache small enough to evict, values
/// that expire while the load runs, and invalidations among the calls. Run under Thread
/// Sanitizer in CI: `swift test --sanitize=thread --filter StressTests`.
@Suite("Stress: caching decorators under concurrent load")
struct StressTests {
  /// A tiny cache on a clock that jumps forward on every read, so entries expire mid-run.
  func jumpyCache(capacity: Int) -> InMemoryCache {
    let clock = ManualClock()
    let origin = ContinuousClock.now
    return InMemoryCache(maximumEntryCount: capacity, defaultTimeToLive: .milliseconds(300)) {
      clock.advance(by: .milliseconds(1))
      return clock.continuous(from: origin)
    }
  }

  @Test func completionHandlersRunExactlyOnceWithTheirOwnArgumentsValue() async {
    let counter = CallCounter()
    let repo = CountingPostRepo(counter: counter, failingIDs: [7]).withCaching(
      jumpyCache(capacity: 8))
    let callCount = 4_000
    let deliveries = Deliveries<(call: Int, id: Int, result: Result<Post, any Error>)>()
    await withTaskGroup(of: Void.self) { group in
      for call in 0..<callCount {
        group.addTask {
          // Four hot ids that stay cached, and a cold tail that the small cache evicts.
          let id = call % 10 < 7 ? call % 4 : 4 + (call * 7_919) % 37
          await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            if call % 50 == 0 {
              // Creating a post invalidates every cached getPost.
              repo.createPost(title: "T\(call)", body: "") { result in
                deliveries.append((call, -1, result))
                finished.resume()
              }
            } else {
              repo.getPost(id: id) { result in
                deliveries.append((call, id, result))
                finished.resume()
              }
            }
          }
        }
      }
    }
    let delivered = deliveries.values
    #expect(delivered.count == callCount)
    #expect(Set(delivered.map(\.call)).count == callCount, "a completion ran twice or never")
    for delivery in delivered where delivery.id >= 0 {
      switch delivery.result {
      case .success(let post):
        #expect(post.id == delivery.id && delivery.id != 7, "call \(delivery.call)")
      case .failure:
        #expect(delivery.id == 7, "call \(delivery.call)")
      }
    }
    // Hits happened, and so did misses after evictions, expiries and invalidations.
    let fetched = counter.count("getPost")
    #expect(fetched < callCount / 2 && fetched > 41, "\(fetched) fetched")
  }

  @Test func asyncCallsShareComputationsAndNeverCrossArguments() async throws {
    let counter = CallCounter()
    let cache = jumpyCache(capacity: 16)
    let service = LengthService(counter: counter).withCaching(cache)
    let inputs = (0..<40).map { String(repeating: "x", count: $0) }
    let callCount = 4_000
    let results = try await withThrowingTaskGroup(of: (String, Int?).self) { group in
      for call in 0..<callCount {
        group.addTask {
          let input = inputs[(call * 31) % inputs.count]
          if call % 97 == 0 { cache.removeValues(forRequirement: "Service.callAsFunction(input:)") }
          return (input, try? await service(input: input))
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == callCount)
    for (input, length) in results {
      #expect(length == (input.isEmpty ? nil : input.count), "input of \(input.count)")
    }
    #expect(counter.count("call") < callCount)
  }
}
