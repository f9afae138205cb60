import Foundation
import TestSupport
import Testing
import VeneerModel

@testable import VeneerGenerator

/// What the build plugin hands Veneer of a target's dependencies: their source files, each with
/// its module, never their folders.
@Suite("The build plugin's references")
struct BuildPluginReferenceTests {
  /// A target with nothing to decorate, whose dependency declares an annotated protocol: one
  /// warning, at that protocol, naming the target to put the plugin on.
  @Test func aTargetWithNothingToDecorateNamesTheModuleThatHasIt() throws {
    let folder = try TemporaryFolder()
    let report = try folder.write(
      "Reports/Report.swift",
      "import Ledger\n\npublic struct Report { public var ledger: any Ledger }\n")
    let ledger = try folder.write(
      "Ledger/Ledger.swift",
      "// veneer: logging\npublic protocol Ledger: Sendable {\n  func balance() async -> Int\n}\n")
    let archive = try folder.write(
      "Ledger/Archive.swift",
      "// veneer: caching\npublic protocol Archive {\n  func all() -> [Int]\n}\n")
    var configuration = Configuration(sources: [report], output: "\(folder.path)/Out")
    configuration.references = [Located(ledger), Located(archive)]
    configuration.referenceModules = [ledger: "Ledger", archive: "Ledger"]
    configuration.target = Configuration.Target(name: "Reports", modules: ["Ledger"])
    let diagnostics = Generator().generate(configuration).diagnostics
    #expect(diagnostics.count == 1)
    let warning = try #require(diagnostics.first)
    #expect(warning.severity == .warning)
    #expect(warning.file == ledger && warning.location?.line == 2)
    #expect(
      warning.message
        == "Reports has nothing to decorate, while Ledger, declared in Ledger which Reports "
        + "imports, asks for logging: Veneer writes a protocol's decorators in the target that "
        + "declares it; add VeneerPlugin to Ledger's plugins (and it can leave Reports's)")
  }

  /// A target that decorates something of its own, or a run outside a build plugin, says
  /// nothing of its references' annotations.
  @Test func aTargetWithItsOwnWorkSaysNothing() throws {
    let folder = try TemporaryFolder()
    let cart = try folder.write(
      "Checkout/Cart.swift",
      "// veneer: logging\npublic protocol Cart {\n  func total() -> Int\n}\n")
    let ledger = try folder.write(
      "Ledger/Ledger.swift",
      "// veneer: logging\npublic protocol Ledger {\n  func balance() -> Int\n}\n")
    var configuration = Configuration(sources: [cart], output: "\(folder.path)/Out")
    configuration.references = [Located(ledger)]
    configuration.referenceModules = [ledger: "Ledger"]
    configuration.target = Configuration.Target(
      name: "Checkout", modules: ["Ledger", "VeneerRuntime", "Logging"])
    #expect(Generator().generate(configuration).diagnostics.isEmpty)
    configuration.target = nil
    configuration.include = []
    #expect(Generator().generate(configuration).diagnostics.allSatisfy { $0.severity != .warning })
  }
}
