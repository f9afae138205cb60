// swift-tools-version: 6.1
import PackageDescription

// What Bazel generated, compiled: Distribution/Bazel/test copies Bazel's decorators into
// Sources/Services/Generated (ignored by git) and builds and runs this package. rules_swift
// would compile them in a swift_library instead.
let package = Package(
  name: "VeneerBazelExample",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "veneer", path: "../../.."),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "Services",
      dependencies: [
        .product(name: "VeneerRuntime", package: "veneer"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(
      name: "App",
      dependencies: [
        "Services",
        .product(name: "VeneerRuntime", package: "veneer"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
