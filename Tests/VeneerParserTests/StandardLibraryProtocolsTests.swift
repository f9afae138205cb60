import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerRenderer

@testable import VeneerParser

/// The standard library protocols Veneer knows are the toolchain's own, not a hand-kept copy.
@Suite("Standard library protocols")
struct StandardLibraryProtocolsTests {
  /// The toolchain's interface of the standard library, where this machine's toolchain has one.
  static let interface: String? = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sh", "-c", "command -v swiftc"]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    let swiftc = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let toolchain = URL(fileURLWithPath: swiftc).deletingLastPathComponent()
      .deletingLastPathComponent()
    #if arch(x86_64)
      let triple = "x86_64-unknown-linux-gnu"
    #else
      let triple = "aarch64-unknown-linux-gnu"
    #endif
    let path = toolchain.appendingPathComponent(
      "lib/swift/linux/Swift.swiftmodule/\(triple).swiftinterface"
    ).path
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }()

  /// `Scripts/standard-protocols` writes, from this toolchain, what is committed.
  @Test(.enabled(if: interface != nil, "the standard library's interface is on Linux toolchains"))
  func theCommittedTableIsTheToolchainsInterface() throws {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("StandardLibraryProtocols-\(UUID().uuidString).swift")
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "bash", repositoryRoot.appendingPathComponent("Scripts/standard-protocols").path,
      try #require(Self.interface),
    ]
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["STANDARD_PROTOCOLS_OUTPUT": output.path], uniquingKeysWith: { $1 })
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let committed = try String(
      contentsOf: repositoryRoot.appendingPathComponent(
        "Sources/VeneerParser/StandardLibraryProtocols.swift"), encoding: .utf8)
    #expect(
      try String(contentsOf: output, encoding: .utf8) == committed,
      "run `bash Scripts/standard-protocols` and commit the result")
  }

  /// Every declaration parses into the protocol it names, with its requirements.
  @Test func everyDeclarationParses() {
    for declaration in StandardProtocols.standardLibraryDeclarations {
      let parsed = ProtocolParser.withBuiltIns.parse(
        source: declaration, file: "<standard library>")
      #expect(parsed.diagnostics.isEmpty, "\(declaration)")
      #expect(parsed.protocols.count == 1, "\(declaration)")
    }
    #expect(
      StandardProtocols.named("Sequence")?.requirements.map(\.name).contains("makeIterator") == true
    )
    #expect(StandardProtocols.named("Hashable")?.requirements.map(\.name) == ["hash"])
  }
}
