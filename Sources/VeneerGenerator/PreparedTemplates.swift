import Foundation
import VeneerModel
import VeneerParser
import VeneerRenderer

/// Stage 1, beside discovery: the templates' sources, the settings they and the configuration
/// make, and the cache's index for those settings; with the mistakes in naming them. Made on
/// another thread while discovery waits on the file system, since it needs no source.
///
/// Compiling the templates waits for a run that renders: a run the cache ends needs only their
/// text, and an index for these settings was written by a run whose templates compiled.
struct PreparedTemplates: Sendable {
  var sources: [TemplateSource]
  /// A hash of everything that shapes the output besides the sources: the configuration and
  /// the templates' text and options.
  var settings: UInt64
  var index: GenerationCache.Index?
  var diagnostics: [Diagnostic]

  init(_ configuration: Configuration, cache: GenerationCache?) {
    var diagnostics: [Diagnostic] = []
    sources = TemplateSources.named(by: configuration, &diagnostics)
    settings = Self.settings(of: configuration, templates: sources)
    index = cache?.index(settings: settings)
    self.diagnostics = diagnostics
  }

  /// The templates compiled, and the mistakes of those that do not compile.
  func compiled() -> (templates: [CompiledTemplate], diagnostics: [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    let templates = sources.compactMap { source -> CompiledTemplate? in
      switch CompiledTemplate.compile(source) {
      case .success(let compiled): return compiled
      case .failure(let errors):
        diagnostics += errors.diagnostics
        return nil
      }
    }
    return (templates, diagnostics)
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
      for (key, value) in template.options.sorted(by: { $0.key < $1.key }) {
        text += "\u{0}\(key)=\(value)"
      }
    }
    return ContentHash.of(text)
  }
}
