import ArgumentParser
import Foundation
import VeneerGenerator

struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write decorators for the protocols in Swift sources.",
    discussion: """
      Protocols annotated '// veneer: logging, analytics, caching' get the decorators they name; \
      with --all, every protocol gets every chosen template. One file per protocol is written \
      to the output folder, and only when its bytes change.
      """)

  @Option(name: .long, parsing: .upToNextOption, help: "Folders or files to read.")
  var sources: [String]

  @Option(name: .long, help: "The folder to write decorators into.")
  var output: String

  @Option(
    name: .customLong("template"),
    help: "A built-in template (logging, analytics, caching) or a .stencil file; repeatable.")
  var templates: [String] = []

  @Option(name: .customLong("import"), help: "A module the generated files import; repeatable.")
  var imports: [String] = []

  @Flag(name: .customLong("all"), help: "Decorate every protocol, annotated or not.")
  var decorateAll = false

  func run() throws {
    let generation = Generator().generate(
      GenerateRequest(
        sources: sources, output: output, templates: templates, imports: imports,
        decorateAll: decorateAll))
    for diagnostic in generation.diagnostics {
      printToStandardError(diagnostic.description)
    }
    guard !generation.hasErrors else { throw ExitCode.failure }
    do {
      let report = try OutputWriter().write(generation.files, to: output)
      print(
        "Wrote \(report.written.count) files, \(report.unchanged.count) unchanged, in \(output).")
    } catch {
      printToStandardError(error.diagnostic.description)
      throw ExitCode.failure
    }
  }
}
