// swift-tools-version: 6.1
import PackageDescription

// Veneer as a macro: `@Decorated` on each protocol, no plugin, no veneer.yml, no generated file.
let package = Package(
  name: "MacroApp",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "veneer", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "MacroApp",
      dependencies: [.product(name: "VeneerMacros", package: "veneer")]
    )
  ],
  swiftLanguageModes: [.v6]
)
