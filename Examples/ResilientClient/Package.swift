// swift-tools-version: 6.1
import PackageDescription

// Veneer's resilience decorators against a real flaky server, scraped by a real Prometheus:
// `flaky-server` fails and stalls a set share of its answers; `price-load` calls it through
// `HTTPPriceClient` (URLSession), once as it is and once decorated with a bulkhead, a
// timeout, a circuit breaker, retries and metrics, and serves the metrics on /metrics
// (swift-prometheus). `prometheus-test` runs both with Debian's prometheus and reads back what it
// scraped. PriceKit's decorators are generated and checked in:
//   swift run veneer generate --config Examples/ResilientClient/Sources/PriceKit/veneer.yml
let package = Package(
  name: "ResilientClient",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "veneer", path: "../.."),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
  ],
  targets: [
    .target(
      name: "PriceKit",
      dependencies: [
        .product(name: "VeneerRuntime", package: "veneer"),
        .product(name: "VeneerMetrics", package: "veneer"),
      ],
      exclude: ["veneer.yml"]
    ),
    .executableTarget(
      name: "FlakyServer",
      dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
    ),
    .executableTarget(
      name: "PriceLoad",
      dependencies: [
        "PriceKit",
        .product(name: "VeneerRuntime", package: "veneer"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "Metrics", package: "swift-metrics"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
