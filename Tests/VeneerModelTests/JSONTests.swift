import Foundation
import Testing
import VeneerModel
import VeneerParser

@Suite("The model as JSON")
struct JSONTests {
  /// Every shape the model covers, as the parser reads it.
  let fixtureCatalog = ProtocolParser().parseCatalog(
    paths: [
      URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../FixtureCatalog").standardizedFileURL.path
    ])

  func encode(_ catalog: Catalog) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(catalog)
  }

  @Test func fixtureCatalogRoundTrips() throws {
    let data = try encode(fixtureCatalog)
    let decoded = try JSONDecoder().decode(Catalog.self, from: data)
    #expect(decoded == fixtureCatalog)
    #expect(try encode(decoded) == data)
  }

  @Test func annotationValuesEncodeAsTaggedObjects() throws {
    let values: [AnnotationValue] = [
      .string("a"), .number(3), .boolean(false), .name("x.y"), .list([.name("z")]),
    ]
    let data = try JSONEncoder().encode(values)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"[{"string":"a"},{"number":3},{"boolean":false},{"name":"x.y"},{"list":[{"name":"z"}]}]"#
    )
    #expect(try JSONDecoder().decode([AnnotationValue].self, from: data) == values)
  }

  @Test func malformedAnnotationValueIsADecodingError() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(AnnotationValue.self, from: Data(#"{"string":"a","name":"b"}"#.utf8))
    }
  }
}
