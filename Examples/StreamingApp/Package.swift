// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "StreamingApp",
  platforms: [.macOS(.v13)],
  targets: [
    .target(name: "StreamingServices"),
    .executableTarget(name: "StreamingApp", dependencies: ["StreamingServices"]),
  ],
  swiftLanguageModes: [.v6]
)
