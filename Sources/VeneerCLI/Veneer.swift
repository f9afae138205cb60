import ArgumentParser
import VeneerModel

@main
struct Veneer: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "veneer",
    abstract: "Generates decorators (logging, analytics, caching …) for Swift protocols.",
    version: GeneratedFile.veneerVersion,
    subcommands: [Init.self, Parse.self, Generate.self, Check.self, Templates.self])
}
