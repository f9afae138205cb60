import ArgumentParser
import Foundation
import VeneerGenerator
import VeneerModel
import VeneerSupport

struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write decorators for the protocols in Swift sources.",
    discussion: """
      Protocols annotated '// veneer: logging, analytics, caching' get the decorators they name; \
      with --all, every protocol gets every chosen template. Settings come from veneer.yml (or \
      --config), and flags override them. One file per protocol is written to the output \
      folder, only when its bytes change; files of protocols that are gone are deleted. Files \
      without Veneer's header are never touched.
      """)

  @OptionGroup var options: GenerationOptions

  @Flag(help: "Print what would change, and change nothing.")
  var dryRun = false

  @Flag(help: "Keep running, and generate again whenever a source, template or veneer.yml changes.")
  var watch = false

  @Option(
    help: ArgumentHelp(
      "Where to keep what this run parsed and wrote, so that the next one redoes only what changed.",
      discussion: "By default, a folder per output folder under ~/.cache/veneer ($XDG_CACHE_HOME).",
      valueName: "folder"))
  var cachePath: String?

  @Flag(help: "Parse and render everything, and keep no cache.")
  var noCache = false

  func run() throws {
    guard watch else {
      if !generateOnce() { throw ExitCode.failure }
      return
    }
    let (configuration, _) = options.configuration()
    let watcher = FileWatcher(
      paths: configuration.inputPaths, output: configuration.output?.value)
    repeat {
      // Read again each time: a changed veneer.yml may name other sources.
      let (configuration, _) = options.configuration()
      watcher.watch(configuration.inputPaths, output: configuration.output?.value)
      watcher.arm()
      _ = generateOnce()
      if !options.quiet { printToStandardError("Watching for changes; press Ctrl-C to stop.") }
      fflush(nil)  // So that what this run printed shows before the wait.
    } while watcher.waitForChange()
  }

  /// One run; whether it succeeded.
  private func generateOnce() -> Bool {
    let cache = { (output: String) -> String? in
      noCache || dryRun ? nil : cachePath ?? GenerationCache.defaultFolder(forOutput: output)
    }
    guard let (generation, output, generationCache) = options.generate(cache: cache) else {
      return false
    }
    do {
      guard !dryRun else {
        let plan = try generation.plan(against: output)
        for change in plan.changes {
          printEscaped(
            "would \(change.kind.rawValue) "
              + (output.hasSuffix("/") ? output : output + "/") + change.name)
        }
        if !options.quiet {
          printToStandardError(
            "\(counted(plan.changes.count, "file")) would change, \(plan.unchanged.count) unchanged."
          )
        }
        return true
      }
      let written = try generation.write(to: output, cache: generationCache)
      if let warning = written.cacheWarning { options.report([warning]) }
      options.reportStatistics(
        generation.statistics, extraStages: [(.write, written.writing + written.savingCache)])
      if !options.quiet {
        let plan = written.plan
        let count = { (kind: OutputFolder.Change.Kind) in plan.changes.count { $0.kind == kind } }
        printEscaped(
          "Wrote \(counted(count(.create) + count(.update), "file")), deleted \(count(.delete)), "
            + "\(plan.unchanged.count) unchanged, in \(output).")
      }
      return true
    } catch {
      options.report(error.diagnostics)
      return false
    }
  }
}
