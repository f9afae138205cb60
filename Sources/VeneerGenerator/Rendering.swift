import Foundation
import SwiftSyntax
import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerSupport
import VeneerTemplates

/// Stage 5, render: each selected protocol planned and rendered by its templates, on every
/// core. With a cache, a protocol whose render key is that of a file on disk as last written is
/// not rendered again.
struct Rendering {
  /// The protocols rendered, in the order of the work.
  var rendered: [RenderedProtocol] = []
  /// The files of protocols not rendered again, as the cache recorded them.
  var unchanged: [GenerationCache.OutputStamp] = []
  var diagnostics: [Diagnostic] = []

  /// What a run may take from the last one (`IncrementalRun.renderReuse`).
  struct Reuse: Sendable {
    /// The hash of the configuration and templates.
    var settings: UInt64
    /// The content hashes of the files that declare something, by path.
    var fileHashes: [String: UInt64]
    /// The outputs of the last run on disk as it wrote them, by render key.
    var outputs: [UInt64: GenerationCache.OutputStamp]
  }

  /// With `reuse`, outputs are known by render key, and those on disk are not rendered again;
  /// with `keepsSyntax`, each protocol keeps its code as the check read it.
  init(
    _ work: [RenderWork], _ configuration: Configuration, reuse: Reuse?, times: StageTimes?,
    threads: Int?, keepsSyntax: Bool = false
  ) {
    // A protocol declared in several `#if` branches shares its file with the other branches, so
    // its file is rendered whole each time.
    let branchedNames = Set(
      Dictionary(grouping: work.map(\.proto.qualifiedName), by: { $0 }).filter { $1.count > 1 }
        .keys)
    let outcomes = Parallel.map(work, threads: threads) { item in
      StageTimes.measure(times, .render) {
        let key =
          if let reuse, !branchedNames.contains(item.proto.qualifiedName) {
            Self.renderKey(
              item, settings: reuse.settings, fileHashes: reuse.fileHashes, configuration)
          } else { UInt64(0) }
        if key != 0, let output = reuse?.outputs[key] {
          return Outcome.unchanged(output)
        }
        // A file of its own is assembled here, on every core, rather than after all are rendered.
        return Self.render(
          item, key: key,
          assemblesFile: configuration.sourceFileRoot == nil
            && !branchedNames.contains(item.proto.qualifiedName), keepsSyntax: keepsSyntax,
          configuration)
      }
    }
    for outcome in outcomes {
      switch outcome {
      case .rendered(let item, let renderDiagnostics):
        diagnostics += renderDiagnostics
        rendered.append(item)
      case .failed(let renderDiagnostics):
        diagnostics += renderDiagnostics
      case .unchanged(let output):
        unchanged.append(output)
      }
    }
  }

  /// What planning `work` would say, for a run that renders nothing because of an earlier
  /// error: said now, not in a later round.
  static func planningDiagnostics(_ work: [RenderWork], _ configuration: Configuration)
    -> [Diagnostic]
  {
    work.flatMap { item in
      switch ProtocolPlan.make(
        for: item.proto, options: configuration.renderOptions, decoratorPlans: item.plansRead)
      {
      case .success(let plan): plan.diagnostics
      case .failure(let unsupported): [unsupported.diagnostic]
      }
    }
  }

  /// Identifies what a protocol's decorators are made from: its resolved model, its templates
  /// and the settings. The model is made of its own file and those of the protocols it inherits
  /// from, each known by its content hash, and of the names that found no declaration there.
  private static func renderKey(
    _ work: RenderWork, settings: UInt64, fileHashes: [String: UInt64],
    _ configuration: Configuration
  ) -> UInt64 {
    let proto = work.proto
    var key = ContentHash.of(work.templates.map(\.source.name).joined(separator: ","))
    key = ContentHash.of(proto.qualifiedName, seed: settings ^ key)
    for file in [proto.location.file] + work.ancestorFiles {
      key = ContentHash.of(file, seed: key ^ (fileHashes[file] ?? 0))
    }
    for name in proto.externalProtocols + [""] + proto.standardProtocols {
      key = ContentHash.of(name, seed: key)
    }
    // Another file's protocol can take a decorator's name, renaming it, or a library's module
    // name, unqualifying what decorators name of it; almost no run has one, and those runs pay
    // nothing here.
    let taken = configuration.render.takenTypeNames
    let shadowed = configuration.render.shadowedModules
    if !taken.isEmpty || !shadowed.isEmpty {
      for name in [""] + taken.sorted() + [""] + shadowed.sorted() {
        key = ContentHash.of(name, seed: key)
      }
    }
    return key == 0 ? 1 : key
  }

  private enum Outcome: Sendable {
    case rendered(RenderedProtocol, [Diagnostic])
    case failed([Diagnostic])
    case unchanged(GenerationCache.OutputStamp)
  }

  /// One protocol's decorators, or why it has none; with `assemblesFile`, in the file they are
  /// written to, which no other protocol shares.
  private static func render(
    _ work: RenderWork, key: UInt64, assemblesFile: Bool, keepsSyntax: Bool,
    _ configuration: Configuration
  ) -> Outcome {
    let plan: ProtocolPlan
    switch ProtocolPlan.make(
      for: work.proto, options: configuration.renderOptions, decoratorPlans: work.plansRead)
    {
    case .success(let made): plan = made
    case .failure(let unsupported): return .failed([unsupported.diagnostic])
    }
    var bodies: [String] = []
    var syntax: [SourceFileSyntax] = []
    do {
      for template in work.templates {
        let body = try template.render(plan)
        switch RenderedCodeCheck.parsed(
          body, typeName: plan.decoratorName(template: template.source.name),
          protocolName: plan.protocolName)
        {
        case .failure(let problem):
          return .failed(plan.diagnostics + [renderedCodeError(problem, template, plan)])
        case .success(let tree):
          if keepsSyntax { syntax.append(tree) }
        }
        bodies.append(body)
      }
    } catch {
      return .failed(plan.diagnostics + [error.diagnostic])
    }
    var rendered = RenderedProtocol(
      proto: work.proto, key: key,
      fileName: configuration.fileNaming.replacingPlaceholders {
        $0 == "protocol" ? OutputFileName.component(plan.decoratorSuffix) : nil
      },
      bodies: bodies, syntax: syntax, templateImports: work.templates.flatMap(\.imports))
    if assemblesFile {
      rendered.file = AssembledFile(FileAssembly.file(of: [rendered], configuration))
    }
    return .rendered(rendered, plan.diagnostics)
  }
}

/// Rendered code that does not parse, or declares what was not planned, as an error at the
/// template line that wrote it, found in the template's output before layout.
private func renderedCodeError(
  _ problem: RenderedCodeCheck.Problem, _ template: CompiledTemplate, _ plan: ProtocolPlan
) -> Diagnostic {
  let unformatted = try? template.renderUnformatted(plan)
  let located = unformatted.flatMap { code in
    RenderedCodeCheck.problem(
      in: code, typeName: plan.decoratorName(template: template.source.name),
      protocolName: plan.protocolName
    ).map { (code, $0) }
  }
  let message =
    "template error: rendering \(plan.protocolName), "
    + (located?.1.message
      ?? problem.message
      + " once laid out, though the template's own output parses: Veneer's layout is at fault")
    + (located.map { code, problem in
      let line = code.utf8.prefix(problem.offset).split(
        separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
      ).count
      let text = code.split(separator: "\n", omittingEmptySubsequences: false)[
        max(0, line - 1)
      ].trimmingCharacters(in: .whitespaces)
      return " (it rendered: \(text.prefix(120)))"
    } ?? "")
  guard let (_, unformattedProblem) = located,
    let location = template.templateLine(atRenderedOffset: unformattedProblem.offset, of: plan)
  else { return Diagnostic(.error, message, file: template.source.path) }
  return Diagnostic(.error, message, at: location)
}

/// One protocol's rendered decorators.
struct RenderedProtocol: Sendable {
  var proto: ProtocolDecl
  /// The render key, 0 without a cache.
  var key: UInt64
  var fileName: String
  var bodies: [String]
  /// The bodies as the check read them, when the run keeps them.
  var syntax: [SourceFileSyntax]
  /// Modules the templates that rendered it import.
  var templateImports: [TemplateImport]
  /// Its file, when it has one of its own.
  var file: AssembledFile?
}
