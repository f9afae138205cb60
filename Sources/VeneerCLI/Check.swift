import ArgumentParser
import Foundation
import VeneerGenerator
import VeneerModel
import VeneerSupport

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Fail when the generated files on disk are not what 'generate' would write.",
    discussion: """
      Takes the same inputs as 'generate' and writes nothing. Exits 0 when the output folder is \
      up to date, and 1 with a unified diff of each stale, missing or extra file otherwise, so \
      that CI catches decorators nobody regenerated.
      """)

  @OptionGroup var options: GenerationOptions

  @Option(
    help: ArgumentHelp(
      "The command that regenerates the files, named when they are stale.", valueName: "command",
      visibility: .hidden))
  var regenerateCommand: String?

  func run() throws {
    // No cache: a check compares what the sources give now with what is checked in.
    guard let (generation, output, _) = options.generate() else { throw ExitCode.failure }
    let plan: OutputFolder.Plan
    do {
      plan = try generation.plan(against: output)
    } catch {
      options.report(error.diagnostics)
      throw ExitCode.failure
    }
    options.reportStatistics(generation.statistics, extraStages: [])
    // No folder at all is no stale output: either nothing was ever generated, or the target
    // switched to the build plugin, which writes into the build folder instead.
    var isFolder: ObjCBool = false
    if !plan.changes.isEmpty, plan.changes.allSatisfy({ $0.kind == .create }),
      !FileManager.default.fileExists(atPath: output, isDirectory: &isFolder)
    {
      printToStandardError(
        "\(output): error: no checked-in decorators to check: the folder does not exist. A target "
          + "that uses the build plugin (VeneerPlugin) has its decorators generated on every "
          + "build, and needs no 'veneer check': drop it for this target. To check decorators "
          + "in, write them with '" + (regenerateCommand ?? "veneer generate") + "'.")
      throw ExitCode.failure
    }
    guard !plan.changes.isEmpty else {
      if !options.quiet {
        printEscaped("\(counted(plan.unchanged.count, "generated file")) in \(output) up to date.")
      }
      return
    }
    // One stream, in order: each file's error, then its diff, written whole to standard output
    // and flushed before the summary goes to standard error, so a log joining the two (CI's)
    // never shows an error inside a diff line.
    var report = ""
    for change in plan.changes {
      let path = (output.hasSuffix("/") ? output : output + "/") + change.name
      let reason =
        switch change.kind {
        case .create: "is missing"
        case .update: "is stale"
        case .delete: "belongs to no protocol any more"
        }
      report += "\(path): error: \(reason)\n"
      report += UnifiedDiff.make(
        old: change.old, new: change.new, oldLabel: "\(path) (on disk)",
        newLabel: "\(path) (generated)")
    }
    printEscaped(report, terminator: "")
    fflush(nil)
    printToStandardError(
      "\(counted(plan.changes.count, "generated file")) out of date; run '"
        + (regenerateCommand ?? "veneer generate") + "'"
        + (regenerateCommand == nil ? " with the same options" : "") + " and commit the result.")
    throw ExitCode.failure
  }
}
