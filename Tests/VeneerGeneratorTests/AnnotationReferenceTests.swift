import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerRenderer

@Suite("Documentation/Annotations.md, written from the annotation keys")
struct AnnotationReferenceTests {
  @Test func theReferenceMatchesTheKeys() throws {
    let file = repositoryRoot.appendingPathComponent(AnnotationReference.path)
    if let difference = checkedInDifference(
      AnnotationReference.path, onDisk: try String(contentsOf: file, encoding: .utf8),
      expected: AnnotationReference.markdown,
      regenerate: "bash Scripts/regenerate")
    {
      Issue.record(Comment(rawValue: difference))
    }
  }

  /// Every key the parser and the built-ins know has its row, whatever declared it.
  @Test func everyKeyHasItsRow() {
    let markdown = AnnotationReference.markdown
    for key in BuiltInDecorators.annotationKeys.names {
      #expect(markdown.contains("| `\(key)"), "\(key)")
    }
  }
}
