import Foundation
import StencilOracle
import TestSupport
import Testing
import VeneerGenerator
import VeneerParser
import VeneerTemplates

@testable import VeneerRenderer

@Suite("The template reference")
struct TemplateReferenceTests {
  static let exampleSource = TemplateReferenceDocument.exampleSource

  /// Generated from the schema that checks templates, so a name in one is a name in the other.
  @Test func referenceIsCurrent() throws {
    let path = TemplateReferenceDocument.path
    if let difference = checkedInDifference(
      path,
      onDisk: try String(
        contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8),
      expected: TemplateReferenceDocument.markdown, regenerate: "bash Scripts/regenerate")
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
