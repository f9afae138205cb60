import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory veneer [generate|check|init] [--target T]…`
///
/// Writes decorators into the package, to be checked in and reviewed: for each target with a
/// `veneer.yml` in its folder (or each target named with `--target`), into the folder the file
/// names, `<target>/Generated` by default. `check` writes nothing and fails when they are stale.
/// `init --target T` writes a starter `veneer.yml` into each named target's folder. Other
/// arguments (`--dry-run`, `--verbose`, …) are passed on to `veneer`. Paths are given to
/// `veneer` relative to the package, so that its messages and diffs read as in a review.
@main
struct VeneerCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    var remaining = extractor.remainingArguments
    let subcommand =
      ["generate", "check", "init"].contains(remaining.first)
      ? remaining.removeFirst() : "generate"

    let targets: [SourceModuleTarget]
    if subcommand == "init" && targetNames.isEmpty {
      let names = context.package.targets.compactMap { $0 as? SourceModuleTarget }.map(\.name)
      throw CommandError(
        "name the targets to set up: veneer init --target NAME (targets: "
          + names.joined(separator: ", ") + ")")
    }
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

    // `veneer` from the prebuilt artifact bundle of Distribution/VeneerPlugins, or `VeneerCLI`
    // built from source by the veneer package.
    let tool = try ((try? context.tool(named: "veneer")) ?? context.tool(named: "VeneerCLI")).url
    let packageDirectory = context.package.directoryURL.standardizedFileURL.path
    var failed: [String] = []
    for target in targets {
      var directory = target.directoryURL.standardizedFileURL.path
      if directory.hasPrefix(packageDirectory + "/") {
        directory.removeFirst(packageDirectory.count + 1)
      }
      let configuration = directory + "/veneer.yml"
      let regenerate =
        "swift package --allow-writing-to-package-directory veneer --target \(target.name)"
      let arguments: [String]
      if subcommand == "init" {
        arguments = ["init", "--path", configuration, "--target", target.name]
      } else {
        // A veneer.yml decorates its own folder into `Generated` unless it says otherwise.
        let inputs =
          FileManager.default.fileExists(atPath: packageDirectory + "/" + configuration)
          ? ["--config", configuration]
          : ["--sources", directory, "--output", directory + "/Generated"]
        let hint = subcommand == "check" ? ["--regenerate-command", regenerate] : []
        // The targets it depends on, for the protocols its own inherit from.
        let references = target.recursiveTargetDependencies.compactMap {
          $0 as? SwiftSourceModuleTarget
        }.map { dependency in
          let path = dependency.directoryURL.standardizedFileURL.path
          return path.hasPrefix(packageDirectory + "/")
            ? String(path.dropFirst(packageDirectory.count + 1)) : path
        }
        let referenceArguments = references.isEmpty ? [] : ["--reference"] + references
        arguments = [subcommand] + inputs + referenceArguments + hint + remaining
      }
      print("\(target.name):")
      let process = Process()
      process.executableURL = tool
      process.currentDirectoryURL = URL(fileURLWithPath: packageDirectory)
      process.arguments = arguments
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
