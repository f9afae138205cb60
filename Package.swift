// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "veneer",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "veneer", targets: ["VeneerCLI"]),
    .library(name: "VeneerModel", targets: ["VeneerModel"]),
    .library(name: "VeneerParser", targets: ["VeneerParser"]),
    .library(name: "VeneerRuntime", targets: ["VeneerRuntime"]),
  ],
  dependencies: [
    // A range, so that Veneer resolves beside the swift-syntax of users' macro packages.
    .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
  ],
  targets: [
    .target(name: "VeneerModel"),
    .target(
      name: "VeneerParser",
      dependencies: [
        "VeneerModel",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]
    ),
    .executableTarget(
      name: "VeneerCLI",
      dependencies: [
        "VeneerModel",
        "VeneerParser",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(name: "VeneerRenderer", dependencies: ["VeneerModel"]),
    .target(name: "VeneerRuntime", dependencies: [.product(name: "Logging", package: "swift-log")]),
    .target(name: "FixtureCatalog", path: "Tests/FixtureCatalog"),
    .testTarget(name: "VeneerParserTests", dependencies: ["VeneerParser", "VeneerModel"]),
    .testTarget(name: "VeneerCLITests", dependencies: ["VeneerCLI", "VeneerModel"]),
  ],
  swiftLanguageModes: [.v6]
)
