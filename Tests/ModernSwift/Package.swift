// swift-tools-version: 6.2
// The modern-Swift catalog: the shapes in Shapes/, decorated by every built-in, built under the
// settings new targets use, each a target whose folders link to the same shapes and calls.
// `bash test` generates the decorators with the CLI, builds and runs every target.
import PackageDescription

let dependencies: [Target.Dependency] = [
  .product(name: "VeneerRuntime", package: "veneer"),
  .product(name: "VeneerTracing", package: "veneer"),
  .product(name: "VeneerMetrics", package: "veneer"),
  .product(name: "Logging", package: "swift-log"),
]

// Xcode's "Approachable Concurrency" on a main-actor target.
let approachable: [SwiftSetting] = [
  .defaultIsolation(MainActor.self),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
]

// Stricter checks, every warning an error.
let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .strictMemorySafety(),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "ModernSwift",
  platforms: [.macOS(.v26)],
  dependencies: [
    .package(name: "veneer", path: "../.."),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
  ],
  targets: [
    .executableTarget(name: "Swift6", dependencies: dependencies),
    // A new app target's default (SE-0466).
    .executableTarget(
      name: "MainActorDefault", dependencies: dependencies,
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    .executableTarget(
      name: "Approachable", dependencies: dependencies,
      swiftSettings: approachable),
    // The macro instead of the CLI: the shapes with `@Decorated`, built in each setting.
    .executableTarget(
      name: "Macro",
      dependencies: dependencies + [.product(name: "VeneerMacros", package: "veneer")]),
    .executableTarget(
      name: "MacroMainActor",
      dependencies: dependencies + [.product(name: "VeneerMacros", package: "veneer")],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    .executableTarget(
      name: "MacroApproachable",
      dependencies: dependencies + [.product(name: "VeneerMacros", package: "veneer")],
      swiftSettings: approachable),
    .executableTarget(
      name: "MacroStrict",
      dependencies: dependencies + [.product(name: "VeneerMacros", package: "veneer")],
      swiftSettings: strict),
    .executableTarget(
      name: "Strict", dependencies: dependencies,
      swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
