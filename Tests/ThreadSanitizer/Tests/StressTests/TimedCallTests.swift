import Testing
import VeneerRuntime

/// The runtime of timeout decorators under concurrency: many timed calls at once, half past
/// their deadline, each ends once, as its deadline says. Run under Thread Sanitizer too.
@Suite("Timed calls at once")
struct TimedCallTests {
  @Test func manyCallsAtOnceEachEndAsTheirDeadlineSays() async {
    let outcomes = await withTaskGroup(of: String.self) { group in
      for index in 0..<100 {
        let isSlow = index.isMultiple(of: 2)
        group.addTask {
          do {
            let value = try await __TimedCall.run(
              "Work.call(\(index))", deadline: isSlow ? .milliseconds(5) : .seconds(60)
            ) {
              if isSlow { try await Task.sleep(for: .seconds(60)) }
              return index
            }
            return value == index ? "returned" : "wrong value"
          } catch let error as TimeoutError {
            return error.requirement == "Work.call(\(index))" && isSlow
              ? "timed out" : "wrong error"
          } catch {
            return "\(error)"
          }
        }
      }
      return await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
    }
    #expect(outcomes == ["returned": 50, "timed out": 50])
  }
}
