import Foundation
import Testing
import VeneerParser
import VeneerRenderer
import VeneerSupport

@testable import VeneerGenerator

@Suite("Reading sources while discovery walks")
struct ReadAheadTests {
  /// Nested folders of sources with a FIFO among them, a vendored folder the configuration
  /// excludes with a FIFO of its own, and references that overlap the sources.
  func project() throws -> (folder: TemporaryFolder, configuration: Configuration) {
    let folder = try TemporaryFolder()
    for index in 0..<60 {
      try folder.write(
        "Sources/Module\(index % 4)/Part\(index % 3)/Service\(index).swift",
        """
        /// Service \(index).
        public protocol Service\(index)\(index > 0 ? ": Service\(index - 1)" : "") {
          func call\(index)(_ value: Int) async throws -> Int
        }
        public struct Helper\(index) { func f() -> Int { [1, 2].map { $0 / 2 }.count } }

        """)
    }
    try folder.write("Sources/Vendor/Vendored.swift", "public protocol Vendored { func f() }\n")
    #expect(mkfifo(folder.path + "/Sources/Vendor/Pipe.swift", 0o644) == 0)
    #expect(mkfifo(folder.path + "/Sources/Module3/Pipe.swift", 0o644) == 0)
    try folder.write("References/Base.swift", "public protocol Base { func base() }\n")
    var configuration = Configuration()
    configuration.directory = folder.path
    configuration.include = [
      Located(folder.path + "/Sources"), Located(folder.path + "/Sources/Module1/**/*.swift"),
    ]
    configuration.references = [
      Located(folder.path + "/References"), Located(folder.path + "/Sources/Module2"),
    ]
    configuration.exclude = [Located("Sources/Vendor/**")]
    configuration.output = Located(folder.path + "/Out")
    configuration.selection = .all
    return (folder, configuration)
  }

  @Test func runReadingAheadIsTheRunWithout() throws {
    let (folder, configuration) = try project()
    // One thread reads nothing ahead; the others do, as far as each walk lets them.
    let reference = Generator(threads: 1).generate(configuration)
    #expect(reference.files.count == 60, "\(reference.diagnostics)")
    #expect(reference.statistics.readFiles == 62)
    #expect(reference.diagnostics.map(\.file) == [folder.path + "/Sources/Module3/Pipe.swift"])
    for threads in [2, 2, 3, 8] {
      let run = Generator(threads: threads).generate(configuration)
      #expect(run.files == reference.files, "\(threads) threads")
      #expect(run.diagnostics == reference.diagnostics, "\(threads) threads")
      #expect(run.statistics.readFiles == reference.statistics.readFiles)
    }
    // With a cache, the first run reads ahead and the models it saves serve the next.
    func run() throws -> Generation {
      let cache = GenerationCache(folder: folder.path + "/Cache")
      let generation = Generator(threads: 2).generate(configuration, cache: cache)
      let output = OutputFolder(path: folder.path + "/Out")
      try output.apply(try output.plan(generation.files, unchanged: generation.unchangedFiles))
      cache.save(generation, outputFolder: folder.path + "/Out")
      return generation
    }
    #expect(try run().files == reference.files)
    let second = try run()
    // Only the FIFO, which has no stamp to compare, is looked at again.
    #expect(second.statistics.readFiles == 1)
    #expect(second.unchangedFiles.sorted() == reference.files.map(\.name).sorted())
  }

  @Test func discoveryHandsOnlyTheFilesItKeeps() throws {
    let (folder, configuration) = try project()
    func search(include: [Located<String>]) -> (files: [String], offered: [String]) {
      let offered = Offered()
      let search = SourceFiles.matching(
        include: include, exclude: configuration.exclude, directory: configuration.directory,
        found: offered.add)
      #expect(search.diagnostics.isEmpty, "\(search.diagnostics)")
      return (search.files, offered.files)
    }
    // Every file kept, as the walk lists it, and nothing excluded: not the vendored FIFO either.
    let project = search(include: configuration.include + configuration.references)
    #expect(Set(project.offered) == Set(project.files))
    #expect(project.files.count == 62)
    #expect(!project.offered.contains { $0.contains("/Vendor/") })
    // Overlapping entries hand a file once per entry.
    #expect(project.offered.count > project.files.count)
    // A glob's walk lists its whole fixed folder; only what the glob matches is handed over.
    let glob = search(include: [Located(folder.path + "/Sources/**/Service1*.swift")])
    #expect(glob.offered.sorted() == glob.files.sorted())
    #expect(glob.files.count == 11)
  }

  @Test func workerTakesWhatIsOfferedOnceAndStopsWithDiscovery() throws {
    let (folder, _) = try project()
    let services = (0..<60).map {
      folder.path + "/Sources/Module\($0 % 4)/Part\($0 % 3)/Service\($0).swift"
    }
    let missing = folder.path + "/Sources/Missing.swift"
    let readAhead = ReadAhead()
    let worker = Parallel.Future {
      readAhead.work(parser: { ProtocolParser.withBuiltIns }, encodes: true, times: nil)
    }
    // Handed over by the batch: short of one, nothing is.
    let batch = Array(services[1..<ReadAhead.batchSize - 2]) + [services[0], missing]
    readAhead.offer(batch)
    #expect(readAhead.parsed(services[5]) == nil)
    readAhead.offer([services[0]])
    // Waits for each, as a parsing thread does for a file the worker is reading.
    let first = try #require(readAhead.parsed(services[0]))
    #expect(first.parsed.protocols.map(\.name) == ["Service0"])
    #expect(first.stamp != nil && first.encoded != nil && first.hash != 0)
    #expect(readAhead.parsed(services[1])?.parsed.protocols.map(\.name) == ["Service1"])
    #expect(readAhead.parsed(missing)?.parsed.diagnostics.map(\.severity) == [.error])
    // Each result is handed over once: the second offer of a file was not read again.
    #expect(readAhead.parsed(services[0]) == nil)
    // Short of a batch, and after discovery is over: never taken, left to the parsing threads.
    readAhead.offer([services[40]])
    readAhead.finishOffering()
    worker.value
    #expect(readAhead.parsed(services[40]) == nil)
    #expect(readAhead.parsed(services[2]) != nil)
  }

  /// What discovery hands over, from the walk's thread.
  final class Offered: @unchecked Sendable {
    private let lock = NSLock()
    private var offered: [String] = []

    var files: [String] { lock.withLock { offered } }

    func add(_ files: [String]) { lock.withLock { offered += files } }
  }
}
