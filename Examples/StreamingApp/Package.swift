// swift-tools-version: 6.1
import PackageDescription

// Veneer as a build-tool plugin: StreamingServices declares annotated protocols, and VeneerPlugin
// generates their decorators into the build folder on every `swift build`, compiled with them.
let package = Package(
  name: "StreamingApp",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "veneer", path: "../.."),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
    // Only for the app, which prints what its tracing and metrics decorators recorded.
    .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.1.0"),
    .package(url: "https://github.com/apple/swift-metrics.git", from: "2.4.0"),
  ],
  targets: [
    .target(
      name: "StreamingServices",
      dependencies: [
        .product(name: "VeneerRuntime", package: "veneer"),
        .product(name: "VeneerTracing", package: "veneer"),
        .product(name: "VeneerMetrics", package: "veneer"),
        .product(name: "Logging", package: "swift-log"),
      ],
      exclude: ["veneer.yml"],
      plugins: [.plugin(name: "VeneerPlugin", package: "veneer")]
    ),
    .executableTarget(
      name: "StreamingApp",
      dependencies: [
        "StreamingServices",
        .product(name: "VeneerRuntime", package: "veneer"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
        .product(name: "MetricsTestKit", package: "swift-metrics"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
