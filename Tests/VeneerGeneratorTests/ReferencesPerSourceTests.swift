import Foundation
import Testing
import VeneerModel
import VeneerParser

@testable import VeneerGenerator

/// What Bazel's veneer_decorators relies on: each source generated alone, with the folder of
/// references `ReferencesPerSource` gathered for it, gives the file a run over all the sources
/// gives, and that folder holds only what the source's protocols are made of.
@Suite("References per source, for one action per source file")
struct ReferencesPerSourceTests {
  static let fixtureCatalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../FixtureCatalog").standardizedFileURL.path

  @Test func eachSourceAloneWithItsReferencesGivesTheWholeRunsFile() throws {
    let sources = SourceDiscovery.swiftFiles(at: [Self.fixtureCatalog]).files
    let folder = try TemporaryFolder()
    var whole = Configuration(
      sources: sources, output: folder.path + "/Whole", imports: ["FixtureCatalog"],
      decorateAll: true)
    whole.sourceFileRoot = Self.fixtureCatalog
    let expected = Generator().generate(whole)
    #expect(!expected.hasErrors)
    #expect(expected.files.count == sources.count)

    try ReferencesPerSource.write(
      sources: sources, references: [], root: Self.fixtureCatalog,
      into: folder.path + "/References")
    var copied = 0
    for (source, file) in zip(sources, expected.files) {
      let stem = String(file.name.dropLast("+Decorators.swift".count))
      let references = folder.path + "/References/" + stem
      copied += try FileManager.default.subpathsOfDirectory(atPath: references).count {
        $0.hasSuffix(".swift")
      }
      var alone = whole
      alone.include = [Located(source)]
      alone.references = [Located(references)]
      let generation = Generator().generate(alone)
      #expect(generation.diagnostics.filter { $0.severity == .error } == [])
      #expect(generation.files.map(\.name) == [file.name])
      #expect(generation.files.first?.contents == file.contents, "\(file.name)")
    }
    // Some protocols inherit from other files' (the catalog's aliases and storage protocols).
    #expect(copied > 0)
  }

  @Test func aFolderHoldsOnlyWhatItsSourcesProtocolsAreMadeOf() throws {
    let folder = try TemporaryFolder()
    let base = try folder.write("Sources/Base.swift", "public protocol Base { func a() }\n")
    let heir = try folder.write(
      "Sources/Nested/Heir.swift", "public protocol Heir: Base { func b() }\n")
    let alone = try folder.write("Sources/Alone.swift", "public protocol Alone { func c() }\n")
    let plain = try folder.write("Sources/Plain.swift", "func helper() {}\n")
    let elsewhere = try folder.write(
      "Other/Remote.swift", "public protocol Remote { func d() }\n")
    let user = try folder.write(
      "Sources/User.swift", "public protocol User: Remote { func e() }\n")
    try ReferencesPerSource.write(
      sources: [base, heir, alone, plain, user], references: [elsewhere],
      root: folder.path + "/Sources", into: folder.path + "/Out")
    func contents(_ name: String) throws -> [String] {
      try FileManager.default.subpathsOfDirectory(atPath: folder.path + "/Out/" + name)
        .filter { $0.hasSuffix(".swift") }.map { "/" + $0 }
    }
    #expect(try contents("Nested.Heir") == [base])
    #expect(try contents("User") == [elsewhere])
    for name in ["Base", "Alone", "Plain"] { #expect(try contents(name) == []) }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Out").sorted() == [
        "Alone", "Base", "Nested.Heir", "Plain", "User",
      ])
  }

  @Test func aPathThatWouldLeaveTheFolderIsAnErrorAndNothingIsWritten() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write("Sources/Base.swift", "public protocol Base { func a() }\n")
    let heir = try folder.write("Sources/Heir.swift", "public protocol Heir: Base {}\n")
    // Base.swift named through `..`: its heir's copy of it would be placed by that path.
    let escaping = folder.path + "/Sources/../Sources/Base.swift"
    do {
      try ReferencesPerSource.write(
        sources: [heir], references: [escaping], root: folder.path + "/Sources",
        into: folder.path + "/Out")
      Issue.record("a reference named through '..' was copied")
    } catch {
      #expect(error.diagnostics.map(\.file) == [escaping])
      #expect(error.diagnostics.first?.message.contains("'..'") == true)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Out"))
  }

  @Test func twoSourcesOfOneFolderNameAreAnError() throws {
    let folder = try TemporaryFolder()
    let dotted = try folder.write("Sources/A.B.swift", "public protocol P {}\n")
    let nested = try folder.write("Sources/A/B.swift", "public protocol Q {}\n")
    do {
      try ReferencesPerSource.write(
        sources: [dotted, nested], references: [], root: folder.path + "/Sources",
        into: folder.path + "/Out")
      Issue.record("two sources shared a folder")
    } catch {
      #expect(
        error.diagnostics.map(\.message) == [
          "\(dotted) and this source would share the references folder 'A.B'"
        ])
      #expect(error.diagnostics.first?.file == nested)
    }
  }
}
