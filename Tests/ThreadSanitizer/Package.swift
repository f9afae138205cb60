// swift-tools-version: 6.1
// The runtime and the generated decorators alone, for Thread Sanitizer: building the whole
// package with it would rebuild swift-syntax instrumented. The folders are links to the real
// ones. `swift test --package-path Tests/ThreadSanitizer --sanitize=thread`
import PackageDescription

let package = Package(
  name: "ThreadSanitizer",
  platforms: [.macOS(.v13)],
  dependencies: [.package(url: "https://github.com/apple/swift-log.git", from: "1.5.0")],
  targets: [
    .target(
      name: "VeneerRuntime",
      dependencies: ["CVeneerRuntime", .product(name: "Logging", package: "swift-log")]),
    .target(name: "CVeneerRuntime"),
    .target(
      name: "FixtureCatalog", dependencies: [.product(name: "Logging", package: "swift-log")]),
    .target(
      name: "FixtureDecorators",
      dependencies: [
        "FixtureCatalog", "VeneerRuntime", .product(name: "Logging", package: "swift-log"),
      ]),
    // The manual clock alone, of the main package's TestSupport.
    .target(name: "TestSupport"),
    .testTarget(
      name: "StressTests",
      dependencies: [
        "FixtureCatalog", "FixtureDecorators", "VeneerRuntime", "TestSupport",
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(name: "VeneerRuntimeTests", dependencies: ["VeneerRuntime", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
