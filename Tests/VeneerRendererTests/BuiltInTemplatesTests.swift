import Foundation
import TestSupport
import Testing
import VeneerTemplateEmbedding

@testable import VeneerRenderer

@Suite("Built-in templates embedded in the binary")
struct BuiltInTemplatesTests {
  /// Each file that embeds the templates, and `Package.swift`'s list of them, is what
  /// `bash Scripts/regenerate` makes of the folders.
  @Test func embeddedTemplatesMatchTheirFolders() throws {
    for file in try TemplateEmbedding.files(repositoryRoot: repositoryRoot) {
      if let difference = checkedInDifference(
        file.path,
        onDisk: try String(
          contentsOf: repositoryRoot.appendingPathComponent(file.path), encoding: .utf8),
        expected: file.contents, regenerate: "bash Scripts/regenerate")
      {
        Issue.record(Comment(rawValue: difference))
      }
    }
    // Each built-in template is a descriptor's, and each descriptor has one.
    #expect(BuiltInTemplates.all.map(\.name) == BuiltInDecorators.all.map(\.name).sorted())
  }

  /// Built-ins registered together share no name, annotation key, composition helper, plan or
  /// plan member: a plan member reused was read from the first plan in silence; now each is a
  /// message at the descriptor, naming the built-in it clashes with. Stored properties are each
  /// built-in's own: reusing another's name is not a clash (it crashed `veneer templates list`
  /// once, with duplicate keys), but `base`, one name twice or a keyword is.
  @Test func builtInsAreRegisteredWithoutClashes() throws {
    #expect(BuiltInDecorators.problems(registering: BuiltInDecorators.all) == [])
    let caching = try #require(BuiltInDecorators.named("caching"))
    let bulkhead = try #require(BuiltInDecorators.named("bulkhead"))
    let line = #line + 1
    let copy = BuiltInDecorator(
      name: "Memo", summary: "remembers", annotations: ["memo": [:], "cache": [:]],
      storage: caching.storage + [
        ("base", "what it wraps"), ("memo", "its memo"), ("memo", "again"), ("self", "itself"),
      ],
      plan: DecoratorPlanKind(BulkheadPlan.self),
      objectiveCPlan: ObjCDecoratorPlanKind(ObjCAnalyticsPlan.self), runtimeModule: "VeneerRuntime",
      compositionHelper: "withCaching")
    let analytics = try #require(BuiltInDecorators.named("analytics"))
    let problems = BuiltInDecorators.problems(registering: [caching, bulkhead, analytics, copy])
    let at = "\(#filePath):\(line): built-in Memo declares the"
    let fix = "rename it in Memo's folder"
    #expect(
      problems == [
        "\(at) annotation key 'cache', which Caching declares already: \(fix)",
        "\(at) stored property 'base', which every decorator declares already: \(fix)",
        "\(at) stored property 'memo', which Memo declares already: \(fix)",
        "\(at) stored property 'self', which is not a Swift name: \(fix)",
        "\(at) composition helper 'withCaching', which Caching declares already: \(fix)",
        "\(at) plan 'bulkhead', which Bulkhead declares already: \(fix)",
        "\(at) plan member 'admittedCall', which Bulkhead declares already: \(fix)",
        "\(at) Objective-C plan member 'analyticsProperties', which Analytics declares already: "
          + fix,
        "\(at) Objective-C plan member 'eventLiteral', which Analytics declares already: \(fix)",
        "\(at) Objective-C plan member 'failureEventLiteral', which Analytics declares already: "
          + fix,
      ], "\(problems)")
  }

  /// What a descriptor says of its built-in is what its template does: the template imports
  /// the runtime library it names (for the plugins' "add this product" error) whole and, of
  /// other libraries, only the declarations its signatures name (which `VeneerMacros`
  /// re-exports), and each stored property it declares is one the template reads.
  @Test(arguments: BuiltInDecorators.all.map(\.name))
  func eachDescriptorAgreesWithItsTemplate(name: String) throws {
    let decorator = try #require(BuiltInDecorators.named(name))
    let template = try #require(BuiltInTemplates.all.first { $0.name == name })
    #expect(Set(template.imports) == Set([decorator.runtimeModule] + decorator.signatureNames))
    for property in decorator.storage {
      #expect(template.text.contains("storage.\(property.name) }}"), "\(property.name)")
    }
  }
}
