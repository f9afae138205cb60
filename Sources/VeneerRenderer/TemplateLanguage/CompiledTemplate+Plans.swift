import VeneerModel
import VeneerTemplates

/// Veneer's templates compiled against its vocabulary, and rendered for its plans: Swift laid
/// out as `swift format` would, Objective-C indented by its braces.
extension CompiledTemplate {
  /// Compiles `source` against Veneer's vocabulary, or gives every mistake in it.
  package static func compile(_ source: TemplateSource) -> Result<CompiledTemplate, TemplateErrors>
  {
    compile(source, vocabulary: TemplateSchema.vocabulary)
  }

  /// The decorator plans whose members it reads: only those are made for it.
  package var plansRead: DecoratorPlanSet { DecoratorPlanSet(positions: groupsRead) }

  /// The template's output for one protocol, laid out like `swift format` would.
  package func render(_ plan: ProtocolPlan) throws(TemplateError) -> String {
    try renderBytes(plan).withBytes(SwiftLayout.format)
  }

  /// The Objective-C template's output for one protocol, indented by its braces.
  package func render(_ plan: ObjCProtocolPlan) throws(TemplateError) -> String {
    try renderBytes(plan).withBytes { ObjCLayout.format(String(decoding: $0, as: UTF8.self)) }
  }

  /// The Objective-C template's output before layout, which keeps every line that is not blank,
  /// in order.
  package func renderUnformatted(_ plan: ObjCProtocolPlan) throws(TemplateError) -> String {
    try renderBytes(plan).withBytes { String(decoding: $0, as: UTF8.self) }
  }

  private func renderBytes(_ plan: ObjCProtocolPlan, marks: RenderMarks? = nil)
    throws(TemplateError) -> ByteBuffer
  {
    try renderBytes(
      .object(TemplateReference(plan)), decorator: plan.decoratorName(template: source.name),
      protocolName: plan.proto.name, marks: marks)
  }

  /// The template's output before layout: what Stencil would render.
  package func renderUnformatted(_ plan: ProtocolPlan) throws(TemplateError) -> String {
    try renderBytes(plan).withBytes { String(decoding: $0, as: UTF8.self) }
  }

  private func renderBytes(_ plan: ProtocolPlan, marks: RenderMarks? = nil) throws(TemplateError)
    -> ByteBuffer
  {
    try renderBytes(
      .object(TemplateReference(plan)), decorator: plan.decoratorName(template: source.name),
      protocolName: plan.protocolName, marks: marks)
  }

  /// The template line that wrote the byte at `offset` of `renderUnformatted(plan)`, in the
  /// template or the part it includes or extends: rendered again, noting where each
  /// instruction's output starts. Only asked when that output is wrong, so rendering itself
  /// notes nothing.
  package func templateLine(atRenderedOffset offset: Int, of plan: ProtocolPlan)
    -> SourceLocation?
  {
    let marks = RenderMarks()
    guard (try? renderBytes(plan, marks: marks)) != nil else { return nil }
    return templateLine(atRenderedOffset: offset, marks)
  }

  /// The same for an Objective-C template's output.
  package func templateLine(atRenderedOffset offset: Int, of plan: ObjCProtocolPlan)
    -> SourceLocation?
  {
    let marks = RenderMarks()
    guard (try? renderBytes(plan, marks: marks)) != nil else { return nil }
    return templateLine(atRenderedOffset: offset, marks)
  }

}

extension TemplateSource {
  /// The template's syntax errors and unknown names against Veneer's vocabulary.
  package func check() -> [Diagnostic] { check(vocabulary: TemplateSchema.vocabulary) }
}
