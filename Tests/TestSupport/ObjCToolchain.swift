import Foundation

/// Compiles and runs Objective-C programs with the toolchain's clang against GNUstep Base, as
/// Veneer's Objective-C output is checked on Linux: `-fobjc-runtime=gcc` and blocks, with
/// `libgnustep-base-dev`, `gobjc` and `libblocksruntime-dev` installed.
public enum ObjCToolchain {
  /// Whether the packages are here; CI installs them and sets `VENEER_REQUIRE_OBJC=1`, so that
  /// tests needing them run (and fail) rather than skip there.
  public static let isAvailable: Bool =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/gnustep-config")
    && FileManager.default.fileExists(atPath: "/usr/include/Block.h")

  /// Whether Objective-C tests must run even when what they need looks missing: CI's promise
  /// that it installed it.
  public static var isRequired: Bool {
    ProcessInfo.processInfo.environment["VENEER_REQUIRE_OBJC"] == "1"
  }

  public static var mustRun: Bool { isAvailable || isRequired }

  /// The Objective-C runtime for generated code, which Veneer will write beside its output.
  public static let runtimeFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../../Templates/ObjC")
    .standardizedFileURL.path

  /// Compiles `sources` into a program in `folder` and runs it; the compiler's errors when it
  /// does not compile. Without `runtime`, the runtime of `Templates/ObjC` is compiled with them;
  /// headers are found in `includeFolders` and the runtime's folder.
  public static func compileAndRun(
    _ sources: [String], in folder: String, includeFolders: [String] = [],
    runtime: String = runtimeFolder + "/VNRRuntime.m", warnings: [String] = []
  ) throws -> (compiled: Bool, status: Int32, output: String, errors: String) {
    // GNUstep's headers ask for <objc/blocks_runtime.h>, which libblocksruntime calls Block.h.
    let shim = folder + "/shim/objc"
    try FileManager.default.createDirectory(atPath: shim, withIntermediateDirectories: true)
    try Data("#include <Block.h>\n".utf8).write(
      to: URL(fileURLWithPath: shim + "/blocks_runtime.h"))
    let program = folder + "/program"
    let flags = try shell("gnustep-config --objc-flags").output
    let libraries = try shell("gnustep-config --base-libs").output
    let gccInclude = try shell("gcc -print-file-name=include").output
    let compile = try run(
      "/usr/bin/env",
      [
        "clang", "-fobjc-runtime=gcc", "-fblocks", "-Werror", "-Wno-unused-command-line-argument",
        "-I", folder + "/shim", "-I", gccInclude.trimmingCharacters(in: .whitespacesAndNewlines),
      ] + warnings + includeFolders.flatMap { ["-I", $0] } + ["-I", runtimeFolder]
        + words(flags) + sources + [runtime, "-o", program]
        + words(libraries) + ["-lBlocksRuntime"])
    guard compile.status == 0 else { return (false, compile.status, "", compile.errors) }
    let result = try run(program, [])
    return (true, result.status, result.output, result.errors)
  }

  private static func words(_ text: String) -> [String] {
    text.split(whereSeparator: \.isWhitespace).map(String.init)
      // Dependency files next to the sources are not wanted.
      .filter { $0 != "-MMD" && $0 != "-MP" }
  }

  private static func shell(_ command: String) throws -> (status: Int32, output: String) {
    let result = try run("/bin/sh", ["-c", command])
    return (result.status, result.output)
  }

  private static func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, output: String, errors: String
  ) {
    try runProcess(URL(fileURLWithPath: executable), arguments)
  }
}
