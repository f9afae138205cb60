import Foundation
import VeneerGenerator
import VeneerMacroExpansion

// `swift run veneer-regenerate [ROOT]`, the second step of `bash Scripts/regenerate`, built
// with the templates `veneer-embed-templates` embedded: writes what is made from the
// descriptors and the template schema, and the table of built-ins in the README and BuiltIns.md.
let root = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
do {
  for (path, contents) in [
    (TemplateReferenceDocument.path, TemplateReferenceDocument.markdown),
    (MacroInterface.path, MacroInterface.source),
    (AnnotationReference.path, AnnotationReference.markdown),
  ] {
    let url = root.appendingPathComponent(path)
    guard (try? String(contentsOf: url, encoding: .utf8)) != contents else { continue }
    try Data(contents.utf8).write(to: url)
    print("wrote \(path)")
  }
  for path in BuiltInTable.paths {
    let url = root.appendingPathComponent(path)
    let text = try String(contentsOf: url, encoding: .utf8)
    guard let updated = BuiltInTable.updating(text) else {
      FileHandle.standardError.write(
        Data("error: \(path) has lost the marks around its table of built-ins\n".utf8))
      exit(1)
    }
    guard updated != text else { continue }
    try Data(updated.utf8).write(to: url)
    print("wrote the table of built-ins in \(path)")
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
