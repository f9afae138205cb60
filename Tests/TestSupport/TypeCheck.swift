import Foundation

/// The folder of the built products: the test bundle's, which holds the modules of every target.
public let productsFolder: URL =
  Bundle.main.bundleURL.pathExtension == "xctest"
  ? Bundle.main.bundleURL.deletingLastPathComponent() : Bundle.main.bundleURL

/// Type-checks Swift files in Swift 6 mode against the package's built modules, as a user's
/// target would compile them; returns the exit status and the compiler's errors. With
/// `macros`, `@Decorated` expands through the compiler plugin the package built for the host.
public func typeCheck(_ files: [String], flags: [String] = [], macros: Bool = false) throws -> (
  status: Int32, errors: String
) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  // One frontend for every file (`-wmo`): otherwise the driver starts one a file, each parsing
  // them all (a 300-protocol check took 198 s instead of 81).
  process.arguments =
    ["swiftc", "-typecheck", "-wmo", "-swift-version", "6"]
    + ["-I", productsFolder.appendingPathComponent("Modules").path]
    // The runtime's C module by its module map: a search of the products folder would also
    // meet the Objective-C front end's, built twice (for the plugins' tool too), and refuse the
    // second as a redefinition.
    + [
      "-Xcc",
      "-fmodule-map-file="
        + productsFolder.appendingPathComponent("CVeneerRuntime.build/module.modulemap").path,
    ]
    + (macros
      ? [
        "-load-plugin-executable",
        productsFolder.appendingPathComponent("VeneerMacrosPlugin-tool").path
          + "#VeneerMacrosPlugin",
      ] : [])
    + flags + files
  let errors = Pipe()
  process.standardError = errors
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationStatus, output)
}

/// Compiles Swift files, one of them `main.swift`, into a program in Swift 6 mode, linked with
/// the objects the package built for `modules` (a target's, with its C targets': `VeneerRuntime`
/// links `CVeneerRuntime` too), and runs it; the compiler's errors when it does not compile.
public func compileAndRun(
  _ files: [String], linking modules: [String], in folder: String
) throws -> (compiled: Bool, status: Int32, output: String, errors: String) {
  let objects = try modules.flatMap { module in
    let build = productsFolder.appendingPathComponent("\(module).build")
    return try FileManager.default.contentsOfDirectory(atPath: build.path)
      .filter { $0.hasSuffix(".o") }.sorted().map { build.appendingPathComponent($0).path }
  }
  let program = folder + "/program"
  let compile = try runProcess(
    URL(fileURLWithPath: "/usr/bin/env"),
    [
      "swiftc", "-swift-version", "6", "-Onone", "-wmo", "-I",
      productsFolder.appendingPathComponent("Modules").path, "-Xcc",
      "-fmodule-map-file="
        + productsFolder.appendingPathComponent("CVeneerRuntime.build/module.modulemap").path,
      "-o", program,
    ] + files + objects)
  guard compile.status == 0 else { return (false, compile.status, "", compile.errors) }
  let run = try runProcess(URL(fileURLWithPath: program), [])
  return (true, run.status, run.output, run.errors)
}
