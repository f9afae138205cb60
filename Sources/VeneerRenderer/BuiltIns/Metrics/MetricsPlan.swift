import VeneerModel
import VeneerTemplates

/// Where a metrics decorator keeps a requirement's metrics: a stored property named after the
/// requirement (`getPostMetrics`), so that adding a requirement leaves every other line as it was.
final class MetricsPlan: DecoratorPlan {
  static let name = "metrics"
  let metricsStorage: String?

  static let templateMembers: [String: TemplateMember<MetricsPlan>] = [
    "metricsStorage": .init(
      .optional(.text),
      "the stored property holding its metrics, `getPostMetrics`, reached as "
        + "`self.getPostMetrics`; nothing for a requirement measured by no metric (a property, a "
        + "static member, or one that skips metrics)",
      { $0.metricsStorage })
  ]

  init(_ plan: borrowing RequirementPlan, diagnostics: inout [Diagnostic]) {
    guard plan.isMethod, !plan.isStatic, !plan.isSkipped(by: "metrics") else {
      metricsStorage = nil
      return
    }
    let requirements = plan.context.proto.requirements
    var name = Naming.rawIdentifierIfNeeded(plan.hookName.trimmingBackticks + "Metrics")
    // A requirement without parameters, or another stored property, may have the name already.
    while plan.context.storage.names.contains(name)
      || requirements.contains(where: { $0.parameters.isEmpty && $0.bareName == name })
    {
      name = "_" + name
    }
    metricsStorage = name
  }
}
