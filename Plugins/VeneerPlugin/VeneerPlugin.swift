import Foundation
import PackagePlugin

/// Generates decorators while a target builds. The target's `veneer.yml`, if any, is honoured;
/// otherwise annotated protocols get the built-in templates they name.
///
/// A build command (not a prebuild command, which cannot run a tool built from source) must
/// declare its outputs before Veneer runs, so Veneer writes one file for every Swift file of
/// the target, empty when that file declares nothing to decorate.
/// Veneer's executable: `veneer` from the prebuilt artifact bundle of Distribution/VeneerPlugins,
/// or `VeneerCLI` built from source by the veneer package.
func veneerTool(_ tool: (String) throws -> PluginContext.Tool) throws -> URL {
  if let prebuilt = try? tool("veneer") { return prebuilt.url }
  return try tool("VeneerCLI").url
}

@main
struct VeneerPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    return [
      try Self.command(
        tool: veneerTool(context.tool(named:)), workDirectory: context.pluginWorkDirectoryURL,
        targetName: target.name, targetDirectory: target.directoryURL,
        packageDirectory: context.package.directoryURL, files: target.sourceFiles.map(\.url),
        references: Self.importedSwiftTargets(of: target),
        modules: target.recursiveTargetDependencies.map(\.name))
    ]
  }

  /// The Swift targets `target` imports, in its package or in others, and theirs in turn; not a
  /// macro's, which are built for the compiler and never imported (swift-syntax, for one).
  static func importedSwiftTargets(of target: Target) -> [SwiftSourceModuleTarget] {
    var seen: Set<Target.ID> = [target.id]
    var imported: [SwiftSourceModuleTarget] = []
    func visit(_ dependencies: [TargetDependency]) {
      for dependency in dependencies {
        let targets: [Target]
        switch dependency {
        case .target(let target): targets = [target]
        case .product(let product): targets = product.targets
        @unknown default: targets = []
        }
        for target in targets where seen.insert(target.id).inserted {
          if let module = target as? SourceModuleTarget, module.kind == .macro { continue }
          if let swift = target as? SwiftSourceModuleTarget { imported.append(swift) }
          visit(target.dependencies)
        }
      }
    }
    visit(target.dependencies)
    return imported.sorted { $0.name < $1.name }
  }

  /// - Parameters:
  ///   - references: the Swift targets `target` imports, in its package or in others: their
  ///     source files (never their folders, which may hold other files) are read for the
  ///     protocols its own inherit from, never decorated.
  ///   - modules: every module `target` depends on, when known (not in Xcode).
  ///   - packageDirectory: the package's folder, whose templates are inputs too: a
  ///     `veneer.yml` may name one outside the target's folder.
  static func command(
    tool: URL, workDirectory: URL, targetName: String, targetDirectory: URL,
    packageDirectory: URL, files: [URL], references: [SwiftSourceModuleTarget], modules: [String]?
  ) throws -> Command {
    let swiftFiles = files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    // Decorators checked in by the command plugin would be declared twice, and SwiftPM stops
    // at two files of one name before Veneer could say why.
    if let checkedIn = swiftFiles.first(where: isVeneerOutput) {
      throw PluginError(
        "\(checkedIn.path): this file holds decorators Veneer generated to be checked in "
          + "(with the command plugin); VeneerPlugin generates them while \(targetName) builds, "
          + "so each would be declared twice. Delete "
          + "\(checkedIn.deletingLastPathComponent().path) to generate at build time, or remove "
          + "VeneerPlugin from \(targetName)'s plugins to keep the checked-in files.")
    }
    let output = workDirectory.appendingPathComponent("Decorators")
    let root = targetDirectory.standardizedFileURL.path
    let outputs = swiftFiles.map { file in
      var relative = file.standardizedFileURL.path
      if relative.hasPrefix(root + "/") { relative.removeFirst(root.count + 1) }
      let stem = String(relative.dropLast(".swift".count))
      // Keep in step with FileAssembly.perSourceFileName(forSourceAt:) in VeneerGenerator.
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
    // Templates anywhere in the package (the target's folder excludes them from its sources)
    // are inputs too, so that editing one regenerates; and Objective-C headers of the target.
    let package = FileManager.default.enumerator(
      at: packageDirectory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    while let file = package?.nextObject() as? URL {
      let isHeader =
        file.pathExtension == "h"
        && file.standardizedFileURL.path.hasPrefix(targetDirectory.standardizedFileURL.path + "/")
      if file.pathExtension == "stencil" || isHeader { inputs.append(file) }
    }
    try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
    if !references.isEmpty {
      // A file rather than arguments: a dependency such as swift-nio has thousands of sources.
      var listing = ""
      for reference in references {
        for file in reference.sourceFiles(withSuffix: "swift").map(\.url) {
          listing += try listed(file, of: targetName) + "\t" + reference.name + "\n"
          inputs.append(file)
        }
      }
      let list = workDirectory.appendingPathComponent("references")
      try Data(listing.utf8).write(to: list)
      arguments += ["--reference-list", list.path]
    }
    // What the target depends on, so that a decorator needing a runtime product it lacks is an
    // error naming the product, not a link error naming symbols.
    if let modules {
      arguments += ["--target-name", targetName]
      arguments += modules.flatMap { ["--target-depends-on", $0] }
    }
    arguments += ["--sources"] + swiftFiles.map(\.path)
    // Veneer reads nothing more than these: a file `veneer.yml` names beyond them is an error
    // that says so, where it would otherwise go stale unseen.
    let declared = workDirectory.appendingPathComponent("declared-inputs")
    try Data(inputs.map { try listed($0, of: targetName) + "\n" }.joined().utf8).write(to: declared)
    arguments += ["--declared-inputs", declared.path]
    return .buildCommand(
      displayName: "Generating decorators for \(targetName)", executable: tool,
      arguments: arguments, inputFiles: inputs, outputFiles: outputs)
  }
}

/// `file`'s path as a line of a list Veneer reads, one path a line, a tab before what follows.
private func listed(_ file: URL, of targetName: String) throws -> String {
  let path = file.standardizedFileURL.path
  guard !path.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\t" }) else {
    throw PluginError(
      "\(path.debugDescription): a path with a line break or a tab cannot be handed to Veneer "
        + "as an input of \(targetName); rename the file or its folder")
  }
  return path
}

/// Whether the file starts with the header of Veneer's generated files.
private func isVeneerOutput(_ file: URL) -> Bool {
  let header = Array("// Generated by Veneer. Do not edit.\n".utf8)
  guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
  defer { try? handle.close() }
  return (try? handle.read(upToCount: header.count)).map { Array($0) == header } ?? false
}

struct PluginError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
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
          tool: veneerTool(context.tool(named:)), workDirectory: context.pluginWorkDirectoryURL,
          targetName: target.displayName, targetDirectory: directory,
          packageDirectory: context.xcodeProject.directoryURL, files: files, references: [],
          modules: nil)
      ]
    }
  }
#endif
