import Foundation

/// The folder of the built products: the test bundle's, which holds the modules of every target.
public let productsFolder: URL =
  Bundle.main.bundleURL.pathExtension == "xctest"
  ? Bundle.main.bundleURL.deletingLastPathComponent() : Bundle.main.bundleURL

/// Type-checks Swift files in Swift 6 mode against the package's built modules, as a user's
/// target would compile them; returns the exit status and the compiler's errors.
public func typeCheck(_ files: [String], flags: [String] = []) throws -> (
  status: Int32, errors: String
) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments =
    ["swiftc", "-typecheck", "-swift-version", "6"]
    + ["-I", productsFolder.appendingPathComponent("Modules").path]
    // The runtime's C module by its module map: a search of the products folder would also
    // meet the Objective-C front end's, built twice (for the plugins' tool too), and refuse the
    // second as a redefinition.
    + [
      "-Xcc",
      "-fmodule-map-file="
        + productsFolder.appendingPathComponent("CVeneerRuntime.build/module.modulemap").path,
    ]
    + flags + files
  let errors = Pipe()
  process.standardError = errors
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationStatus, output)
}
