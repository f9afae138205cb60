// swift-tools-version: 6.1
import PackageDescription

// The build plugin downstream of a macro target (CI's test, not an example to copy): Payments
// uses @Decorated, has a Swift file it excludes and a resource; Checkout, which imports it, has
// VeneerPlugin. The plugin reads Payments' sources, not its folder, and none of swift-syntax,
// which only the macro imports. Reports has the plugin and nothing to decorate while Ledger,
// which it imports, has an annotated protocol: the build says which target needs the plugin.
let package = Package(
  name: "PluginBesideMacros",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "veneer", path: "../.."),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "Payments",
      dependencies: [.product(name: "VeneerMacros", package: "veneer")],
      exclude: ["Fixtures"],
      resources: [.copy("Resources/rates.json")]
    ),
    .target(
      name: "Checkout",
      dependencies: [
        "Payments",
        .product(name: "VeneerRuntime", package: "veneer"),
        .product(name: "Logging", package: "swift-log"),
      ],
      plugins: [.plugin(name: "VeneerPlugin", package: "veneer")]
    ),
    .target(name: "Ledger"),
    .target(
      name: "Reports",
      dependencies: ["Ledger"],
      plugins: [.plugin(name: "VeneerPlugin", package: "veneer")]
    ),
    .executableTarget(
      name: "Shop",
      dependencies: [
        "Checkout", "Reports",
        .product(name: "VeneerRuntime", package: "veneer"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
