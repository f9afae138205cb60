import ArgumentParser
import Foundation
import VeneerModel
import VeneerRenderer

struct Templates: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "templates",
    abstract: "List the built-in templates, or print one to start your own from.",
    subcommands: [List.self, Show.self], defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the built-in templates.")

    @Flag(help: "Only the Swift built-ins' names, as --template takes them, one a line.")
    var names = false

    func run() {
      if names {
        for builtIn in BuiltInDecorators.all { print(builtIn.typedName) }
        return
      }
      let width = BuiltInTemplates.all.map(\.name.count).max() ?? 0
      for template in BuiltInTemplates.all {
        print(
          template.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
            + (template.summary ?? ""))
      }
      print(
        "\nFor Objective-C @protocols of headers, each a .h and a .m template:")
      for template in BuiltInObjCTemplates.all {
        print(
          template.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
            + (template.header.source.summary ?? ""))
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Print a built-in template; save it as a .stencil file to make your own.")

    @Argument(
      help: ArgumentHelp(
        "The template's name, in any case: \(BuiltInDecorators.typedNames); or a part: "
          + Show.partNames + "."))
    var name: String

    /// Veneer's parts by the names `show` takes them: `Parts/Decorator`.
    static let partNames = BuiltInTemplates.parts.map { $0.name.dropLast(".stencil".count) }
      .joined(separator: ", ")

    func run() throws {
      // A part, such as the skeleton every built-in extends, by its name with or without
      // `.stencil`.
      if let part = BuiltInTemplates.parts.first(where: {
        $0.name.lowercased() == name.lowercased()
          || $0.name.lowercased() == name.lowercased() + ".stencil"
      }) {
        print(part.text, terminator: "")
        return
      }
      guard
        let template = BuiltInTemplates.all.first(where: {
          $0.name.lowercased() == name.lowercased()
        })
      else {
        let hint = Spelling.suggestion(
          for: name,
          among: BuiltInTemplates.all.map { $0.name.lowercased() }
            + BuiltInTemplates.parts.map { String($0.name.dropLast(".stencil".count)) })
        printToStandardError(
          "error: no built-in template named '\(name)'"
            + (hint.map { "; did you mean '\($0)'?" } ?? ""))
        throw ExitCode.failure
      }
      print(template.text, terminator: "")
    }
  }
}
