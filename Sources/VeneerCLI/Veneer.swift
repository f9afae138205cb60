import ArgumentParser

@main
struct Veneer: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "veneer",
    abstract: "Generates decorators (logging, analytics, caching …) for Swift protocols.",
    subcommands: [Parse.self, Generate.self])
}
