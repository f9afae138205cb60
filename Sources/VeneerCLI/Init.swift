import ArgumentParser
import Foundation
import VeneerGenerator
import VeneerModel
import VeneerParser

struct Init: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Write a starter veneer.yml with every setting explained.",
    discussion: """
      With --target, the file is for a SwiftPM target's folder (Sources/<target>/veneer.yml), \
      where the plugins look for it: it decorates that folder into Generated beside it, so it \
      names neither sources nor an output folder. An existing file is never overwritten.
      """)

  @Option(
    help: ArgumentHelp(
      "Where to write the file (default: veneer.yml, or Sources/<target>/veneer.yml).",
      valueName: "path"))
  var path: String?

  @Option(
    help: ArgumentHelp(
      "The SwiftPM target whose folder the file is for, to use with the plugins.",
      valueName: "name"))
  var target: String?

  func validate() throws {
    if let target, target.isEmpty || target.contains("/") || target.hasPrefix(".") {
      throw ValidationError("--target takes a target's name, not a path: '\(target)'.")
    }
  }

  func run() throws {
    let path =
      self.path ?? target.map { "Sources/\($0)/veneer.yml" } ?? ConfigurationFile.defaultName
    guard !FileManager.default.fileExists(atPath: path) else {
      printToStandardError("\(path): error: the file exists; Veneer does not overwrite it")
      throw ExitCode.failure
    }
    let folder = (path as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    if !folder.isEmpty,
      !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory)
        || !isDirectory.boolValue
    {
      printToStandardError(
        "\(path): error: there is no folder \(folder)"
          + (target.map { "; is '\($0)' the name of a target in Sources?" } ?? ""))
      throw ExitCode.failure
    }
    // The protocols the file will decorate by default: each method that takes or returns a
    // value is listed under 'annotations:', commented, so that what may be shown is a choice.
    let sources = target == nil ? (folder.isEmpty ? "Sources" : "\(folder)/Sources") : folder
    let catalog =
      FileManager.default.fileExists(atPath: sources)
      ? ProtocolParser.withBuiltIns.parseCatalog(paths: [sources]) : Catalog()
    let contents =
      (target == nil ? ConfigurationFile.starter : ConfigurationFile.targetStarter)
      + ConfigurationFile.declarations(of: catalog.protocols)
    guard FileManager.default.createFile(atPath: path, contents: Data(contents.utf8)) else {
      printToStandardError("\(path): error: cannot write the file")
      throw ExitCode.failure
    }
    guard let target else {
      printEscaped(
        "Wrote \(path). Edit 'sources', 'output' and 'imports', then run 'veneer generate'.")
      return
    }
    // What is already there is not asked for again: a first package annotates its protocols,
    // and may name the plugin, before it runs `init`.
    let annotated = catalog.protocols.filter { $0.annotations.contains { $0.key != "skip" } }
      .map(\.name)
    let next =
      annotated.isEmpty
      ? "Annotate protocols in \(folder) ('// veneer: logging, analytics, caching'), then either"
      : "\(annotated.joined(separator: ", ")) \(annotated.count == 1 ? "is" : "are") annotated "
        + "already; either"
    printEscaped(
      """
      Wrote \(path). \(next)
        check the decorators in, into \(folder)/Generated:
          swift package --allow-writing-to-package-directory veneer --target \(target)
        or generate them at build time, with VeneerPlugin among \(target)'s plugins (once there, \
      'swift build' writes them):
          plugins: [.plugin(name: "VeneerPlugin", package: "veneer")]
      """)
  }
}
