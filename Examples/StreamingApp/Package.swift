// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "StreamingApp",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "veneer", path: "../.."),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
  ],
  targets: [
    .target(name: "StreamingServices"),
    // Written by `veneer generate` (see the README) and checked in.
    .target(
      name: "StreamingDecorators",
      dependencies: [
        "StreamingServices",
        .product(name: "VeneerRuntime", package: "veneer"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(
      name: "StreamingApp",
      dependencies: [
        "StreamingServices", "StreamingDecorators",
        .product(name: "VeneerRuntime", package: "veneer"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
