import Foundation
import PackagePlugin

/// Generates decorators while a target builds. The target's `veneer.yml`, if any, is honoured;
/// otherwise annotated protocols get the built-in templates they name.
///
/// A build command (not a prebuild command, which cannot run a tool built from source) must
/// declare its outputs before Veneer runs, so Veneer writes one file for every Swift file of
/// the target, empty when that file declares nothing to decorate.
@main
struct VeneerPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    return [
      try Self.command(
        tool: context.tool(named: "VeneerCLI").url, workDirectory: context.pluginWorkDirectoryURL,
        targetName: target.name, targetDirectory: target.directoryURL,
        files: target.sourceFiles.map(\.url))
    ]
  }

  static func command(
    tool: URL, workDirectory: URL, targetName: String, targetDirectory: URL, files: [URL]
  ) throws -> Command {
    let swiftFiles = files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    let output = workDirectory.appendingPathComponent("Decorators")
    let root = targetDirectory.standardizedFileURL.path
    let outputs = swiftFiles.map { file in
      var relative = file.standardizedFileURL.path
      if relative.hasPrefix(root + "/") { relative.removeFirst(root.count + 1) }
      let stem = String(relative.dropLast(".swift".count))
      // Keep in step with Generator.perSourceFileName(forSourceAt:).
      return output.appendingPathComponent(
        stem.replacingOccurrences(of: "/", with: ".") + "+Decorators.swift")
    }
    var arguments = [
      "generate", "--output", output.path, "--file-per-source", root, "--cache-path",
      workDirectory.appendingPathComponent("Cache").path,
    ]
    var inputs = swiftFiles
    let configuration = targetDirectory.appendingPathComponent("veneer.yml")
    if FileManager.default.fileExists(atPath: configuration.path) {
      arguments += ["--config", configuration.path]
      inputs.append(configuration)
    }
    // Templates kept in the target's folder (and excluded from its sources) are inputs too, so
    // that editing one regenerates.
    let folder = FileManager.default.enumerator(
      at: targetDirectory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    while let file = folder?.nextObject() as? URL {
      if file.pathExtension == "stencil" { inputs.append(file) }
    }
    arguments += ["--sources"] + swiftFiles.map(\.path)
    return .buildCommand(
      displayName: "Generating decorators for \(targetName)", executable: tool,
      arguments: arguments, inputFiles: inputs, outputFiles: outputs)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension VeneerPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws
      -> [Command]
    {
      let files = target.inputFiles.map(\.url)
      // An Xcode target has no folder of its own; its Swift files' common folder stands in.
      let folders = files.filter { $0.pathExtension == "swift" }.map {
        $0.deletingLastPathComponent().pathComponents
      }
      let common = folders.dropFirst().reduce(folders.first ?? []) { common, folder in
        Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
      }
      let directory =
        common.count > 1
        ? URL(fileURLWithPath: "/" + common.dropFirst().joined(separator: "/"))
        : context.xcodeProject.directoryURL
      return [
        try Self.command(
          tool: context.tool(named: "VeneerCLI").url, workDirectory: context.pluginWorkDirectoryURL,
          targetName: target.displayName,
          targetDirectory: directory, files: files)
      ]
    }
  }
#endif
