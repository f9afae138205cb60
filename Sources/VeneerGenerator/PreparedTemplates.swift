import Foundation
import VeneerModel
import VeneerParser
import VeneerRenderer

/// Stage 1, beside discovery: the compiled templates, the settings they and the configuration
/// make, and the cache's index for those settings; with the templates' mistakes. Made on
/// another thread while discovery waits on the file system, since it needs no source.
struct PreparedTemplates: Sendable {
  var templates: [CompiledTemplate]
  /// A hash of everything that shapes the output besides the sources: the configuration and
  /// the templates' text and options.
  var settings: UInt64
  var index: GenerationCache.Index?
  var diagnostics: [Diagnostic]

  init(_ configuration: Configuration, cache: GenerationCache?) {
    var diagnostics: [Diagnostic] = []
    templates = TemplateSources.named(by: configuration, &diagnostics).compactMap {
      switch CompiledTemplate.compile($0) {
      case .success(let compiled): return compiled
      case .failure(let errors):
        diagnostics += errors.diagnostics
        return nil
      }
    }
    settings = Self.settings(of: configuration, templates: templates)
    index = cache?.index(settings: settings)
    self.diagnostics = diagnostics
  }

  private static func settings(of configuration: Configuration, templates: [CompiledTemplate])
    -> UInt64
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var text =
      (try? encoder.encode(configuration)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    for template in templates {
      text += "\u{0}\(template.source.name)\u{0}\(template.source.text)"
      for (key, value) in template.source.options.sorted(by: { $0.key < $1.key }) {
        text += "\u{0}\(key)=\(value)"
      }
    }
    return ContentHash.of(text)
  }
}
