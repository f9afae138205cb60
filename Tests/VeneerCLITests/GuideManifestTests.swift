import Foundation
import Testing

/// The manifests of the front ends' guide are the examples' `Package.swift`, which CI builds and
/// runs, but for the line that finds Veneer: copied as written, each resolves and builds.
@Suite("The guide's manifests")
struct GuideManifestTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let guide = "Documentation/FrontEnds.md"

  /// The Swift code blocks of the guide that are manifests.
  static func readmeManifests() throws -> [String] {
    let readme = try String(contentsOf: root.appendingPathComponent(guide), encoding: .utf8)
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
    #expect(shown.contains { $0.hasPrefix(asShown) }, "\(Self.guide) lacks \(example)'s manifest")
    // Every product a target uses comes from a package the manifest declares.
    for product in ["VeneerRuntime", "Logging", "VeneerPlugin"] where manifest.contains(product) {
      let package = product == "Logging" ? "swift-log" : "veneer"
      #expect(manifest.contains("package: \"\(package)\""))
      #expect(
        package == "veneer"
          || manifest.contains(#".package(url: "https://github.com/apple/swift-log.git""#))
    }
  }

  /// The prebuilt plugin's snippet is the build plugin's manifest with Veneer's products taken
  /// from the published package, named as SwiftPM names it: by its URL's last part
  /// (`veneer-plugins`), not by the name in its manifest (`VeneerPlugins`), which SwiftPM
  /// rejects. Scripts/plugin-build-cost makes the same change in CI, by path, and builds it.
  @Test func thePrebuiltSnippetNamesThePackageAsSwiftPMDoes() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent(Self.guide), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## Prebuilt or from source").last)
    let snippet = try #require(
      section.components(separatedBy: "```swift fragment\n").dropFirst().first?
        .components(separatedBy: "```").first)
    let dependency = try #require(
      snippet.split(separator: "\n").first { $0.contains("veneer-plugins.git") })
    let url = try #require(dependency.split(separator: "\"").dropFirst().first)
    let identity = url.split(separator: "/").last.map { String($0.dropLast(".git".count)) }
    #expect(identity == "veneer-plugins")

    let manifest = try String(
      contentsOf: Self.root.appendingPathComponent("Examples/StreamingApp/Package.swift"),
      encoding: .utf8
    ).replacingOccurrences(of: #"package: "veneer")"#, with: #"package: "veneer-plugins")"#)
    let manifestLines = Set(manifest.split(separator: "\n").map(Self.trimmed))
    var veneerProducts = 0
    for line in snippet.split(separator: "\n").map(Self.trimmed)
    where line.contains("package: ") && !line.hasPrefix(".package(") {
      #expect(manifestLines.contains(line), "not in StreamingApp's manifest, changed: \(line)")
      if !line.contains("swift-log") {
        #expect(line.contains(#"package: "veneer-plugins")"#), "\(line)")
        veneerProducts += 1
      }
    }
    #expect(veneerProducts == 4, "the runtime, tracing and metrics products and the plugin")
  }

  private static func trimmed(_ line: Substring) -> String {
    var text = line.trimmingCharacters(in: .whitespaces)
    if text.hasSuffix(",") { text.removeLast() }
    return text
  }
}
