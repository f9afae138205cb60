import Foundation
import TestSupport
import Testing
import VeneerGenerator

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
    #expect(unmeasured.statistics.stages.map(\.name) == ["discover", "parse", "render"])

    let measured = Generator(measuresCPUTime: true).generate(configuration)
    #expect(measured.files.map(\.contents) == unmeasured.files.map(\.contents))
    // Only the file that mentions `protocol` is scanned and parsed.
    #expect(
      Set(measured.statistics.cpuTimes.keys)
        == ["read", "prefilter", "scan", "parse", "resolve", "render"])
    #expect(measured.statistics.cpuTimes.values.allSatisfy { $0 >= .zero })
  }
}
