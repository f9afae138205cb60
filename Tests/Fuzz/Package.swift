// swift-tools-version: 6.1
// A libFuzzer target for Veneer's front end, for long local runs (the bounded run is
// FrontEndFuzzTests). The front end's folders are links to the real ones: Veneer publishes no
// library of it. Build and run from the repository root:
//
//   swift build -c release --package-path Tests/Fuzz --sanitize=fuzzer
//   ulimit -s 65536   # SwiftParser recurses once per nesting level
//   Tests/Fuzz/.build/release/veneer-fuzz -max_total_time=3600 -max_len=65536 \
//     .build-fuzz-corpus Tests/FixtureCatalog
import PackageDescription

let package = Package(
  name: "VeneerFuzz",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"604.0.0")
  ],
  targets: [
    .target(name: "VeneerModel"),
    .target(name: "VeneerSupport"),
    .target(name: "CVeneerScan"),
    .target(
      name: "VeneerParser",
      dependencies: [
        "VeneerModel", "VeneerSupport", "CVeneerScan",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]),
    .executableTarget(
      name: "veneer-fuzz",
      dependencies: ["VeneerParser", "VeneerModel"],
      // libFuzzer brings `main`.
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
  ],
  swiftLanguageModes: [.v6]
)
