import VeneerModel
import VeneerRenderer

extension Selection {
  /// The Objective-C protocols to decorate, by Swift's rule (`selectedNames`): those whose
  /// annotations name templates, or every one the selection takes whole (`public` takes every
  /// `@protocol`, which a header exports). An annotation naming a built-in that has no
  /// Objective-C version is an error, not a silent nothing.
  mutating func selectObjectiveC(
    _ protocols: [ObjCProtocol], templates: [ObjCTemplate], _ selection: Configuration.Selection,
    listed: Set<String>
  ) -> [ObjCRenderWork] {
    let builtInKeys = Set(ObjCTemplateSource.builtIns.map { $0.name.lowercased() })
    return protocols.compactMap { proto in
      for annotation in proto.annotations
      where BuiltInDecorators.named(annotation.key) != nil && !builtInKeys.contains(annotation.key)
      {
        diagnostics.append(
          Diagnostic(
            .error,
            "'\(annotation.key)' has no Objective-C decorator; an Objective-C protocol takes "
              + builtInKeys.sorted().joined(separator: ", "), at: annotation.location))
      }
      let whole: Bool =
        switch selection {
        case .annotated: false
        case .all, .public: true
        case .protocols: listed.contains(proto.name)
        }
      let names = Self.selectedNames(
        annotations: proto.annotations, among: templates.map(\.name), decorateAll: whole,
        templatesListed: true)
      let selected = templates.filter { names.contains($0.name.lowercased()) }
      return selected.isEmpty ? nil : ObjCRenderWork(proto: proto, templates: selected)
    }
  }
}

/// An Objective-C protocol to decorate and the templates it gets.
struct ObjCRenderWork {
  var proto: ObjCProtocol
  var templates: [ObjCTemplate]
}
