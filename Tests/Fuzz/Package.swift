// swift-tools-version: 6.1
// A libFuzzer target for Veneer's front end, for long local runs (the bounded run is
// FrontEndFuzzTests). Build and run from the repository root:
//
//   swift build -c release --package-path Tests/Fuzz --sanitize=fuzzer
//   ulimit -s 65536   # SwiftParser recurses once per nesting level
//   Tests/Fuzz/.build/release/veneer-fuzz -max_total_time=3600 -max_len=65536 \
//     .build-fuzz-corpus Tests/FixtureCatalog
import PackageDescription

let package = Package(
  name: "VeneerFuzz",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "veneer", path: "../..")],
  targets: [
    .executableTarget(
      name: "veneer-fuzz",
      dependencies: [
        .product(name: "VeneerParser", package: "veneer"),
        .product(name: "VeneerModel", package: "veneer"),
      ],
      // libFuzzer brings `main`.
      swiftSettings: [.unsafeFlags(["-parse-as-library"])])
  ],
  swiftLanguageModes: [.v6]
)
