import Foundation
import VeneerTemplateEmbedding

// `swift run veneer-embed-templates [ROOT]`, the first step of `bash Scripts/regenerate`:
// writes the Swift that embeds the templates (each built-in's, and Templates/' parts and
// Objective-C runtime), and Package.swift's list of them. It reads only those folders and
// builds nothing of Veneer's, so a stale embedding, or code that does not build without a new
// one, never stands in its own way.
let root = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
do {
  for file in try TemplateEmbedding.files(repositoryRoot: root) {
    let url = root.appendingPathComponent(file.path)
    guard (try? String(contentsOf: url, encoding: .utf8)) != file.contents else { continue }
    try Data(file.contents.utf8).write(to: url)
    print("wrote \(file.path)")
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
