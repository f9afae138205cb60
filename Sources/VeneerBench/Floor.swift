import Foundation
import SwiftParser
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

/// What SwiftParser alone costs over what Veneer hands it: the skeleton of each file that may
/// declare a protocol (its protocols, aliases, generic enums, imports and `#if` lines), or the
/// whole file where the scan cannot vouch for it. On all cores, as Veneer parses; the median of
/// `runs`, in milliseconds, and how many files it parsed.
func skeletonParseFloor(_ files: [String], runs: Int) -> (milliseconds: Double, files: Int) {
  let handed: [[UInt8]] = files.compactMap { file in
    guard let bytes = FileBytes.read(file), DeclarationScanner.mayDeclareProtocolOrAlias(bytes)
    else { return nil }
    switch DeclarationScanner.scan(bytes) {
    case .noProtocols: return nil
    case .needsFullParse: return bytes
    case .skeleton(let skeleton): return skeleton
    }
  }
  var times: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<runs {
    let start = clock.now
    let parsed = Parallel.map(handed) { bytes in
      bytes.withUnsafeBufferPointer { Parser.parse(source: $0).statements.count }
    }
    precondition(parsed.count == handed.count)
    times.append(milliseconds(clock.now - start))
  }
  return (median(times), handed.count)
}
