import Foundation
import Testing
import VeneerParser

@testable import VeneerGenerator

/// A stamp taken in the same tick of a file system's clock as the file's last change cannot
/// tell a later change in that tick: such a source is read again, as git re-hashes its index's
/// "racily clean" entries.
@Suite("Racy stamps")
struct RacyStampTests {
  @Test func aSourceStampedInTheTickOfItsChangeIsReadAgain() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("Sources/A.swift", "protocol A {}\n")
    let discovered = DiscoveredSources(
      Configuration(sources: [folder.path + "/Sources"], output: folder.path + "/Out"),
      listings: nil)
    let stamp = try #require(FileStamp(path: path))
    let source = GenerationCache.SourceStamp(
      path: path, size: stamp.size, modified: stamp.modified,
      statusChanged: stamp.statusChanged, hash: 1, modelHash: 2)
    func index(stampedAt: Int) -> GenerationCache.Index {
      GenerationCache.Index(
        format: GenerationCache.format, veneerVersion: "", settings: 0, stampedAt: stampedAt,
        sources: [source], headers: .init(), outputs: [], diagnostics: [],
        statistics: .init(protocols: 0, decoratedProtocols: 0, outputLines: 0))
    }
    let changedAt = max(stamp.modified, stamp.statusChanged)
    // Stamped a second after the change: on a clock of seconds, the same tick.
    #expect(
      UnchangedRun.changedSources(
        index(stampedAt: changedAt + 1_000_000_000), discovered, [stamp]) == [0])
    // Stamped well after it: trusted by its stamp.
    #expect(
      UnchangedRun.changedSources(
        index(stampedAt: changedAt + FileStamp.racyInterval + 1), discovered, [stamp]) == [])
  }
}
