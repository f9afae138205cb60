import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerSupport

/// A run counts what it did; it times each stage's CPU only when asked, as `--verbose` does.
@Suite("Run statistics")
struct StatisticsTests {
  let folder: TemporaryFolder
  let configuration: Configuration

  init() throws {
    folder = try TemporaryFolder()
    try folder.write(
      "Sources/Store.swift",
      "// veneer: logging\npublic protocol Store {\n  func load() -> Int\n}\n")
    try folder.write("Sources/Plain.swift", "struct Plain {}\n")
    configuration = Configuration(sources: [folder.path + "/Sources"], output: folder.path + "/Out")
  }

  @Test func cpuTimeIsMeasuredPerStageOnlyWhenAsked() {
    let unmeasured = Generator().generate(configuration)
    #expect(unmeasured.statistics.cpuTimes.isEmpty)
    #expect(unmeasured.statistics.readFiles == 2)
    #expect(unmeasured.statistics.renderedProtocols == 1)
    #expect(unmeasured.statistics.stages.map(\.stage) == [.discover, .parse, .select, .render])

    let measured = Generator(measuresCPUTime: true).generate(configuration)
    #expect(measured.files.map(\.contents) == unmeasured.files.map(\.contents))
    // Only the file that mentions `protocol` is scanned and parsed.
    #expect(
      Set(measured.statistics.cpuTimes.keys)
        == [.read, .prefilter, .scan, .parse, .resolve, .render])
  }

  @Test func aRunWhereNothingChangedEndsAtTheCheck() throws {
    let first = Generator().generate(
      configuration, cache: GenerationCache(folder: folder.path + "/Cache"))
    let output = OutputFolder(path: folder.path + "/Out")
    try output.apply(try output.plan(first.files))
    GenerationCache(folder: folder.path + "/Cache").save(first, outputFolder: output.path)

    // A later run, as the next `veneer generate` would make it.
    let second = Generator().generate(
      configuration, cache: GenerationCache(folder: folder.path + "/Cache"))
    #expect(second.statistics.stages.map(\.stage) == [.discover, .check])
    #expect(second.statistics.readFiles == 0)
    #expect(second.unchangedFiles == first.files.map(\.name))
  }
}
