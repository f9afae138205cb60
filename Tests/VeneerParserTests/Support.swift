import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerModel
import VeneerParser
import VeneerRenderer

let fixtureCatalogPath = repositoryRoot.appendingPathComponent("Tests/FixtureCatalog").path

/// The fixture catalog, parsed once for all tests; it also feeds Templates/Aspects, whose
/// Retry template reads `retry(…)` annotations.
let fixtureCatalog: Catalog = {
  var keys = BuiltInDecorators.annotationKeys
  keys.names.insert("retry")
  return ProtocolParser(annotationKeys: keys).parseCatalog(paths: [fixtureCatalogPath])
}()

extension Catalog {
  func proto(_ qualifiedName: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    throws -> ProtocolDecl
  {
    try #require(
      protocols.first { $0.qualifiedName == qualifiedName },
      "no protocol \(qualifiedName)", sourceLocation: sourceLocation)
  }
}

extension ProtocolDecl {
  func requirement(
    _ selector: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> Requirement {
    try #require(
      allRequirements.first { $0.selector == selector },
      "no requirement \(selector) in \(qualifiedName): \(allRequirements.map(\.selector))",
      sourceLocation: sourceLocation)
  }
}

/// Parses `source` as a file named `file`.
func parse(_ source: String, file: String = "Input.swift") -> ParsedFile {
  ProtocolParser.withBuiltIns.parse(source: source, file: file)
}

/// A fresh temporary directory, removed when `body` returns.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("veneer-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try body(directory)
}

extension URL {
  func write(_ text: String, to name: String) throws {
    let file = appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }
}
