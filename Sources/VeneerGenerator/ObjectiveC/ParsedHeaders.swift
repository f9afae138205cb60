import VeneerModel
import VeneerObjC
import VeneerParser
import VeneerRenderer

/// The Objective-C front end's parse: the run's headers read through libclang with the
/// annotation keys of its Objective-C templates, each protocol declared once.
package struct ParsedHeaders {
  var protocols: [ObjCProtocol] = []
  /// For each header that declares a protocol, what clang read: it, then what it includes.
  /// Its decorators are checked beside these.
  var inputs: [String: [(path: String, bytes: [UInt8])]] = [:]
  /// The keys the headers were parsed with, which `annotations:` is checked against too.
  var keys: AnnotationKeys
  /// The headers as the cache knows them.
  var record = GenerationCache.Headers()
  var diagnostics: [Diagnostic] = []

  init(_ headers: [String], templates: [ObjCTemplateSource]) {
    keys = BuiltInDecorators.annotationKeys
    keys.names.formUnion(templates.map { $0.name.lowercased() })
    guard !headers.isEmpty else { return }
    let read = ObjCHeaders.read(files: headers, parser: ObjCHeaderParser(annotationKeys: keys))
    protocols = read.protocols
    inputs = read.inputs
    var seen: Set<String> = []
    let files = read.read + read.inputs.sorted { $0.key < $1.key }.flatMap(\.value)
    record = GenerationCache.Headers(
      discovered: headers,
      contents: files.compactMap { file in
        seen.insert(file.path).inserted
          ? GenerationCache.HeaderContent(path: file.path, hash: ContentHash.of(file.bytes)) : nil
      })
    diagnostics = read.diagnostics + Self.duplicates(read.protocols)
  }

  /// The annotation keys of headers with the built-in templates: what `veneer parse` reads
  /// them with.
  package static let builtInKeys = ParsedHeaders([], templates: ObjCTemplateSource.builtIns).keys

  /// Objective-C protocols share one namespace: two of one name are one too many.
  private static func duplicates(_ protocols: [ObjCProtocol]) -> [Diagnostic] {
    var first: [String: ObjCProtocol] = [:]
    return protocols.compactMap { proto in
      guard let earlier = first[proto.name] else {
        first[proto.name] = proto
        return nil
      }
      return Diagnostic(
        .error,
        "@protocol \(proto.name) is declared twice, here and at \(earlier.location); Veneer "
          + "cannot tell which one a decorator is for", at: proto.location)
    }
  }
}
