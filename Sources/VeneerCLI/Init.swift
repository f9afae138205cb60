import ArgumentParser
import Foundation
import VeneerGenerator

struct Init: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a starter veneer.yml with every setting explained.",
    discussion: "An existing file is never overwritten.")

  @Option(help: ArgumentHelp("Where to write the file.", valueName: "path"))
  var path = ConfigurationFile.defaultName

  func run() throws {
    guard !FileManager.default.fileExists(atPath: path) else {
      printToStandardError("\(path): error: the file exists; Veneer does not overwrite it")
      throw ExitCode.failure
    }
    guard
      FileManager.default.createFile(atPath: path, contents: Data(ConfigurationFile.starter.utf8))
    else {
      printToStandardError("\(path): error: cannot write the file")
      throw ExitCode.failure
    }
    print("Wrote \(path). Edit 'sources', 'output' and 'imports', then run 'veneer generate'.")
  }
}
