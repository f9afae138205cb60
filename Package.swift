// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// Each built-in's templates, in its folder beside its Swift, are embedded as Swift: SwiftPM is
// told to leave them be. `bash Scripts/regenerate` writes this list from the folders.
let builtInTemplates: [String] = [
  "BuiltIns/Analytics/Analytics.h.stencil",
  "BuiltIns/Analytics/Analytics.m.stencil",
  "BuiltIns/Analytics/Analytics.stencil",
  "BuiltIns/Bulkhead/Bulkhead.stencil",
  "BuiltIns/Caching/Caching.stencil",
  "BuiltIns/CircuitBreaker/CircuitBreaker.stencil",
  "BuiltIns/Intercepting/Intercepting.h.stencil",
  "BuiltIns/Intercepting/Intercepting.m.stencil",
  "BuiltIns/Intercepting/Intercepting.stencil",
  "BuiltIns/Logging/Logging.h.stencil",
  "BuiltIns/Logging/Logging.m.stencil",
  "BuiltIns/Logging/Logging.stencil",
  "BuiltIns/Metrics/Metrics.stencil",
  "BuiltIns/RateLimit/RateLimit.stencil",
  "BuiltIns/Retry/Retry.stencil",
  "BuiltIns/Timeout/Timeout.stencil",
  "BuiltIns/Tracing/Tracing.stencil",
]

let package = Package(
  name: "veneer",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16)],
  products: [
    .executable(name: "veneer", targets: ["VeneerCLI"]),
    .library(name: "VeneerRuntime", targets: ["VeneerRuntime"]),
    // What tracing and metrics decorators use: apart, so that an app without them builds
    // neither swift-distributed-tracing nor swift-metrics.
    .library(name: "VeneerTracing", targets: ["VeneerTracing"]),
    .library(name: "VeneerMetrics", targets: ["VeneerMetrics"]),
    .plugin(name: "VeneerPlugin", targets: ["VeneerPlugin"]),
    .plugin(name: "VeneerCommand", targets: ["VeneerCommand"]),
    // `@Decorated` on a protocol: the same decorators as the CLI, with no plugin and no file.
    .library(name: "VeneerMacros", targets: ["VeneerMacros"]),
  ],
  dependencies: [
    // A range, so that Veneer resolves beside the swift-syntax of users' macro packages.
    .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.1.0"),
    .package(url: "https://github.com/apple/swift-metrics.git", from: "2.4.0"),
    // Only for the tests: the oracle Veneer's own template engine must agree with.
    .package(url: "https://github.com/stencilproject/Stencil.git", from: "0.15.1"),
    // Only for the tests: the macro's expansions and diagnostics as inline snapshots.
    .package(url: "https://github.com/pointfreeco/swift-macro-testing.git", from: "0.7.0"),
    // 6 reports duplicate keys, which 5 silently dropped.
    .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
  ],
  targets: [
    .target(name: "VeneerModel"),
    // What Veneer's own targets share and users never see: threads and stage timings.
    .target(name: "VeneerSupport"),
    // The template language: Stencil's syntax, composition, checking and compiling, knowing
    // nothing of what it renders but the vocabulary it is given.
    .target(name: "VeneerTemplates", dependencies: ["VeneerModel"]),
    .target(
      name: "VeneerParser",
      dependencies: [
        "VeneerModel", "VeneerSupport", "CVeneerScan",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]
    ),
    .executableTarget(
      name: "VeneerCLI",
      dependencies: [
        "VeneerModel",
        "VeneerParser",
        "VeneerObjC",
        "VeneerRenderer",
        "VeneerGenerator",
        "VeneerSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(
      name: "VeneerRenderer",
      dependencies: ["VeneerModel", "VeneerTemplates"],
      exclude: builtInTemplates
    ),
    // `memmem` for the scanner's prefilter.
    .target(name: "CVeneerScan"),
    // The Objective-C front end: headers read through libclang, loaded at run time.
    .target(name: "VeneerObjC", dependencies: ["VeneerModel", "VeneerParser", "CVeneerClang"]),
    .target(
      name: "CVeneerClang", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(
      name: "VeneerGenerator",
      dependencies: [
        "VeneerModel", "VeneerParser", "VeneerRenderer", "VeneerTemplates", "VeneerSupport",
        "VeneerObjC", .product(name: "Yams", package: "Yams"),
        // The checked code's syntax, which a macro's expansion hands on rather than reads again.
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]
    ),
    .target(
      name: "VeneerRuntime",
      dependencies: ["CVeneerRuntime", .product(name: "Logging", package: "swift-log")]),
    // The call counter of logging decorators, in C11 atomics, and the clock decorators time
    // calls by.
    .target(name: "CVeneerRuntime"),
    // The macro's implementation: the generator's own stages, over the protocol it is attached
    // to, held in memory.
    .target(
      name: "VeneerMacroExpansion",
      dependencies: [
        "VeneerGenerator", "VeneerParser", "VeneerRenderer", "VeneerModel", "VeneerSupport",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]),
    .macro(
      name: "VeneerMacrosPlugin",
      dependencies: [
        "VeneerMacroExpansion",
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]),
    // Every runtime library, so that `import VeneerMacros` is all a file with `@Decorated`
    // needs: an app that uses the macro builds swift-distributed-tracing and swift-metrics too.
    .target(
      name: "VeneerMacros",
      dependencies: [
        "VeneerMacrosPlugin", "VeneerRuntime", "VeneerTracing", "VeneerMetrics",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "Instrumentation", package: "swift-distributed-tracing"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
      ]),
    .target(
      name: "VeneerTracing",
      dependencies: [
        // `__ValueDescription` and `CustomLogStringConvertible`: attributes and errors on spans
        // are written as logs write them.
        "CVeneerRuntime", "VeneerRuntime",
        .product(name: "Tracing", package: "swift-distributed-tracing"),
      ]),
    .target(
      name: "VeneerMetrics",
      dependencies: [
        // `__CallLifeCycle`: the completion handlers every decorator's call builds alike.
        "CVeneerRuntime", "VeneerRuntime", .product(name: "CoreMetrics", package: "swift-metrics"),
      ]),
    // `swift run -c release veneer-bench`: stage timings and memory over a synthetic corpus.
    .executableTarget(
      name: "veneer-bench",
      dependencies: [
        "VeneerGenerator", "VeneerParser", "VeneerRenderer", "VeneerTemplates", "VeneerModel",
        "VeneerSupport", "VeneerMacroExpansion",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
      ],
      path: "Sources/VeneerBench"),
    // Run by `bash Scripts/regenerate`: the templates as Swift, from their folders alone; then the
    // files made from the descriptors and the schema (the references, the macro's interface).
    .target(name: "VeneerTemplateEmbedding"),
    .executableTarget(
      name: "veneer-embed-templates", dependencies: ["VeneerTemplateEmbedding"],
      path: "Sources/VeneerEmbedTemplates"),
    .executableTarget(
      name: "veneer-regenerate", dependencies: ["VeneerGenerator", "VeneerMacroExpansion"],
      path: "Sources/VeneerRegenerate"),
    // `swift run -c release veneer-runtime-bench`: what each built-in decorator adds to a call.
    .executableTarget(
      name: "veneer-runtime-bench",
      dependencies: [
        "FixtureCatalog", "FixtureDecorators", "ServerDecorators", "HandWrittenDecorators",
        "VeneerRuntime",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
      ],
      path: "Sources/VeneerRuntimeBench"),
    .plugin(name: "VeneerPlugin", capability: .buildTool(), dependencies: ["VeneerCLI"]),
    .plugin(
      name: "VeneerCommand",
      capability: .command(
        intent: .custom(
          verb: "veneer", description: "Write decorators into the package, to check them in"),
        permissions: [
          .writeToPackageDirectory(
            reason: "Veneer writes each configured target's decorators into its folder")
        ]),
      dependencies: ["VeneerCLI"]
    ),
    .target(
      name: "FixtureCatalog", dependencies: [.product(name: "Logging", package: "swift-log")],
      path: "Tests/FixtureCatalog"),
    // Decorators of the fixture catalog, generated by Veneer and checked in; a test fails when
    // they are stale.
    .target(
      name: "FixtureDecorators",
      dependencies: [
        "FixtureCatalog", "VeneerRuntime", .product(name: "Logging", package: "swift-log"),
      ],
      path: "Tests/FixtureDecorators"
    ),
    // The example aspects of Templates/Aspects over the fixture catalog, checked in and
    // compiled like FixtureDecorators.
    .target(
      name: "AspectDecorators",
      dependencies: [
        "FixtureCatalog", "VeneerRuntime", .product(name: "Logging", package: "swift-log"),
      ],
      path: "Tests/AspectDecorators"),
    // The opt-in built-ins' decorators of the fixture catalog (tracing, metrics, timeout),
    // checked in and compiled like FixtureDecorators.
    .target(
      name: "ServerDecorators",
      dependencies: [
        "FixtureCatalog", "VeneerRuntime", "VeneerTracing", "VeneerMetrics",
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
      ],
      path: "Tests/ServerDecorators"),
    // What an engineer writes by hand for each built-in decorator, for veneer-runtime-bench.
    .target(
      name: "HandWrittenDecorators",
      dependencies: [
        "FixtureCatalog", "VeneerRuntime", .product(name: "Logging", package: "swift-log"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
      ],
      path: "Tests/HandWrittenDecorators"),
    // Stencil itself, which Veneer's compiled templates must render exactly like.
    .target(
      name: "StencilOracle",
      dependencies: [
        "VeneerRenderer", "VeneerTemplates", "VeneerModel",
        .product(name: "Stencil", package: "Stencil"),
      ],
      path: "Tests/StencilOracle"),
    // Temporary folders and type-checking generated code, for every test target.
    .target(name: "TestSupport", dependencies: ["VeneerSupport"], path: "Tests/TestSupport"),
    .testTarget(name: "VeneerSupportTests", dependencies: ["VeneerSupport", "TestSupport"]),
    .testTarget(name: "VeneerTemplatesTests", dependencies: ["VeneerTemplates", "VeneerModel"]),
    .testTarget(
      name: "VeneerMacrosUsageTests",
      dependencies: [
        "VeneerMacros", .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
        .product(name: "MetricsTestKit", package: "swift-metrics"),
      ],
      // What a file with `@Decorated` sees comes from its own imports alone.
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
    .testTarget(
      name: "VeneerMacrosTests",
      dependencies: [
        // The macro's library, not its plugin: a test target that depends on a macro target
        // is built for the host, and the whole test bundle with it (every module twice).
        "VeneerMacroExpansion", "VeneerGenerator", "VeneerModel", "VeneerParser",
        "VeneerRenderer", "TestSupport",
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "MacroTesting", package: "swift-macro-testing"),
      ]),
    .testTarget(
      name: "VeneerModelTests",
      // The parser, for a catalog of every shape the model holds.
      dependencies: ["VeneerModel", "VeneerParser"]),
    .testTarget(
      name: "VeneerParserTests",
      dependencies: [
        // The built-ins' annotation keys, which their descriptors declare.
        "VeneerParser", "VeneerModel", "VeneerSupport", "TestSupport", "VeneerGenerator",
        "VeneerRenderer",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    .testTarget(
      name: "VeneerRendererTests",
      dependencies: [
        "VeneerRenderer", "VeneerTemplates", "VeneerGenerator", "VeneerParser", "VeneerSupport",
        "StencilOracle", "TestSupport", "VeneerTemplateEmbedding",
      ]),
    .testTarget(
      name: "VeneerGeneratorTests",
      dependencies: [
        "VeneerGenerator", "VeneerRenderer", "VeneerTemplates", "VeneerModel", "VeneerSupport",
        "TestSupport",
        // The generated code these tests type-check imports them.
        "VeneerRuntime", "VeneerTracing", "VeneerMetrics",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
        // What the programs these tests build and run record with.
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
        .product(name: "MetricsTestKit", package: "swift-metrics"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "VeneerDecoratorTests",
      dependencies: [
        "FixtureCatalog", "FixtureDecorators", "AspectDecorators", "VeneerRuntime",
        "VeneerGenerator", "VeneerParser", "VeneerSupport", "TestSupport", "ServerDecorators",
        "VeneerTracing", "VeneerMetrics", .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
        .product(name: "MetricsTestKit", package: "swift-metrics"),
      ]
    ),
    // Each policy's state machine, explored over every interleaving of a few callers, and the
    // runtime's policies under cancellation.
    .testTarget(name: "VeneerRuntimeTests", dependencies: ["VeneerRuntime", "TestSupport"]),
    .testTarget(
      name: "VeneerCLITests",
      dependencies: ["VeneerCLI", "VeneerModel", "VeneerObjC", "VeneerRenderer", "TestSupport"]),
    .testTarget(
      name: "VeneerObjCTests",
      dependencies: [
        "VeneerObjC", "VeneerModel", "VeneerGenerator", "VeneerRenderer", "VeneerSupport",
        "TestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
