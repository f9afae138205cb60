import Foundation
import Testing
import VeneerGenerator
import VeneerSupport

@Suite("Determinism: the same output whatever the threads, the file order, or unrelated edits")
struct DeterminismTests {
  let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../FixtureCatalog").standardizedFileURL.path

  func catalogFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: catalog).sorted().map {
      "\(catalog)/\($0)"
    }
  }

  func generate(_ files: [String], threads: Int) -> (
    files: [GeneratedSource], diagnostics: [String]
  ) {
    var configuration = Configuration(sources: files, output: "Out", decorateAll: true)
    configuration.imports = ["FixtureCatalog"]
    let generation = Generator(threads: threads).generate(configuration)
    return (generation.files, generation.diagnostics.map(\.description))
  }

  @Test func tenRunsWithOtherThreadCountsAndFileOrdersAreByteIdentical() throws {
    let files = try catalogFiles()
    let reference = generate(files, threads: 1)
    #expect(reference.files.count > 20)
    var random = SplitMix(seed: 10)
    for run in 1..<10 {
      let shuffled = files.shuffled(using: &random)
      let threads = [1, 2, 3, 4, 8, 16][run % 6]
      let result = generate(shuffled, threads: threads)
      #expect(result.files == reference.files, "run \(run), \(threads) threads, \(shuffled)")
      #expect(result.diagnostics == reference.diagnostics)
    }
  }

  /// A protocol's file changes only when its model does: edits elsewhere, new files and new
  /// protocols leave it byte for byte as it was, so review diffs stay small.
  @Test func unrelatedEditsLeaveAProtocolsFileAsItWas() throws {
    let folder = try TemporaryFolder()
    for file in try catalogFiles() {
      try folder.write(
        URL(fileURLWithPath: file).lastPathComponent,
        try String(contentsOfFile: file, encoding: .utf8))
    }
    let sources = { [folder.path] }
    let before = Dictionary(
      uniqueKeysWithValues: generate(sources(), threads: 2).files.map { ($0.name, $0.contents) })
    let shows = try #require(before["ShowService+Decorators.swift"])

    // Another file gains a protocol and a type, a new file appears, and the protocol's own file
    // gains an unrelated type above it.
    let posts = try #require(folder.read("Posts.swift"))
    try folder.write("Posts.swift", posts + "\npublic protocol Audit {\n  func record()\n}\n")
    try folder.write("Extra.swift", "public struct Extra {}\npublic protocol Metered {}\n")
    let showsSource = try #require(folder.read("Shows.swift"))
    let firstDeclaration = try #require(showsSource.range(of: "\n/// ")?.lowerBound)
    try folder.write(
      "Shows.swift",
      showsSource.replacingCharacters(
        in: firstDeclaration..<firstDeclaration, with: "\nstruct Unrelated { var count = 0 }\n"))

    let after = Dictionary(
      uniqueKeysWithValues: generate(sources(), threads: 2).files.map { ($0.name, $0.contents) })
    #expect(after["ShowService+Decorators.swift"] == shows)
    #expect(after["Audit+Decorators.swift"] != nil)
    for (name, contents) in before {
      #expect(after[name] == contents, "\(name) changed")
    }
  }
}
