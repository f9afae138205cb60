import Foundation
import Testing

/// The README's manifests are the examples' `Package.swift`, which CI builds and runs, but for
/// the line that finds Veneer: copied as written, each resolves and builds.
@Suite("README manifests")
struct ReadmeManifestTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The Swift code blocks of the README that are manifests.
  static func readmeManifests() throws -> [String] {
    let readme = try String(
      contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    return readme.components(separatedBy: "```swift\n").dropFirst().compactMap { block in
      let code = block.components(separatedBy: "```").first ?? ""
      return code.hasPrefix("// swift-tools-version:") ? code : nil
    }
  }

  @Test(arguments: ["StreamingApp", "WeatherApp"])
  func theReadmeShowsTheExampleManifest(example: String) throws {
    let manifest = try String(
      contentsOf: Self.root.appendingPathComponent("Examples/\(example)/Package.swift"),
      encoding: .utf8)
    let asShown = manifest.replacingOccurrences(
      of: #".package(name: "veneer", path: "../..")"#,
      with: #".package(name: "veneer", path: "../veneer")"#)
    #expect(asShown != manifest, "the example no longer finds Veneer at ../..")
    let shown = try Self.readmeManifests()
    #expect(shown.contains { $0.hasPrefix(asShown) }, "README.md lacks \(example)'s manifest")
    // Every product a target uses comes from a package the manifest declares.
    for product in ["VeneerRuntime", "Logging", "VeneerPlugin"] where manifest.contains(product) {
      let package = product == "Logging" ? "swift-log" : "veneer"
      #expect(manifest.contains("package: \"\(package)\""))
      #expect(
        package == "veneer"
          || manifest.contains(#".package(url: "https://github.com/apple/swift-log.git""#))
    }
  }
}
