import VeneerParser
import VeneerRenderer

/// `Templates/REFERENCE.md`: every name a template may use, from the schema that checks
/// templates, with each value shown for one protocol, parsed and planned as a run would.
package enum TemplateReferenceDocument {
  package static let path = "Templates/REFERENCE.md"

  /// The protocol whose values the reference shows.
  package static let exampleSource = """
    /// Posts, by id.
    // veneer: logging, caching, retry(attempts: 3)
    public protocol PostRepo: Sendable {
      func getPost(id: Int, completion: @escaping @Sendable (Result<Post, any Error>) -> Void)

      // veneer: invalidates(getPost)
      func createPost(title: String, body: String) async throws -> Post
    }

    """

  /// The example's plan, as templates see it.
  package static var examplePlan: ProtocolPlan {
    let parsed = ProtocolParser.withBuiltIns.parse(source: exampleSource, file: "PostRepo.swift")
    guard let proto = parsed.protocols.first,
      case .success(let plan) = ProtocolPlan.make(for: proto)
    else { preconditionFailure("the reference's example protocol is not decorated") }
    return plan
  }

  package static var markdown: String {
    TemplateSchema.reference(example: examplePlan, exampleSource: exampleSource)
  }
}
