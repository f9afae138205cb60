// swift-tools-version: 6.1
import PackageDescription

// Veneer with checked-in output: `swift package --allow-writing-to-package-directory veneer`
// writes WeatherKit's decorators into Sources/WeatherKit/Generated, where they are committed and
// reviewed; `swift package veneer check` fails when they are stale.
let package = Package(
  name: "WeatherApp",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "veneer", path: "../.."),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "WeatherKit",
      dependencies: [
        .product(name: "VeneerRuntime", package: "veneer"),
        .product(name: "Logging", package: "swift-log"),
      ],
      exclude: ["veneer.yml"]
    ),
    .executableTarget(
      name: "WeatherApp",
      dependencies: [
        "WeatherKit",
        .product(name: "VeneerRuntime", package: "veneer"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
