import Foundation
import TestSupport
import Testing
import VeneerModel
import VeneerObjC

/// The built `veneer` executable, which sits beside the test bundle.
let veneerExecutable = productsFolder.appendingPathComponent("veneer")

/// Where the `veneer` runs of these tests keep their caches, instead of the user's cache folder.
let testCaches = [
  "XDG_CACHE_HOME": FileManager.default.temporaryDirectory
    .appendingPathComponent("veneer-test-caches-\(getpid())").path
]

/// Starts `veneer` in `directory`, its output discarded.
func startVeneer(
  _ arguments: [String], in directory: String, output: FileHandle? = nil,
  errors: FileHandle? = nil
) -> Process {
  let process = Process()
  process.executableURL = veneerExecutable
  process.arguments = arguments
  process.environment = ProcessInfo.processInfo.environment.merging(testCaches) { $1 }
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  process.standardOutput = output ?? FileHandle.nullDevice
  process.standardError = errors ?? FileHandle.nullDevice
  try? process.run()
  return process
}

/// Runs `veneer` to the end and returns what it printed.
func runVeneer(
  _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]
) throws -> (status: Int32, output: String, errors: String) {
  try runProcess(
    veneerExecutable, arguments,
    environment: ProcessInfo.processInfo.environment.merging(testCaches) { $1 }
      .merging(environment) { $1 }, in: directory)
}

let examplePath = repositoryRoot.appendingPathComponent("Examples/StreamingApp").path

@Suite("veneer parse")
struct ParseCommandTests {
  static let servicesHeader = repositoryRoot.appendingPathComponent(
    "Tests/FixtureHeaders/Services.h"
  ).path

  /// Headers are read beside Swift: each protocol with its members as the header declares
  /// them, counted in the last line.
  @Test(
    .enabled(
      if: ObjCHeaderParser.unavailableReason == nil || ObjCToolchain.isRequired,
      "libclang is not installed"))
  func headersAreSummarizedAsTheyAreDeclared() throws {
    let run = try runVeneer(["parse", Self.servicesHeader])
    #expect(run.status == 0, "\(run.errors)")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.first == Self.servicesHeader + ":12:11: @protocol LoaderService <NSObject>")
    #expect(lines.contains("  + (instancetype)sharedRepository"))
    #expect(
      lines.contains(
        "  - (nullable User *)authenticateWithUsername:(NSString *)username "
          + "password:(NSString *)password  // veneer: redact(password)"))
    #expect(lines.last == "3 protocols, 0 errors, 0 warnings")
    let json = try runVeneer(["parse", "--json", Self.servicesHeader])
    let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    #expect((decoded?["objectiveCProtocols"] as? [Any])?.count == 3)
    // Named and found again in its folder: read once.
    let folder = URL(fileURLWithPath: Self.servicesHeader).deletingLastPathComponent().path
    let both = try runVeneer(["parse", "--objc", Self.servicesHeader, folder])
    #expect(both.output.hasSuffix("10 protocols, 2 errors, 1 warnings\n"))
  }

  /// Without libclang, a header is an error that says what to install; Swift is read as ever.
  @Test func aHeaderWithoutLibclangSaysWhatToInstall() throws {
    let run = try runVeneer(
      ["parse", Self.servicesHeader, examplePath],
      environment: ["VENEER_LIBCLANG": "/nonexistent/libclang.so"])
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        Self.servicesHeader + ": error: reading Objective-C headers needs libclang (cannot load "
          + "/nonexistent/libclang.so"))
    #expect(run.errors.contains("install libclang-dev"))
    #expect(run.output.contains("protocol ShowService"))
  }

  @Test func jsonOfTheBundledExampleDecodesToTheModel() throws {
    let result = try runVeneer(["parse", examplePath, "--json"])
    #expect(result.status == 0)
    #expect(result.errors == "")
    let catalog = try JSONDecoder().decode(Catalog.self, from: Data(result.output.utf8))
    // File order (Loading, Posts, Shows, Users), then source order within a file.
    #expect(
      catalog.protocols.map(\.name) == [
        "LoaderService", "PostRepo", "ShowService", "Service", "UserService",
      ])
  }

  @Test func templateModelShowsWhatTemplatesSeeOfEachProtocol() throws {
    let result = try runVeneer(["parse", examplePath, "--template-model"])
    #expect(result.status == 0)
    let model = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(
      model.keys.sorted() == ["LoaderService", "PostRepo", "Service", "ShowService", "UserService"])
    let service = try #require(model["Service"] as? [String: Any])
    #expect(service["existentialType"] as? String == "any Service<Input, Output>")
    let requirement = try #require((service["requirements"] as? [[String: Any]])?.first)
    #expect(requirement["qualifiedSelector"] as? String == "Service.callAsFunction(input:)")
    #expect(
      (requirement["requirement"] as? [String: Any])?["selector"] as? String
        == "callAsFunction(input:)")
  }

  @Test func summaryListsProtocolsAndRequirements() throws {
    let result = try runVeneer(["parse", examplePath])
    #expect(result.status == 0)
    #expect(result.output.contains("public protocol Service<Input, Output>: Sendable\n"))
    #expect(result.output.contains("  associatedtype Input: Hashable & Sendable\n"))
    #expect(
      result.output.contains(
        "  func callAsFunction(input: Input) async throws -> Output  // veneer: cache\n"))
    #expect(result.output.hasSuffix("5 protocols, 0 errors, 0 warnings\n"))
  }

  @Test func malformedFileExitsWithOneAndALocatedError() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "veneer-cli-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("protocol Broken {\n  func a(\n}\n".utf8).write(
      to: directory.appendingPathComponent("Broken.swift"))
    try Data("protocol Fine { func b() }\n".utf8).write(
      to: directory.appendingPathComponent("Fine.swift"))
    let result = try runVeneer(["parse", directory.path])
    #expect(result.status == 1)
    #expect(
      result.errors
        == "\(directory.path)/Broken.swift:2:10: error: expected ')' to end parameter clause\n")
    #expect(result.output.contains("internal protocol Fine\n  func b()\n"))
  }

  @Test func missingPathIsAClearError() throws {
    let result = try runVeneer(["parse", "/no/such/folder"])
    #expect(result.status == 1)
    #expect(result.errors == "/no/such/folder: error: no such file or directory\n")
  }

  /// What `--json` and `--template-model` print holds no control a terminal or a reader would
  /// not see as it is: C1 and bidirectional controls of a doc comment are `\u` escapes.
  @Test func jsonEscapesInvisibleControls() throws {
    let folder = try TemporaryFolder()
    let source = try folder.write(
      "P.swift", "/// Doc \u{202E}evil\u{85}next\n// veneer: logging\nprotocol P { func a() }\n")
    for mode in ["--json", "--template-model"] {
      let run = try runVeneer(["parse", mode, source])
      #expect(run.status == 0, "\(run.errors)")
      #expect(!run.output.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{85}" }, "\(mode)")
      #expect(
        run.output.contains(#"\u202e"#) || run.output.contains(#"\u{202E}"#), "\(run.output)")
      #expect((try? JSONSerialization.jsonObject(with: Data(run.output.utf8))) != nil)
    }
  }
}
