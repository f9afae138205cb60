import Foundation
import TestSupport
import Testing
import VeneerModel
import VeneerRenderer

@testable import VeneerGenerator

/// A project in a temporary folder: sources, a `veneer.yml`, and what generating gives.
struct Project {
  let folder: TemporaryFolder

  init(_ files: [String: String]) throws {
    folder = try TemporaryFolder()
    for (path, contents) in files { try folder.write(path, contents) }
  }

  func generate() -> (generation: Generation, diagnostics: [String]) {
    let (configuration, configurationDiagnostics) = ConfigurationFile.load(
      path: "\(folder.path)/veneer.yml")
    let generation = Generator().generate(configuration)
    let prefix = folder.path + "/"
    return (
      generation,
      (configurationDiagnostics + generation.diagnostics).map {
        $0.description.replacingOccurrences(of: prefix, with: "")
      }
    )
  }

  /// Type-checks the generated files with the sources, as one module in Swift 6 mode.
  func typeCheckGenerated(flags: [String] = []) throws -> (status: Int32, errors: String) {
    let generated = try generate().generation.files.map {
      try folder.write("Out/\($0.name)", $0.contents)
    }
    let sources = try FileManager.default.subpathsOfDirectory(atPath: "\(folder.path)/Sources")
      .filter { $0.hasSuffix(".swift") }.map { "\(folder.path)/Sources/\($0)" }
    return try typeCheck(sources + generated, flags: flags)
  }

  func file(_ name: String) -> String {
    generate().generation.files.first { $0.name == name }?.contents ?? ""
  }
}

let loader = """
  public protocol LoaderService {
    func load(source: String, completion: @escaping (Result<[String], any Error>) -> Void)
    func reload() async throws
    var isLoading: Bool { get }
  }

  """

@Suite("Generating with veneer.yml")
struct ConfiguredGenerationTests {
  static let availabilitySources = """
    @available(*, deprecated, message: "Use Shelf")
    public protocol Drawer {
      func open() -> Int
      @available(*, deprecated, renamed: "open()")
      func pull() -> Int
    }

    @available(Fixture 1.0, *)
    public protocol Shelf {
      func count() -> Int
    }

    """

  /// A deprecated protocol's decorators and helpers are deprecated too, and an availability
  /// macro is spelt out as `availability_macros` says: the decorators compile without a warning.
  @Test func availabilityIsCarriedOntoDecoratorsWithoutAWarning() throws {
    let project = try Project([
      "Sources/Storage.swift": Self.availabilitySources,
      "veneer.yml": """
      sources: Sources
      output: Out
      selection: all
      availability_macros: ["Fixture 1.0:macOS 13.0, iOS 16.0"]
      """,
    ])
    let drawer = project.file("Drawer+Decorators.swift")
    #expect(
      drawer.contains(
        "@available(*, deprecated, message: \"Use Shelf\")\npublic nonisolated struct"))
    #expect(
      drawer.contains(
        "@available(*, deprecated, message: \"Use Shelf\")\nnonisolated extension Drawer"))
    #expect(project.file("Shelf+Decorators.swift").contains("@available(macOS 13.0, iOS 16.0, *)"))
    let checked = try project.typeCheckGenerated(flags: [
      "-warnings-as-errors", "-Xfrontend", "-define-availability", "-Xfrontend",
      "Fixture 1.0:macOS 13.0, iOS 16.0",
    ])
    #expect(checked.status == 0, "\(checked.errors)")
  }

  /// In another module (`selection: public`), an unmapped macro means nothing, so it is left
  /// out; in the protocol's own module it is kept as written.
  @Test func anUnmappedAvailabilityMacroIsKeptOnlyInItsOwnModule() throws {
    for (selection, kept) in [("all", true), ("public", false)] {
      let project = try Project([
        "Sources/Storage.swift": Self.availabilitySources,
        "veneer.yml": "sources: Sources\noutput: Out\nselection: \(selection)\n",
      ])
      let shelf = project.file("Shelf+Decorators.swift")
      #expect(shelf.contains("@available(Fixture 1.0, *)") == kept, "\(selection)")
      #expect(shelf.contains("struct LoggingShelf"))
    }
  }

  /// An app's own `Result<T>`, which shadows Swift's in its module: decorators in the same
  /// module read it as success and failure, and compile.
  @Test func anAppsOwnResultNamedResultCompilesInItsModule() throws {
    let project = try Project([
      "Sources/Posts.swift": """
      public enum Result<T> {
        case success(T)
        case failure(Error)
      }

      // veneer: logging, analytics, caching
      public protocol PostRepo {
        func getPost(id: Int, completion: (Result<String>) -> Void)
      }
      """,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    #expect(
      project.file("PostRepo+Decorators.swift").contains("Swift.Result<String, any Swift.Error>"))
    let checked = try project.typeCheckGenerated(flags: ["-warnings-as-errors"])
    #expect(checked.status == 0, "\(checked.errors)")
  }

  /// A decorator asked for by annotation that passes requirements by says which and why, at
  /// the protocol or the requirement.
  @Test func decoratorsThatDoLessThanAskedSaySo() throws {
    let project = try Project([
      "Sources/Notes.swift": """
      // veneer: logging, caching
      public protocol Notes {
        var count: Int { get }
        func save(_ text: String) -> Bool
        func note(id: Int) -> String
        // What the user chose, or what has nothing to cache, is not news.
        // veneer: invalidates(note)
        func add(_ text: String) -> Int
        func clear()
      }
      """,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    #expect(
      project.generate().diagnostics == [
        // It caches nothing at all: asking for it did nothing, a warning.
        "Sources/Notes.swift:2:1: warning: the caching decorator of Notes caches only what is "
          + "declared cacheable, and forwards 2 requirements uncached (save(_:), note(id:)); "
          + "annotate each that only reads '// veneer: cache'",
        "Sources/Notes.swift:2:1: note: the logging decorator of Notes forwards 1 requirement as "
          + "it is (count): only instance methods are logged",
      ])
  }

  /// Decorators in another module name the protocols through their module, which they import:
  /// Foundation's `Expression` cannot be taken for the protocol.
  @Test func theProtocolsModuleQualifiesTheirNames() throws {
    let project = try Project([
      "Sources/Expression.swift": """
      import Foundation

      public protocol Expression<Value>: CustomStringConvertible {
        associatedtype Value
        func evaluate() throws -> Value
      }
      """,
      "veneer.yml": "sources: Sources\noutput: Out\nselection: public\nmodule: Stencil\n",
    ])
    let file = project.file("Expression+Decorators.swift")
    #expect(file.contains("import Stencil\n"))
    #expect(
      file.contains("struct LoggingExpression<Base: Stencil.Expression>: Stencil.Expression {"))
    #expect(file.contains("extension Stencil.Expression {"))
    #expect(file.contains("-> any Stencil.Expression<Value> {"))
  }

  /// Builders that return `Self`, mutating or not, compile in every built-in decorator.
  @Test func buildersOfEveryKindCompile() throws {
    let project = try Project([
      "Sources/Builder.swift": """
      public protocol Builder: Sendable {
        mutating func adding(_ value: Int) -> Self
        func split() throws -> [Self]
        func parent() async -> Self?
      }
      """,
      "veneer.yml": """
      sources: Sources
      output: Out
      selection: all
      templates: [\(BuiltInDecorators.all.map(\.typedName).joined(separator: ", "))]
      """,
    ])
    #expect(project.file("Builder+Decorators.swift").contains("struct MetricsBuilder<"))
    let checked = try project.typeCheckGenerated(flags: ["-warnings-as-errors"])
    #expect(checked.status == 0, "\(checked.errors)")
  }

  /// SwiftNIO's deprecated `joinGroup(_:interface:promise:)` takes a deprecated type, which an
  /// interception decorator's advice named outside the requirement: a warning in every build.
  @Test func deprecatedRequirementsCompileWithoutWarnings() throws {
    let project = try Project([
      "Sources/Multicast.swift": """
      @available(*, deprecated, renamed: "Device")
      public struct Interface: Sendable {}
      public struct Device: Sendable {}

      public protocol Multicast {
        @available(*, deprecated, renamed: "join(device:)")
        func join(interface: Interface?) -> Int
        func join(device: Device?) -> Int
      }
      """,
      "veneer.yml": "sources: Sources\noutput: Out\nselection: all\n",
    ])
    #expect(project.file("Multicast+Decorators.swift").contains("struct InterceptingMulticast<"))
    let checked = try project.typeCheckGenerated(flags: ["-warnings-as-errors"])
    #expect(checked.status == 0, "\(checked.errors)")
  }

  /// `GraphQL.Type` is the metatype of the module's name: a protocol named `Type` is named in
  /// backticks after the dot.
  @Test func aProtocolNamedTypeIsNamedInBackticksAfterItsModule() throws {
    let project = try Project([
      "Sources/AST.swift": "public protocol Node {}\npublic protocol Type: Node {}\n",
      "veneer.yml": "sources: Sources\noutput: Out\nselection: public\nmodule: GraphQL\n",
    ])
    let file = project.file("Type+Decorators.swift")
    #expect(file.contains("struct LoggingType<Base: GraphQL.`Type`>: GraphQL.`Type` {"))
    #expect(file.contains("extension GraphQL.`Type` {"))
  }

  /// `TextTable.TextTableStyle` is a member of the struct `TextTable` in the module
  /// `TextTable` (and `Rainbow.ModeCode` of the enum `Rainbow`): a module that declares a type
  /// of its own name gets its protocols' names unqualified.
  @Test func aModuleThatDeclaresATypeOfItsNameIsNotNamed() throws {
    let style = """
      public protocol TextTableStyle {
        func render(_ text: String) -> String
      }
      """
    let shadowed = try Project([
      "Sources/Style.swift": style,
      "Sources/Table.swift": "/// The table.\npublic final class TextTable: Sendable {}\n",
      "veneer.yml": "sources: Sources\noutput: Out\nselection: public\nmodule: TextTable\n",
    ])
    let file = shadowed.file("TextTableStyle+Decorators.swift")
    #expect(file.contains("import TextTable\n"))
    #expect(file.contains("struct LoggingTextTableStyle<Base: TextTableStyle>: TextTableStyle {"))
    #expect(!file.contains("TextTable.TextTableStyle"))
    let named = try Project([
      "Sources/Style.swift": style,
      // Nor a word that only contains the name, nor the name after another word.
      "Sources/Table.swift": "struct TextTables {}\nlet structure = TextTable.self\n",
      "veneer.yml": "sources: Sources\noutput: Out\nselection: public\nmodule: TextTable\n",
    ])
    #expect(
      named.file("TextTableStyle+Decorators.swift").contains("<Base: TextTable.TextTableStyle>"))
  }

  /// Tracing and metrics import libraries an app may not have: an annotation or a template
  /// list asks for them, `selection: all` alone does not.
  @Test func tracingAndMetricsAreAskedForNotAssumed() throws {
    let sources = """
      public protocol Plain {
        func a() async throws -> Int
      }

      // veneer: tracing(span: "store.load"), metrics
      public protocol Traced {
        func load(id: Int) async throws -> String
      }
      """
    let project = try Project([
      "Sources/Sources.swift": sources,
      "veneer.yml": "sources: Sources\noutput: Out\nselection: all\n",
    ])
    let plain = project.file("Plain+Decorators.swift")
    #expect(plain.contains("struct LoggingPlain"))
    #expect(!plain.contains("Tracing") && !plain.contains("Metrics"))
    let traced = project.file("Traced+Decorators.swift")
    #expect(traced.contains("struct TracingTraced") && traced.contains("struct MetricsTraced"))
    #expect(traced.contains("operation: \"store.load\""))
    #expect(
      traced.contains("import protocol Tracing.Tracer\n")
        && traced.contains("import protocol CoreMetrics.MetricsFactory\n"))
  }

  /// Types at every limit the check before parsing allows are decorated by every built-in
  /// template: the check of rendered code allows for the levels a template wraps around them
  /// (`Interception<Arguments, Array<…>>` was refused at 65), and the result compiles.
  @Test func typesAtEveryLimitAreDecoratedByEveryTemplate() throws {
    let generic =
      String(repeating: "Array<", count: 64) + "Int" + String(repeating: ">", count: 64)
    let curried = String(repeating: "(Int) -> ", count: 63) + "Int"
    let project = try Project([
      "Sources/Edge.swift": """
      public protocol Edge {
        func get(id: Int) -> \(generic)
        func take(_ value: \(generic)) -> Int
        func curry() -> \(curried)
        func value() -> Int\(String(repeating: "?", count: 64))
      }
      """,
      "veneer.yml": """
      sources: Sources
      output: Out
      selection: all
      templates: [logging, analytics, caching, intercepting]
      """,
    ])
    let (generation, diagnostics) = project.generate()
    #expect(!generation.hasErrors, "\(diagnostics)")
    #expect(generation.files.map(\.name) == ["Edge+Decorators.swift"])
    let checked = try project.typeCheckGenerated()
    #expect(checked.status == 0, "\(checked.errors)")
  }

  @Test func availabilityMacrosAreCheckedLikeSwiftsFlag() throws {
    let project = try Project([
      "Sources/Storage.swift": Self.availabilitySources,
      "veneer.yml":
        "sources: Sources\noutput: Out\navailability_macros: [\"Fixture 1.0:macOS 13) func\"]\n",
    ])
    #expect(
      project.generate().diagnostics.first?.hasPrefix(
        "veneer.yml:3:23: error: 'availability_macros' entries are written as for") == true)
  }

  /// A dependency's sources, listed under `references`, give the requirements a protocol
  /// inherits from it; they are never decorated, and their own problems are not reported.
  @Test func referenceSourcesGiveInheritedRequirementsAndAreNeverDecorated() throws {
    let project = try Project([
      "Sources/Tracer.swift": """
      // veneer: logging
      public protocol Tracer: Instrument {
        func startSpan(named name: String) -> Int
      }
      """,
      "Dependency/Instrument.swift": """
      // veneer: logging
      public protocol Instrument: Sendable {
        func extract(from carrier: [String: String]) -> String?
      }
      // veneer: nonsense
      public protocol Broken { func
      """,
      "veneer.yml": """
      sources: Sources
      references: [Dependency]
      output: Out
      selection: all
      """,
    ])
    let (generation, diagnostics) = project.generate()
    #expect(diagnostics.isEmpty)
    #expect(generation.files.map(\.name) == ["Tracer+Decorators.swift"])
    #expect(generation.files.first?.contents.contains("func extract(from carrier:") == true)
    #expect(generation.statistics.protocols == 1)
  }

  @Test func theEventMapNamesEventsAndProperties() throws {
    let project = try Project([
      "Sources/Loader.swift": loader,
      "veneer.yml": """
      sources: Sources
      output: Out
      options:
        analytics:
          events:
            LoaderService.load:
              event: feed_loaded
              failure: feed_failed
              properties: [source]
            LoaderService.reload: false
      """,
    ])
    let (generation, diagnostics) = project.generate()
    #expect(
      diagnostics == [
        "Sources/Loader.swift:1:1: note: the analytics decorator of LoaderService forwards 1 "
          + "requirement as it is (isLoading): only instance methods are tracked"
      ])
    // Only analytics: the map selects the protocol, with no annotation in the sources.
    let file = try #require(generation.files.first)
    #expect(file.name == "LoaderService+Decorators.swift")
    #expect(file.contents.contains("struct AnalyticsLoaderService<Base: LoaderService>"))
    #expect(!file.contents.contains("LoggingLoaderService"))
    #expect(file.contents.contains(#"success: "feed_loaded",\#n      failure: "feed_failed")"#))
    #expect(file.contents.contains(#"properties: ["source": AnalyticsValue(source)]"#))
    // reload() is forwarded untracked.
    #expect(file.contents.contains("func reload() async throws {\n    try await base.reload()\n"))
    let compiled = try project.typeCheckGenerated()
    #expect(compiled.status == 0, "\(compiled.errors)")
  }

  @Test func aMisspeltEventMapFailsWithItsLineInVeneerYml() throws {
    let project = try Project([
      "Sources/Loader.swift": loader,
      "veneer.yml": """
      sources: Sources
      output: Out
      options:
        analytics:
          events:
            LoadrService.load: a
            LoaderService.lod: b
            LoaderService.isLoading: c
            LoaderService.signIn: e
            LoaderService.load:
              properties: [sorce]
            load: d
      """,
    ])
    let (generation, diagnostics) = project.generate()
    #expect(generation.files.isEmpty)
    #expect(
      diagnostics == [
        "veneer.yml:6:7: error: event map names protocol 'LoadrService', which is not declared "
          + "in the sources; did you mean 'LoaderService'?",
        "veneer.yml:7:7: error: event map names 'lod', which is not a requirement of "
          + "LoaderService; did you mean 'load'?",
        "veneer.yml:8:7: error: event map names LoaderService.isLoading, which is a property; "
          + "only method calls are tracked",
        "veneer.yml:9:7: error: event map names 'signIn', which is not a requirement of "
          + "LoaderService; its methods: load(source:completion:), reload()",
        "veneer.yml:11:22: error: analytics property 'sorce' is not a parameter of "
          + "LoaderService.load(source:completion:); did you mean 'source'?",
        "veneer.yml:12:7: error: event map key 'load' must be 'Protocol.method'",
      ])
  }

  @Test func trackingOnlyMappedCallsForwardsTheOthers() throws {
    let project = try Project([
      "Sources/Loader.swift": "// veneer: analytics\n" + loader,
      "veneer.yml": """
      sources: Sources
      output: Out
      options:
        analytics: {track: mapped, naming: camelCase, events: {LoaderService.reload: reloaded}}
      """,
    ])
    let file = project.file("LoaderService+Decorators.swift")
    #expect(file.contains(#"success: "reloaded", failure: "reloaded_failed")"#))
    #expect(file.contains("call.succeeded()") && file.contains("call.failed(error)"))
    // load(source:completion:) is in no map entry, so it is forwarded untracked.
    #expect(file.contains("Void) {\n    base.load(source: source, completion: completion)\n  }"))
  }

  @Test func eventNamingStylesSpellDefaultEvents() throws {
    for (style, event) in [
      ("snake_case", "loader_service.reload"), ("camelCase", "loaderService.reload"),
      ("kebab-case", "loader-service.reload"),
    ] {
      let project = try Project([
        "Sources/Loader.swift": "// veneer: analytics\n" + loader,
        "veneer.yml": "sources: Sources\noutput: Out\noptions: {analytics: {naming: \(style)}}\n",
      ])
      #expect(project.file("LoaderService+Decorators.swift").contains("\"\(event)\""), "\(style)")
    }
  }

  /// Overloads tracked one event between them (`checkout(didComplete:)` and
  /// `checkout(didFailWith:)` both `checkout_delegate.checkout`): their default names now carry
  /// their labels, and two requirements given one name are an error unless both say `shared`.
  @Test func eachTrackedRequirementHasAnEventOfItsOwn() throws {
    let sources = """
      // veneer: analytics
      public protocol CheckoutDelegate {
        func checkout(didComplete orderID: Int)
        func checkout(didFailWith reason: String)
        func product(id: Int) -> String
        func product(sku: String) -> String
        func reset()
      }
      """
    let project = try Project([
      "Sources/Checkout.swift": sources, "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    let file = project.file("CheckoutDelegate+Decorators.swift")
    for event in [
      "checkout_did_complete", "checkout_did_fail_with", "product_id", "product_sku", "reset",
    ] {
      #expect(file.contains("\"checkout_delegate.\(event)\""), "\(event)")
    }
    let checked = try project.typeCheckGenerated(flags: ["-warnings-as-errors"])
    #expect(checked.status == 0, "\(checked.errors)")

    // One name given twice, by annotations or by a map key that names both overloads.
    let annotated = sources.replacingOccurrences(
      of: "  func product(id", with: "  // veneer: analytics(event: \"viewed\")\n  func product(id"
    ).replacingOccurrences(
      of: "  func product(sku",
      with: "  // veneer: analytics(event: \"viewed\")\n  func product(sku")
    let clash = try Project([
      "Sources/Checkout.swift": annotated, "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    #expect(
      clash.generate().diagnostics == [
        "Sources/Checkout.swift:7:14: error: CheckoutDelegate.product(sku:) tracks the event "
          + "'viewed', as product(id:) does, and one event cannot tell them apart: give one a "
          + "name of its own (analytics(event:) or the event map), or say shared: true on both "
          + "if one event is meant"
      ])
    let mapped = try Project([
      "Sources/Checkout.swift": sources,
      "veneer.yml": """
      sources: Sources
      output: Out
      options:
        analytics:
          events:
            CheckoutDelegate.product: product_viewed
      """,
    ])
    #expect(
      mapped.generate().diagnostics.first?.hasPrefix(
        "veneer.yml:6:7: error: CheckoutDelegate.product(sku:) tracks the event "
          + "'product_viewed', as product(id:) does") == true)
    let shared = try Project([
      "Sources/Checkout.swift": sources,
      "veneer.yml": """
      sources: Sources
      output: Out
      options:
        analytics:
          events:
            CheckoutDelegate.product: {event: product_viewed, shared: true}
      """,
    ])
    #expect(shared.generate().diagnostics == [])
    #expect(
      shared.file("CheckoutDelegate+Decorators.swift").components(separatedBy: "\"product_viewed\"")
        .count == 3)
  }

  @Test func selectionListsGiveEveryTemplateAndUnknownNamesFail() throws {
    let sources = [
      "Sources/A.swift": "public protocol ShowService { func all() -> [Int] }\n",
      "Sources/B.swift": "protocol PostRepo { func get() -> Int }\nprotocol UserRepo {}\n",
      "Sources/C.swift": "// veneer: logging\nprotocol Annotated { func f() }\n",
    ]
    let project = try Project(
      sources.merging([
        "veneer.yml": "sources: Sources\noutput: Out\nselection: [ShowService, \"*Repo\"]\n"
      ]) { $1 })
    let (generation, diagnostics) = project.generate()
    #expect(diagnostics == [])
    #expect(
      generation.files.map(\.name) == [
        "Annotated+Decorators.swift", "PostRepo+Decorators.swift", "ShowService+Decorators.swift",
        "UserRepo+Decorators.swift",
      ])
    #expect(project.file("ShowService+Decorators.swift").contains("CachingShowService"))
    #expect(!project.file("Annotated+Decorators.swift").contains("CachingAnnotated"))

    let misspelt = try Project(
      sources.merging([
        "veneer.yml": "sources: Sources\noutput: Out\nselection: [ShowServise, \"*Rpo\"]\n"
      ]) { $1 })
    #expect(
      misspelt.generate().diagnostics == [
        "veneer.yml:3:13: error: 'selection' names protocol 'ShowServise', which matches no "
          + "protocol in the sources; did you mean 'ShowService'?",
        "veneer.yml:3:26: warning: 'selection' names pattern '*Rpo', which matches no protocol "
          + "in the sources",
      ])
  }

  @Test func includeAndExcludeGlobsChooseTheFiles() throws {
    let project = try Project([
      "Sources/App/ShowService.swift": "// veneer: logging\nprotocol ShowService { func f() }\n",
      "Sources/App/Helpers.swift": "// veneer: logging\nprotocol Helper { func f() }\n",
      "Sources/Legacy/OldService.swift": "// veneer: logging\nprotocol OldService { func f() }\n",
      "veneer.yml": """
      sources:
        include: ["Sources/**/*Service.swift"]
        exclude: [Legacy]
      output: Out
      """,
    ])
    let (generation, diagnostics) = project.generate()
    #expect(diagnostics == [])
    #expect(generation.files.map(\.name) == ["ShowService+Decorators.swift"])
    #expect(generation.statistics.sourceFiles == 1)
  }

  @Test func accessNamingAndTemplateDefaultsShapeTheCode() throws {
    let project = try Project([
      "Sources/Posts.swift": """
      // veneer: logging, caching
      public protocol PostRepo {
        // veneer: cache
        func getPost(id: Int) -> String
      }

      """,
      "veneer.yml": """
      sources: Sources
      output: Out
      access: internal
      naming: {decorator: "{protocol}{template}", file: "{protocol}.veneer.swift"}
      options:
        logging: {level: info, error_level: critical}
        caching: {ttl: 90, capacity: 64}
      """,
    ])
    let (generation, diagnostics) = project.generate()
    #expect(diagnostics == [])
    let file = try #require(generation.files.first)
    #expect(file.name == "PostRepo.veneer.swift")
    #expect(!file.contents.contains("public "))
    #expect(file.contents.contains("struct PostRepoLogging<Base: PostRepo>: PostRepo"))
    #expect(file.contents.contains("struct PostRepoCaching<Base: PostRepo>: PostRepo"))
    #expect(file.contents.contains(" level: Logging.Logger.Level = .info,"))
    #expect(file.contents.contains("errorLevel: Logging.Logger.Level = .critical"))
    #expect(file.contents.contains("timeToLive: .seconds(90)"))
    #expect(file.contents.contains("func withCaching(maximumEntryCount: Int = 64)"))
    let compiled = try project.typeCheckGenerated()
    #expect(compiled.status == 0, "\(compiled.errors)")
  }

  /// An annotation asking for a built-in that the configured templates leave out was dropped
  /// in silence, found only when `withMetrics` did not exist: now an error at the annotation,
  /// and nothing is written; the starter file lists no templates, so it leaves out nothing.
  @Test func aBuiltInAskedForButLeftOutOfTheTemplatesIsAnError() throws {
    let orders = """
      // veneer: logging, analytics, tracing, metrics
      public protocol OrderService {
        func order(id: Int) async throws -> String
      }
      """
    let listed = try Project([
      "Sources/Orders.swift": orders,
      "veneer.yml": "sources: Sources\noutput: Out\ntemplates: [logging, analytics, caching]\n",
    ])
    let (generation, diagnostics) = listed.generate()
    let leftOut = { (name: String) in
      "Sources/Orders.swift:1:\(name == "tracing" ? 32 : 41): error: OrderService asks for the "
        + "\(name) decorator, which the templates this run uses leave out: [logging, analytics, "
        + "caching] (veneer.yml:3); add \(name) to them, name it in 'written_elsewhere' if "
        + "another run writes it, or take it out of this annotation"
    }
    #expect(diagnostics == [leftOut("tracing"), leftOut("metrics")])
    #expect(generation.files.isEmpty)

    // A run that leaves them to another says so, once; a name there that is no built-in is an
    // error with the name it may mean.
    let split = try Project([
      "Sources/Orders.swift": orders,
      "veneer.yml": "sources: Sources\noutput: Out\ntemplates: [logging, analytics]\n"
        + "written_elsewhere: [tracing, metrcs]\n",
    ])
    #expect(
      split.generate().diagnostics == [
        leftOut("metrics").replacingOccurrences(of: ", caching]", with: "]"),
        "veneer.yml:4:30: error: 'written_elsewhere' names 'metrcs', which is not a built-in "
          + "decorator (\(BuiltInTemplates.all.map { $0.name.lowercased() }.joined(separator: ", ")))"
          + "; did you mean 'metrics'?",
      ])
    let splitFixed = try Project([
      "Sources/Orders.swift": orders,
      "veneer.yml": "sources: Sources\noutput: Out\ntemplates: [logging, analytics]\n"
        + "written_elsewhere: [tracing, metrics]\n",
    ])
    #expect(splitFixed.generate().diagnostics == [])
    // Naming one the run writes, or any in a run that lists no templates, does nothing: said.
    let idle = try Project([
      "Sources/Orders.swift": orders,
      "veneer.yml": "sources: Sources\noutput: Out\ntemplates: [logging, analytics, tracing, "
        + "metrics]\nwritten_elsewhere: [tracing]\n",
    ])
    #expect(
      idle.generate().diagnostics == [
        "veneer.yml:4:21: warning: 'written_elsewhere' names tracing, which this run's templates "
          + "list: it is written here; take it out of one of the two"
      ])
    let unlisted = try Project([
      "Sources/Orders.swift": orders,
      "veneer.yml": "sources: Sources\noutput: Out\nwritten_elsewhere: [caching]\n",
    ])
    #expect(
      unlisted.generate().diagnostics == [
        "veneer.yml:3:21: warning: 'written_elsewhere' names caching, which does nothing in a "
          + "run that lists no templates: it writes every built-in an annotation asks for; list "
          + "this run's templates, or take caching out"
      ])
    let splitFile = splitFixed.file("OrderService+Decorators.swift")
    #expect(splitFile.contains("struct LoggingOrderService<"))

    let starter = try Project([
      "Sources/Orders.swift": orders,
      "veneer.yml": ConfigurationFile.targetStarter + "sources: [Sources]\noutput: Out\n",
    ])
    let file = starter.file("OrderService+Decorators.swift")
    for decorator in ["Logging", "Analytics", "Tracing", "Metrics"] {
      #expect(file.contains("struct \(decorator)OrderService<"), "\(decorator)")
    }
    #expect(!file.contains("struct CachingOrderService<"))
  }

  @Test func optionsForATemplateNotInUseAreAnError() throws {
    let project = try Project([
      "Sources/P.swift": "protocol P {}\n",
      "veneer.yml": "sources: Sources\noutput: Out\noptions:\n  Dealy: {seconds: 1}\n",
    ])
    #expect(
      project.generate().diagnostics == [
        "veneer.yml:4:3: error: 'options' has settings for 'Dealy', which is not among the "
          + "templates in use (\(BuiltInDecorators.all.map(\.name).sorted().joined(separator: ", ")))"
      ])
  }

  /// A protocol bound to a class declared beside it was said to inherit something "declared
  /// neither in the scanned sources nor …": the rule that stands in the way is said instead.
  @Test func aClassBoundProtocolIsSkippedForTheRuleThatStandsInTheWay() throws {
    let project = try Project([
      "Sources/Extended.swift": """
      open class BaseClass {}
      // veneer: logging
      public protocol ExtendedProtocol: BaseClass {
        func a()
      }
      """,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    #expect(
      project.generate().diagnostics == [
        "Sources/Extended.swift:3:1: warning: ExtendedProtocol is not decorated: it inherits "
          + "BaseClass, which is no protocol of the scanned sources, the references or the "
          + "standard protocols Veneer knows: if BaseClass is a class, conformers must be its "
          + "subclasses, which a decorator wrapping one is not; if it is a protocol of another "
          + "module, its requirements are unknown (name that module's sources with --reference)"
      ])
  }

  /// A folder of Objective-C headers alone, searched without `--objc`, wrote nothing in
  /// silence; now it says what it found and how to read it.
  @Test func aFolderOfHeadersAloneSaysHowToReadThem() throws {
    let folder = try TemporaryFolder()
    let header = try folder.write(
      "Headers/Loader.h", "// veneer: logging\n@protocol Loader\n- (void)load;\n@end\n")
    let generation = Generator().generate(
      Configuration(sources: [folder.path + "/Headers"], output: folder.path + "/Out"))
    #expect(
      generation.diagnostics.map(\.description) == [
        "\(header): warning: no Swift file among the sources, and 1 Objective-C header, such as "
          + "this one: headers in folders are read with --objc (or 'objc: true' in veneer.yml), "
          + "and headers named one by one always"
      ])
    #expect(generation.files.isEmpty)
  }

  @Test func aMissingSourceFolderIsLocatedInVeneerYml() throws {
    let project = try Project(["veneer.yml": "sources: [Sourcs]\noutput: Out\n"])
    #expect(
      project.generate().diagnostics == [
        "veneer.yml:1:11: error: no such file or directory: Sourcs"
      ])
  }
}

@Suite("Globs")
struct GlobTests {
  @Test(arguments: [
    ("Sources/**/*Service.swift", "Sources/A/B/ShowService.swift", true),
    ("Sources/**/*Service.swift", "Sources/ShowService.swift", true),
    ("Sources/**/*Service.swift", "Sources/A/Helpers.swift", false),
    ("Generated", "Sources/Generated/P.swift", true),
    ("Generated", "Sources/GeneratedCode/P.swift", false),
    ("**/Generated", "Sources/Generated/P.swift", true),
    ("Sources/*.swift", "Sources/A/P.swift", false),
    ("Sources/?.swift", "Sources/P.swift", true),
    ("Sources/[A-C]*.swift", "Sources/Beta.swift", true),
    ("Sources/[!A-C]*.swift", "Sources/Beta.swift", false),
    ("*Repo", "PostRepo", true),
    ("*Repo", "Outer.PostRepo", true),
  ])
  func matches(pattern: String, path: String, expected: Bool) {
    #expect(Glob(pattern).matches(path) == expected)
  }
}

@Suite("User templates")
struct UserTemplateTests {
  @Test func aUserTemplateIsSelectedByItsNameAndReadsItsOptions() throws {
    let project = try Project([
      "Templates/Delay.stencil": """
      // {{ decorator }} waits {{ options.seconds }} s before each of {{ plan.requirements.count }} calls.

      """,
      "Sources/Shows.swift":
        "// veneer: delay\nprotocol ShowService { func all() async -> [Int] }\n",
      "veneer.yml": """
      sources: Sources
      output: Out
      templates: [Templates/Delay.stencil]
      options:
        Delay: {seconds: 2}
      """,
    ])
    let (generation, diagnostics) = project.generate()
    #expect(diagnostics == [])
    #expect(
      generation.files.first?.contents.hasSuffix(
        "// DelayShowService waits 2 s before each of 1 calls.\n") == true)
  }

  /// `{{ options.categroy }}` rendered nothing, and nothing said so: a setting the template
  /// misspells is a warning where it reads it, one it never reads a warning in `veneer.yml`.
  @Test func aUserTemplatesOptionsAreCheckedAgainstTheConfiguration() throws {
    let project = try Project([
      "Templates/Audit.stencil": """
      // {{ decorator }} files under {{ options.categroy }}{% if options.verbose %} loudly{% endif %}.

      """,
      "Sources/Shows.swift": "// veneer: audit\nprotocol ShowService { func all() -> [Int] }\n",
      "veneer.yml": """
      sources: Sources
      output: Out
      templates: [Templates/Audit.stencil]
      options:
        Audit: {category: shows, colour: red}
      """,
    ])
    #expect(
      project.generate().diagnostics == [
        "Templates/Audit.stencil:1:43: warning: Templates/Audit.stencil reads options.categroy, "
          + "which 'options' for Audit does not set, so it is empty; did you mean 'category'?",
        "veneer.yml:5:3: warning: 'options' for Audit sets 'colour', which "
          + "Templates/Audit.stencil never reads",
      ])
  }
}

extension UserTemplateTests {
  static let fixtureCatalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("FixtureCatalog").path

  /// A template of the user's, in a folder of their own, over every fixture shape.
  @Test func aUserTemplateRendersOverTheFixtureCatalogAndATypoIsLocated() throws {
    let folder = try TemporaryFolder()
    let template = try folder.write(
      "Templates/Counting.stencil",
      """
      {# Counts calls. #}
      // {{ decorator }}: {{ plan.requirements.count }} requirements
      {% for r in plan.requirements %}
      // {{ forloop.counter }}. {{ r.qualifiedSelector }}, async: {{ r.isAsync }}
      {% endfor %}

      """)
    let generation = Generator().generate(
      Configuration(
        sources: [Self.fixtureCatalog], output: "\(folder.path)/Out", templates: [template],
        writtenElsewhere: ["logging", "analytics", "caching"], decorateAll: true))
    #expect(!generation.hasErrors)
    #expect(generation.files.count == 63)
    let shows = try #require(generation.files.first { $0.name == "ShowService+Decorators.swift" })
    #expect(
      shows.contents.hasSuffix(
        """
        // CountingShowService: 2 requirements
        // 1. ShowService.allShows(), async: true
        // 2. ShowService.markShowAsWatched(_:until:), async: true

        """))

    try folder.write(
      "Templates/Counting.stencil",
      "{% for r in plan.requirements %}\n{{ r.qualifedSelector }}\n{% endfor %}\n")
    let typo = Generator().generate(
      Configuration(
        sources: [Self.fixtureCatalog], output: "\(folder.path)/Out", templates: [template],
        writtenElsewhere: ["logging", "analytics", "caching"], decorateAll: true))
    #expect(typo.files.isEmpty)
    #expect(
      typo.diagnostics.filter { $0.severity == .error }.map(\.description) == [
        "\(template):2:6: error: template error: 'r' has no member 'qualifedSelector'; did you "
          + "mean 'qualifiedSelector'?"
      ])
  }
}
