import Foundation
import VeneerGenerator
import VeneerMacroExpansion
import VeneerTemplateEmbedding

// `swift run veneer-regenerate embed|documents [ROOT]`, run in that order by
// `bash Scripts/regenerate`: `embed` writes the Swift that embeds Templates/ (it reads only the
// folder, so a stale embedding never stands in its own way); `documents`, built again with that
// embedding, writes what is made from the descriptors and the schema.
let arguments = Array(CommandLine.arguments.dropFirst())
let root = URL(fileURLWithPath: arguments.dropFirst().first ?? ".")

func write(_ path: String, _ contents: String) throws {
  let url = root.appendingPathComponent(path)
  guard (try? String(contentsOf: url, encoding: .utf8)) != contents else { return }
  try Data(contents.utf8).write(to: url)
  print("wrote \(path)")
}

do {
  switch arguments.first {
  case "embed":
    for file in try TemplateEmbedding.files(repositoryRoot: root) {
      try write(file.path, file.contents)
    }
  case "documents":
    try write(TemplateReferenceDocument.path, TemplateReferenceDocument.markdown)
    try write(MacroInterface.path, MacroInterface.source)
    try write(AnnotationReference.path, AnnotationReference.markdown)
  default:
    FileHandle.standardError.write(Data("usage: veneer-regenerate embed|documents [ROOT]\n".utf8))
    exit(2)
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
