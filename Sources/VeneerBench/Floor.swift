import Foundation
import VeneerParser
import VeneerSupport

/// What the machine cannot go below for the corpus, measured in the same run as Veneer: listing
/// its folders and reading every file, on all cores, as a warm run of Veneer finds them. The
/// median of `runs`, in milliseconds.
func readFloor(_ folders: [String], runs: Int) -> Double {
  var times: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<runs {
    let start = clock.now
    let files = SourceDiscovery.swiftFiles(at: folders).files
    let sizes = Parallel.map(files) { FileBytes.read($0)?.count ?? 0 }
    precondition(sizes.count == files.count)
    times.append(milliseconds(clock.now - start))
  }
  return median(times)
}
