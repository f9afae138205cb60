import VeneerModel
import VeneerTemplates

/// An Objective-C decorator's template: one half renders its `@interface` into the header, the
/// other its `@implementation`.
package struct ObjCTemplate: Sendable {
  package let name: String
  package let header: CompiledTemplate
  package let implementation: CompiledTemplate

  package init(name: String, header: CompiledTemplate, implementation: CompiledTemplate) {
    self.name = name
    self.header = header
    self.implementation = implementation
  }

  /// The decorator's header and implementation for `plan`.
  package func render(_ plan: ObjCProtocolPlan) throws(TemplateError) -> (
    header: String, implementation: String
  ) {
    (try header.render(plan), try implementation.render(plan))
  }
}

/// The Objective-C built-ins, and the runtime their code calls.
package enum BuiltInObjCTemplates {
  /// Each built-in's pair, compiled; a test compiles each.
  package static let all: [ObjCTemplate] = Dictionary(grouping: sources, by: \.name)
    .sorted { $0.key < $1.key }.compactMap { name, halves in
      guard let header = halves.first(where: { $0.path.hasSuffix(".h.stencil") }),
        let implementation = halves.first(where: { $0.path.hasSuffix(".m.stencil") }),
        case .success(let compiledHeader) = CompiledTemplate.compile(header),
        case .success(let compiledImplementation) = CompiledTemplate.compile(implementation)
      else { return nil }
      return ObjCTemplate(
        name: name, header: compiledHeader, implementation: compiledImplementation)
    }

  /// Their names as users type them, which a bare `skip` skips: read from the templates, so
  /// that one added is skipped too.
  static let typedNames = Array(Set(sources.map { $0.name.lowercased() })).sorted()
}
