import VeneerModel
import VeneerRenderer
import VeneerTemplates

/// The Objective-C back end's plan and render: each protocol's plan, its templates' halves
/// rendered and each checked by libclang beside the header that declares the protocol, as
/// Swift's output is checked, before anything is written.
struct ObjCRendering {
  var rendered: [ObjCRendered] = []
  var diagnostics: [Diagnostic] = []

  init(
    _ work: [ObjCRenderWork], catalog protocols: [ObjCProtocol],
    headerInputs: [String: [(path: String, bytes: [UInt8])]], options: RenderOptions
  ) {
    guard !work.isEmpty else { return }
    let catalog = Dictionary(
      protocols.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for item in work {
      let proto = item.proto
      guard Self.isImportable(headerName: proto.location.file) else {
        diagnostics.append(
          Diagnostic(
            .error,
            "\(proto.name) is declared in a header whose file name an #import cannot spell "
              + "(it holds a quote, a backslash, a control character or '>'); rename the header",
            at: proto.location))
        continue
      }
      let plan: ObjCProtocolPlan
      switch ObjCProtocolPlan.make(for: proto, catalog: catalog, options: options) {
      case .success(let made): plan = made
      case .failure(let undecoratable):
        diagnostics.append(undecoratable.diagnostic)
        continue
      }
      diagnostics += plan.diagnostics
      var headers: [String] = []
      var implementations: [String] = []
      do {
        for template in item.templates {
          let halves = try template.render(plan)
          if let problem = ObjCRenderedCheck.problem(
            halves, of: template, plan: plan, hasDeprecatedMembers: plan.hasDeprecatedMembers,
            protocolHeader: headerInputs[proto.location.file] ?? [])
          {
            diagnostics.append(problem)
            if problem.severity == .error { continue }
          }
          headers.append(halves.header)
          implementations.append(halves.implementation)
        }
      } catch {
        diagnostics.append(error.diagnostic)
        continue
      }
      rendered.append(
        ObjCRendered(
          proto: proto, hasDeprecatedMembers: plan.hasDeprecatedMembers, headers: headers,
          implementations: implementations))
    }
  }

  /// Whether `#import "NAME"` spells the header's file name.
  private static func isImportable(headerName path: String) -> Bool {
    let name = path.split(separator: "/").last ?? ""
    return !name.isEmpty
      && !name.unicodeScalars.contains {
        $0 == "\"" || $0 == "\\" || $0 == ">" || $0.value < 0x20 || $0.value == 0x7F
      }
  }
}
