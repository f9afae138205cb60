import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory veneer [generate|check] [--target T]…`
///
/// Writes decorators into the package, to be checked in and reviewed: for each target with a
/// `veneer.yml` in its folder (or each target named with `--target`), into the folder the file
/// names, `<target>/Generated` by default. `check` writes nothing and fails when they are stale.
/// Other arguments (`--dry-run`, `--verbose`, …) are passed on to `veneer`.
@main
struct VeneerCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    var remaining = extractor.remainingArguments
    let subcommand =
      ["generate", "check"].contains(remaining.first) ? remaining.removeFirst() : "generate"

    let targets: [SourceModuleTarget]
    if targetNames.isEmpty {
      targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }.filter {
        FileManager.default.fileExists(
          atPath: $0.directoryURL.appendingPathComponent("veneer.yml").path)
      }
      guard !targets.isEmpty else {
        throw CommandError(
          "no target has a veneer.yml in its folder; add one ('veneer init'), or name targets "
            + "with --target")
      }
    } else {
      targets = try context.package.targets(named: targetNames).map { target in
        guard let target = target as? SourceModuleTarget else {
          throw CommandError("\(target.name) has no sources to decorate")
        }
        return target
      }
    }

    let tool = try context.tool(named: "VeneerCLI").url
    var failed: [String] = []
    for target in targets {
      let directory = target.directoryURL
      let configuration = directory.appendingPathComponent("veneer.yml")
      // A veneer.yml decorates its own folder into `Generated` unless it says otherwise.
      let inputs =
        FileManager.default.fileExists(atPath: configuration.path)
        ? ["--config", configuration.path]
        : [
          "--sources", directory.path, "--output",
          directory.appendingPathComponent("Generated").path,
        ]
      print("\(target.name):")
      let process = Process()
      process.executableURL = tool
      process.arguments = [subcommand] + inputs + remaining
      try process.run()
      process.waitUntilExit()
      if process.terminationStatus != 0 { failed.append(target.name) }
    }
    guard failed.isEmpty else {
      throw CommandError("veneer \(subcommand) failed for \(failed.joined(separator: ", "))")
    }
  }
}

struct CommandError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
