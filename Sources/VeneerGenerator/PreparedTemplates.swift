import Foundation
import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerSupport
import VeneerTemplates

/// Stage 1, beside discovery: the templates' sources, the settings they and the configuration
/// make, and the cache's index for those settings; with the mistakes in naming them. Made on
/// another thread while discovery waits on the file system, since it needs no source.
///
/// Compiling the templates waits for a run that renders: a run the cache ends needs only their
/// text, and an index for these settings was written by a run whose templates compiled.
struct PreparedTemplates: Sendable {
  var sources: [TemplateSource]
  /// The Objective-C front end's: used when the run has headers.
  var objectiveC: [ObjCTemplateSource]
  /// A hash of everything that shapes the output besides the sources: the configuration and
  /// the templates' text and options.
  var settings: UInt64
  var index: GenerationCache.Index?
  var diagnostics: [Diagnostic]

  init(_ configuration: Configuration, cache: GenerationCache?) {
    var diagnostics: [Diagnostic] = []
    sources = TemplateSources.named(by: configuration, &diagnostics)
    objectiveC = TemplateSources.objectiveC(by: configuration, &diagnostics)
    settings = Self.settings(
      of: configuration,
      templates: sources + objectiveC.flatMap { [$0.header, $0.implementation] })
    index = cache?.index(settings: settings)
    self.diagnostics = diagnostics
  }

  /// The templates compiled, and the mistakes of those that do not compile; a warning for
  /// each setting under `options:` that a template never reads, and each it reads that is
  /// a misspelling of one set. Objective-C's only for a run `withHeaders`.
  func compiled(_ configuration: Configuration, withHeaders: Bool) -> CompiledTemplateSet {
    var diagnostics: [Diagnostic] = []
    let templates = sources.compactMap { source -> CompiledTemplate? in
      switch CompiledTemplates.compile(source) {
      case .success(let compiled):
        diagnostics += Self.unusedOptions(of: compiled, configuration)
        return compiled
      case .failure(let errors):
        diagnostics += errors.diagnostics
        return nil
      }
    }
    let objectiveC = (withHeaders ? self.objectiveC : []).compactMap { source in
      let (compiled, errors) = source.compiled()
      diagnostics += errors
      return compiled
    }
    return CompiledTemplateSet(
      templates: templates, objectiveC: objectiveC, diagnostics: diagnostics)
  }

  private static func unusedOptions(of template: CompiledTemplate, _ configuration: Configuration)
    -> [Diagnostic]
  {
    let source = template.source
    let set = source.options.keys.sorted()
    let read = template.optionsRead.keys.sorted()
    guard !set.isEmpty else { return [] }
    let settings = configuration.templateOptions.first {
      $0.key.lowercased() == source.name.lowercased()
    }?.value.location
    // A read that misspells a setting is said once, where the template reads it.
    var diagnostics: [Diagnostic] = []
    var misspelt: Set<String> = []
    // A built-in's own options are read whether set or not: none is a misspelling of another.
    let declared = Set(BuiltInDecorators.named(source.name)?.options.map(\.name) ?? [])
    for name in read where source.options[name] == nil && !declared.contains(name) {
      guard let hint = Spelling.suggestion(for: name, among: set),
        let location = template.optionsRead[name]
      else { continue }
      misspelt.insert(hint)
      diagnostics.append(
        Diagnostic(
          .warning,
          "\(source.path) reads options.\(name), which 'options' for \(source.name) does not "
            + "set, so it is empty; did you mean '\(hint)'?", at: location))
    }
    for key in set where template.optionsRead[key] == nil && !misspelt.contains(key) {
      let message =
        "'options' for \(source.name) sets '\(key)', which \(source.path) never reads"
      diagnostics.append(
        settings.map { Diagnostic(.warning, message, at: $0) }
          ?? Diagnostic(.warning, message, file: configuration.file ?? source.path))
    }
    return diagnostics
  }

  private static func settings(of configuration: Configuration, templates: [TemplateSource])
    -> UInt64
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var text =
      (try? encoder.encode(configuration)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    for template in templates {
      text += "\u{0}\(template.name)\u{0}\(template.text)"
      for (name, part) in template.parts.sorted(by: { $0.key < $1.key }) {
        text += "\u{0}\(name)\u{0}\(part.text)"
      }
      for (key, value) in template.options.sorted(by: { $0.key < $1.key }) {
        text += "\u{0}\(key)=\(value)"
      }
    }
    return ContentHash.of(text)
  }
}

/// A run's templates compiled, for each language, and the mistakes of those that did not.
struct CompiledTemplateSet: Sendable {
  var templates: [CompiledTemplate]
  var objectiveC: [ObjCTemplate]
  var diagnostics: [Diagnostic]
}

/// Templates compiled once per process: what a compiler plugin serving many `@Decorated`
/// expansions, or `veneer generate --watch`, would otherwise compile for every one. Invariant:
/// a template's compiled form depends on its source alone (name, path, text, options).
enum CompiledTemplates {
  private static let compiled = LockedValue<
    [TemplateSource: Result<CompiledTemplate, TemplateErrors>]
  >([:])

  static func compile(_ source: TemplateSource) -> Result<CompiledTemplate, TemplateErrors> {
    if let known = compiled.withLock({ $0[source] }) { return known }
    let result = CompiledTemplate.compile(source)
    compiled.withLock { compiled in
      // Bounded: a watch that edits a template for hours keeps only the latest few.
      if compiled.count >= 64 { compiled.removeAll() }
      compiled[source] = result
    }
    return result
  }
}
