import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerParser
import VeneerRenderer

@Suite("The checked-in decorators of the fixture catalog")
struct GeneratedCodeTests {
  static let outputFolder = repositoryRoot.appendingPathComponent("Tests/FixtureDecorators").path

  static func generation() -> Generation {
    Generator().generate(
      Configuration(
        sources: [repositoryRoot.appendingPathComponent("Tests/FixtureCatalog").path],
        output: outputFolder, imports: ["FixtureCatalog"], decorateAll: true))
  }

  /// What `generation` writes is what `folder` holds, file for file; a file that differs is
  /// reported as a unified diff.
  static func expectCheckedIn(_ generation: Generation, in folder: String, regenerate: String)
    throws
  {
    #expect(!generation.hasErrors)
    let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(onDisk == generation.files.map(\.name).sorted(), "to update them: \(regenerate)")
    for file in generation.files {
      let name = URL(fileURLWithPath: folder).lastPathComponent + "/" + file.name
      if let difference = checkedInDifference(
        name, onDisk: try? String(contentsOfFile: "\(folder)/\(file.name)", encoding: .utf8),
        expected: file.contents, regenerate: regenerate)
      {
        Issue.record(Comment(rawValue: difference))
      }
    }
  }

  @Test func checkedInOutputIsCurrent() throws {
    try Self.expectCheckedIn(
      Self.generation(), in: Self.outputFolder,
      regenerate: "bash Scripts/regenerate")
  }

  /// The opt-in built-ins' decorators, kept apart for the libraries they import.
  @Test func checkedInServerDecoratorsAreCurrent() throws {
    let folder = repositoryRoot.appendingPathComponent("Tests/ServerDecorators").path
    // Every opt-in built-in, as the descriptors say: one added is compiled here unedited.
    let optIn = BuiltInDecorators.all.filter(\.isOptIn).map(\.typedName)
    let generation = Generator().generate(
      Configuration(
        sources: [repositoryRoot.appendingPathComponent("Tests/FixtureCatalog").path],
        output: folder, templates: optIn, writtenElsewhere: AspectTests.writtenElsewhere,
        imports: ["FixtureCatalog"], decorateAll: true))
    try Self.expectCheckedIn(
      generation, in: folder,
      regenerate: "bash Scripts/regenerate")
    // Of swift-distributed-tracing, only what the decorators name: its `Span` would hide the
    // standard library's.
    for file in generation.files {
      #expect(file.contents.contains("import protocol Tracing.Tracer\n"))
      #expect(!file.contents.contains("import Tracing\n"))
    }
    // An app with tracing or metrics, and not VeneerRuntime, builds their decorators.
    for name in ["Tracing", "Metrics"] {
      let template = try #require(BuiltInTemplates.all.first { $0.name == name })
      #expect(!template.imports.contains { $0.contains("VeneerRuntime") }, "\(name)")
    }
    // Each requirement the timeout decorator forwards without a deadline is said, with why.
    let notes = generation.diagnostics.filter { $0.severity == .note }.map(\.description)
    for expected in [
      "Users.swift:21:3: note: the timeout decorator forwards "
        + "resetPassword(for:token:) without a deadline: it cannot throw TimeoutError",
      "Shows.swift:18:3: note: the timeout decorator forwards allShows() without a deadline: "
        + "it cannot throw TimeoutError",
      "Users.swift:12:3: note: the timeout decorator forwards "
        + "authenticate(username:password:) without a deadline: it is synchronous, and only an "
        + "async call can be cancelled when its deadline passes",
    ] {
      #expect(notes.contains { $0.hasSuffix(expected) }, "\(expected)")
    }
  }

  @Test func everyUndecoratableProtocolIsExplainedAtItsRequirement() {
    let warnings = Self.generation().diagnostics.map(\.description)
    for expected in [
      "Operators is not decorated: requirement -(_:) uses Self other than as a parameter's type "
        + "or as an instance method's result (Self, Self? or [Self])",
      "SelfReturning is not decorated: requirement make() uses Self in a static requirement's "
        + "result, and a decorator made by a static call would have none of the logger",
      "ClassBuilder is not decorated: requirement adding(_:) uses Self in its result, and a "
        + "decorator class or actor cannot copy itself",
      "Variadic is not decorated: requirement sum(_:) has variadic parameter 'values'",
      "Initializers is not decorated: initializer requirement init(celsius:) cannot be met",
      "Choice is not decorated: associated type AllCases requires Self == Self.AllCases.Element",
      "TiedToItself is not decorated: its where clause requires Paths.Element == "
        + "PartialKeyPath<Self>, and a decorator is a different type from the one it wraps",
    ] {
      #expect(warnings.contains { $0.contains(expected) }, "missing: \(expected)")
    }
  }

  @Test func generatedFilesReparseWithoutErrors() {
    let generation = Self.generation()
    // One file per protocol of the catalog, but for those a warning says are not decorated and
    // those annotated `skip`.
    let catalog = ProtocolParser.withBuiltIns.parseCatalog(paths: [
      repositoryRoot.appendingPathComponent("Tests/FixtureCatalog").path
    ])
    let undecorated = generation.diagnostics.filter { $0.message.contains(" is not decorated: ") }
    let skipped = catalog.protocols.filter {
      $0.annotations.contains { $0.key == "skip" && $0.arguments.isEmpty }
    }
    #expect(!generation.files.isEmpty)
    #expect(generation.files.count == catalog.protocols.count - undecorated.count - skipped.count)
    for file in generation.files {
      let parsed = ProtocolParser.withBuiltIns.parse(source: file.contents, file: file.name)
      #expect(parsed.diagnostics.filter { $0.severity == .error } == [], "\(file.name)")
      #expect(file.contents.hasPrefix("// Generated by Veneer. Do not edit.\n"))
      #expect(!file.contents.contains("\r"))
    }
  }

  @Test func generationIsDeterministic() {
    let first = Self.generation().files
    for _ in 0..<3 { #expect(Self.generation().files == first) }
  }
}
