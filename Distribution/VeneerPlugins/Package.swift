// swift-tools-version: 6.1
// Veneer for users who would rather not build it: the same plugins and runtime as the veneer
// package, with `veneer` prebuilt in an artifact bundle, so a user's build compiles neither
// swift-syntax nor Veneer. The runtime and plugin folders are links to the real ones.
//
// A release writes the bundle's URL and checksum below (Scripts/release) and publishes this
// folder, links resolved, as the `veneer-plugins` repository. From a clone, before or without a
// release, `bash Scripts/prebuilt-plugins` writes the same package with a bundle built here.
import PackageDescription

let veneer: Target = .binaryTarget(
  name: "veneer",
  url: "https://github.com/veneer-swift/veneer/releases/download/0.8.0/veneer.artifactbundle.zip",
  checksum: "0000000000000000000000000000000000000000000000000000000000000000")

let package = Package(
  name: "VeneerPlugins",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16)],
  products: [
    .library(name: "VeneerRuntime", targets: ["VeneerRuntime"]),
    .library(name: "VeneerTracing", targets: ["VeneerTracing"]),
    .library(name: "VeneerMetrics", targets: ["VeneerMetrics"]),
    .plugin(name: "VeneerPlugin", targets: ["VeneerPlugin"]),
    .plugin(name: "VeneerCommand", targets: ["VeneerCommand"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.1.0"),
    .package(url: "https://github.com/apple/swift-metrics.git", from: "2.4.0"),
  ],
  targets: [
    veneer,
    .target(
      name: "VeneerRuntime",
      dependencies: ["CVeneerRuntime", .product(name: "Logging", package: "swift-log")]),
    .target(name: "CVeneerRuntime"),
    .target(
      name: "VeneerTracing",
      dependencies: [
        "CVeneerRuntime", "VeneerRuntime",
        .product(name: "Tracing", package: "swift-distributed-tracing"),
      ]),
    .target(
      name: "VeneerMetrics",
      dependencies: [
        "CVeneerRuntime", "VeneerRuntime", .product(name: "CoreMetrics", package: "swift-metrics"),
      ]),
    .plugin(name: "VeneerPlugin", capability: .buildTool(), dependencies: ["veneer"]),
    .plugin(
      name: "VeneerCommand",
      capability: .command(
        intent: .custom(
          verb: "veneer", description: "Write decorators into the package, to check them in"),
        permissions: [
          .writeToPackageDirectory(
            reason: "Veneer writes each configured target's decorators into its folder")
        ]),
      dependencies: ["veneer"]
    ),
  ]
)
