import Foundation
import StencilOracle
import TestSupport
import Testing
import VeneerGenerator
import VeneerParser

@testable import VeneerRenderer

@Suite("The template reference")
struct TemplateReferenceTests {
  static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Templates/REFERENCE.md").path

  static let exampleSource = """
    /// Posts, by id.
    // veneer: logging, caching, retry(attempts: 3)
    public protocol PostRepo: Sendable {
      func getPost(id: Int, completion: @escaping @Sendable (Result<Post, any Error>) -> Void)

      // veneer: invalidates(getPost)
      func createPost(title: String, body: String) async throws -> Post
    }

    """

  /// Generated from the schema that checks templates, so a name in one is a name in the other.
  @Test func referenceIsCurrent() throws {
    let parsed = ProtocolParser.withBuiltIns.parse(
      source: Self.exampleSource, file: "PostRepo.swift")
    let proto = try #require(parsed.protocols.first)
    let plan = try ProtocolPlan.make(for: proto).get()
    let expected = TemplateSchema.reference(example: plan, exampleSource: Self.exampleSource)
    if ProcessInfo.processInfo.environment["VENEER_UPDATE_TEMPLATES"] == "1" {
      try Data(expected.utf8).write(to: URL(fileURLWithPath: Self.path))
    }
    if let difference = checkedInDifference(
      "Templates/REFERENCE.md", onDisk: try String(contentsOfFile: Self.path, encoding: .utf8),
      expected: expected,
      regenerate: "VENEER_UPDATE_TEMPLATES=1 swift test --filter TemplateReferenceTests")
    {
      Issue.record(Comment(rawValue: difference))
    }
  }

  /// Every text, number and boolean member the reference lists renders, through Veneer's
  /// compiled templates and through Stencil, to the value the reference shows.
  @Test(arguments: [
    "ProtocolPlan", "RequirementPlan", "LocalNames", "Protocol", "Requirement", "Parameter",
  ])
  func everyDocumentedMemberRendersItsValue(object: String) throws {
    let parsed = ProtocolParser.withBuiltIns.parse(
      source: Self.exampleSource, file: "PostRepo.swift")
    let plan = try ProtocolPlan.make(for: try #require(parsed.protocols.first)).get()
    let snapshot = TemplateSchema.snapshot(of: plan)
    let requirement = (snapshot["requirements"] as! [[String: Any]])[0]
    let parsedRequirement = requirement["requirement"] as! [String: Any]
    let (path, values): (String, [String: Any]) =
      switch object {
      case "ProtocolPlan": ("plan", snapshot)
      case "RequirementPlan": ("r", requirement)
      case "LocalNames": ("r.names", requirement["names"] as! [String: Any])
      case "Protocol": ("plan.proto", snapshot["proto"] as! [String: Any])
      case "Requirement": ("r.requirement", parsedRequirement)
      default: ("p", (parsedRequirement["parameters"] as! [[String: Any]])[0])
      }
    let scalars = TemplateSchema.objects[object]!.filter { member in
      switch member.type.unwrapped {
      case .text, .bool, .number:
        values[member.name] is String || values[member.name] is Bool
          || values[member.name] is Int
      default: false
      }
    }
    #expect(!scalars.isEmpty)
    let body = scalars.map { "\($0.name)={{ \(path).\($0.name) }}" }.joined(separator: "\n")
    let template =
      "{% for r in plan.requirements %}{% if forloop.first %}"
      + "{% for p in r.requirement.parameters %}{% if forloop.first %}\n\(body)\n"
      + "{% endif %}{% endfor %}{% endif %}{% endfor %}"
    let source = TemplateSource(name: "All", path: "All.stencil", text: template)
    #expect(source.check() == [])
    // Compare the raw text, before Veneer's layout pass touches it.
    let rendered = try CompiledTemplate.compile(source).get().renderUnformatted(plan)
    #expect(try StencilOracle.renderUnformatted(source, plan: plan) == rendered)
    for member in scalars {
      #expect(
        ("\n" + rendered).contains("\n\(member.name)=\(values[member.name]!)\n"),
        "\(path).\(member.name)")
    }
  }
}
