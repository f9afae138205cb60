import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerRenderer

/// Every snippet of the README and of the guides in `Documentation/` is what it claims to be:
/// each Swift block type-checks in Swift 6 mode (alone, beside `Documentation/Snippets/
/// Prelude.swift` and the decorators Veneer generates for both, with the macro's plugin), and
/// each `veneer.yml` block is read without an error. A manifest is the examples' own
/// (`GuideManifestTests`); a block marked ` ```swift fragment ` is a piece of one, and one
/// marked ` ```swift continued ` is compiled after the block before it.
@Suite("The documentation's snippets")
struct DocumentationSnippetTests {
  struct Snippet: CustomStringConvertible {
    let document: String
    let line: Int
    let info: String
    let code: String
    var description: String { "\(document):\(line)" }
  }

  static let documents: [String] = {
    let guides =
      (try? FileManager.default.contentsOfDirectory(
        atPath: repositoryRoot.appendingPathComponent("Documentation").path)) ?? []
    return ["README.md"]
      + guides.filter { $0.hasSuffix(".md") }.sorted().map {
        "Documentation/\($0)"
      }
  }()

  /// The fenced blocks of `document`, with the line each starts at.
  static func snippets(in document: String) throws -> [Snippet] {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(document), encoding: .utf8)
    var snippets: [Snippet] = []
    var open: (line: Int, info: String, code: [Substring])?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("```") {
        if let block = open {
          // A block in a list item is indented as its fence is.
          let indent = line.prefix { $0 == " " }.count
          let code = block.code.map { line in
            String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count)))
          }
          snippets.append(
            Snippet(
              document: document, line: block.line, info: block.info,
              code: code.joined(separator: "\n") + "\n"))
          open = nil
        } else {
          open = (index + 1, String(trimmed.dropFirst(3)), [])
        }
      } else if open != nil {
        open?.code.append(line)
      }
    }
    return snippets
  }

  static func isManifest(_ snippet: Snippet) -> Bool {
    snippet.code.hasPrefix("// swift-tools-version:")
  }

  @Test(arguments: documents)
  func everySwiftSnippetTypeChecks(document: String) throws {
    let prelude = repositoryRoot.appendingPathComponent("Documentation/Snippets/Prelude.swift")
    var previous = ""
    for snippet in try Self.snippets(in: document)
    where ["swift", "swift continued"].contains(snippet.info) && !Self.isManifest(snippet) {
      let code = (snippet.info == "swift continued" ? previous + "\n" : "") + snippet.code
      previous = code
      let folder = try TemporaryFolder()
      let main = try folder.write("Sources/main.swift", code)
      let shared = try folder.write(
        "Sources/Prelude.swift", try String(contentsOf: prelude, encoding: .utf8))
      let generation = Generator().generate(
        Configuration(sources: [folder.path + "/Sources"], output: folder.path + "/Out"))
      let errors = generation.diagnostics.filter { $0.severity == .error }
      #expect(errors.isEmpty, "\(snippet): \(errors.map(\.description))")
      let generated = try generation.files.map { try folder.write("Out/\($0.name)", $0.contents) }
      let checked = try typeCheck([main, shared] + generated, macros: true)
      #expect(checked.status == 0, "\(snippet):\n\(code)\n\(checked.errors)")
    }
  }

  /// A block marked ` ```swift main-actor-target ` is a file of a target built with
  /// `.defaultIsolation(MainActor.self)`: compiled alone, with that setting and the macro.
  @Test(arguments: documents)
  func everyMainActorTargetSnippetTypeChecks(document: String) throws {
    for snippet in try Self.snippets(in: document) where snippet.info == "swift main-actor-target" {
      let folder = try TemporaryFolder()
      let main = try folder.write("Sources/main.swift", snippet.code)
      let checked = try typeCheck([main], flags: ["-default-isolation", "MainActor"], macros: true)
      #expect(checked.status == 0, "\(snippet):\n\(snippet.code)\n\(checked.errors)")
    }
  }

  /// A fragment is a piece of a manifest, shown where a whole one would say too much.
  @Test(arguments: documents)
  func fragmentsArePiecesOfManifests(document: String) throws {
    for snippet in try Self.snippets(in: document)
    where snippet.info.hasPrefix("swift ") && snippet.info != "swift continued"
      && snippet.info != "swift main-actor-target"
    {
      #expect(snippet.info == "swift fragment", "\(snippet)")
      #expect(
        [".package(", ".product(", ".target("].contains { snippet.code.contains($0) },
        "\(snippet) is no piece of a manifest")
    }
  }

  @Test(arguments: documents)
  func everyConfigurationSnippetIsRead(document: String) throws {
    for snippet in try Self.snippets(in: document) where snippet.info == "yaml" {
      let parsed = ConfigurationFile.parse(snippet.code, file: "veneer.yml", directory: "/")
      let errors = parsed.diagnostics.filter { $0.severity == .error }
      #expect(errors.isEmpty, "\(snippet): \(errors.map(\.description))")
    }
  }

  /// A template shown in a guide renders over a protocol of every kind of member, and what it
  /// writes type-checks.
  @Test(arguments: documents)
  func everyTemplateSnippetRendersAndTypeChecks(document: String) throws {
    for snippet in try Self.snippets(in: document) where snippet.info == "stencil" {
      let folder = try TemporaryFolder()
      let template = try folder.write("Templates/Announce.stencil", snippet.code)
      let source = try folder.write(
        "Sources/Service.swift",
        """
        public protocol Service: Sendable {
          var name: String { get }
          func load(id: Int) async throws -> String
          func save(_ text: String)
        }

        """)
      let configuration = Configuration(
        sources: [folder.path + "/Sources"], output: folder.path + "/Out", templates: [template],
        decorateAll: true)
      let generation = Generator().generate(configuration)
      #expect(generation.diagnostics.isEmpty, "\(snippet): \(generation.diagnostics)")
      let generated = try generation.files.map { try folder.write("Out/\($0.name)", $0.contents) }
      #expect(!generated.isEmpty, "\(snippet) wrote nothing")
      let checked = try typeCheck([source] + generated)
      #expect(checked.status == 0, "\(snippet):\n\(checked.errors)")
    }
  }

  /// The guides hold the snippets: the README links to them.
  @Test func theReadmeIsShortAndLinksEveryGuide() throws {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 300)
    for guide in Self.documents.dropFirst() {
      #expect(readme.contains("(\(guide))"), "README.md does not link \(guide)")
    }
  }
}
