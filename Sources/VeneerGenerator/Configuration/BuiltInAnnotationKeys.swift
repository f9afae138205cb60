import VeneerParser
import VeneerRenderer

extension BuiltInDecorators {
  /// The annotation keys of Swift and Objective-C sources: the common ones, which the parser
  /// knows, and each built-in's, which its descriptor declares.
  package static let annotationKeys: AnnotationKeys = {
    var keys = AnnotationKeys.common
    for decorator in all {
      for (key, arguments) in decorator.annotations { keys.declare(key, arguments: arguments) }
    }
    return keys
  }()
}

extension ProtocolParser {
  /// A parser that knows the built-in decorators' annotation keys, as `veneer generate` reads
  /// sources.
  package static let withBuiltIns = ProtocolParser(
    annotationKeys: BuiltInDecorators.annotationKeys)
}
