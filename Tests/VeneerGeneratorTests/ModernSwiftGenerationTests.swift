import Foundation
import Testing
import VeneerGenerator
import VeneerRenderer
import VeneerTemplates

/// Swift as it is written now: isolation said rather than inferred from a target's default,
/// values that move or cannot be copied forwarded as they are, and decorator names that never
/// take a library's or a protocol's. `Tests/ModernSwift` builds and calls every shape under
/// SwiftPM; these check each rule where it is made, type-checked by the compiler.
@Suite("Modern Swift: isolation, ownership, names")
struct ModernSwiftGenerationTests {
  static let screens = """
    public final class Forecast {
      public var summary = ""
    }

    public protocol Screen {
      func render() -> String
      func reload() async throws -> Forecast
    }

    nonisolated public protocol Formatter {
      func format(_ value: Int) -> String
    }

    @MainActor
    public protocol Mixed {
      nonisolated func identifier() -> String
      func refresh() async -> Int
    }

    """

  static func project(_ yaml: String) throws -> Project {
    try Project([
      "Sources/Screens.swift": screens,
      "veneer.yml": """
      sources: Sources
      output: Out
      selection: all
      templates: [logging, intercepting, timeout, caching]
      \(yaml)
      """,
    ])
  }

  /// A target isolated to the main actor by default says so in `veneer.yml`: a protocol that
  /// says nothing is then decorated as the main actor's, a `nonisolated protocol` as nobody's,
  /// and both type-check with the target's setting. Without it, each says `nonisolated`.
  @Test func defaultIsolationIsDeclaredAndSaidOnEveryDecorator() throws {
    let declared = try Self.project("default_isolation: MainActor")
    #expect(declared.generate().diagnostics.allSatisfy { !$0.contains("error") })
    let screen = declared.file("Screen+Decorators.swift")
    #expect(screen.contains("@MainActor public struct LoggingScreen<Base: Screen>: Screen {"))
    #expect(screen.contains("\nextension Screen {"))
    let formatter = declared.file("Formatter+Decorators.swift")
    #expect(formatter.contains("public nonisolated struct LoggingFormatter<Base: Formatter>:"))
    #expect(formatter.contains("\nnonisolated extension Formatter {"))
    let mainActorTarget = try declared.typeCheckGenerated(flags: [
      "-default-isolation", "MainActor",
    ])
    #expect(mainActorTarget.status == 0, "\(mainActorTarget.errors)")

    let undeclared = try Self.project("")
    #expect(
      undeclared.file("Screen+Decorators.swift").contains(
        "public nonisolated struct LoggingScreen<Base: Screen>: Screen {"))
    let swift6 = try undeclared.typeCheckGenerated()
    #expect(swift6.status == 0, "\(swift6.errors)")
  }

  /// A main-actor protocol with a nonisolated requirement: the decorator is nonisolated, so that
  /// the requirement reaches `base`, and each other member is the main actor's.
  @Test func aGlobalActorProtocolWithNonisolatedRequirementsIsolatesEachMember() throws {
    let project = try Self.project("")
    let mixed = project.file("Mixed+Decorators.swift")
    #expect(mixed.contains("public nonisolated struct LoggingMixed<Base: Mixed>: Mixed {"))
    #expect(mixed.contains("  public nonisolated func identifier() -> String {"))
    #expect(mixed.contains("  @MainActor public func refresh() async -> Int {"))
    let checked = try project.typeCheckGenerated()
    #expect(checked.status == 0, "\(checked.errors)")
  }

  /// A requirement that says where it runs is forwarded by the intercepting decorator, whose
  /// advice is nonisolated, and a note at it says so.
  @Test func aRequirementThatSaysWhereItRunsIsNotInterceptedAndSaysWhy() throws {
    let project = try Project([
      "Sources/Runs.swift": """
      public protocol Runs {
        nonisolated(nonsending) func fetch() async throws -> Int
        func run(isolation: isolated (any Actor)?) async -> Int
        func plain(_ value: Int) async -> Int
      }

      """,
      "veneer.yml": "sources: Sources\noutput: Out\nselection: all\ntemplates: [intercepting]\n",
    ])
    let (generation, diagnostics) = project.generate()
    for (line, selector) in [(2, "fetch()"), (3, "run(isolation:)")] {
      #expect(
        diagnostics.contains(
          "Sources/Runs.swift:\(line):3: note: the intercepting decorator forwards \(selector) as "
            + "it is: it runs where it says (nonisolated(nonsending), @concurrent, an isolated "
            + "parameter or its own actor), and its arguments would cross into the nonisolated "
            + "advice"), "\(diagnostics)")
    }
    #expect(!diagnostics.contains { $0.contains("forwards plain(_:)") })
    let file = try #require(generation.files.first).contents
    #expect(file.contains("public var plain = AsyncInterception<PlainArguments, Int>()"))
    #expect(!file.contains("public var fetch ="))
    let checked = try project.typeCheckGenerated()
    #expect(checked.status == 0, "\(checked.errors)")
  }

  /// Every public type of Veneer's runtime libraries is a name no decorator takes: a type
  /// added to them without a line in `ReservedTypeNames` fails here.
  @Test func everyRuntimeTypeIsReserved() throws {
    let declaration =
      /^public (?:final )?(?:struct|class|enum|protocol|actor|typealias) ([A-Za-z]\w*)/
    for module in ["VeneerRuntime", "VeneerTracing", "VeneerMetrics"] {
      let folder = repositoryRoot.appendingPathComponent("Sources/\(module)")
      for file in try FileManager.default.subpathsOfDirectory(atPath: folder.path)
      where file.hasSuffix(".swift") {
        let text = try String(
          contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") {
          guard let name = try declaration.firstMatch(in: line)?.output.1,
            !name.hasPrefix("__")
          else { continue }
          #expect(ReservedTypeNames.libraries.contains(String(name)), "\(module).\(name)")
        }
      }
    }
  }

  /// The catalog's chain goes through every built-in, as the descriptors list them: one added
  /// is called there, or this fails.
  @Test func theCatalogsChainNamesEveryBuiltIn() throws {
    let chain = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Tests/ModernSwift/Chain.stencil"),
      encoding: .utf8)
    for builtIn in BuiltInDecorators.all {
      #expect(chain.contains(".\(builtIn.compositionHelper)"), "\(builtIn.name)")
    }
  }

  /// Misspelt, the setting is a located error that names the choices.
  @Test func aMisspeltDefaultIsolationIsALocatedError() {
    let (_, diagnostics) = configuration("default_isolation: mainactor\n")
    #expect(
      diagnostics == [
        "veneer.yml:1:20: error: 'default_isolation' must be MainActor (for a target built with "
          + ".defaultIsolation(MainActor.self)) or nonisolated, not 'mainactor'; did you mean "
          + "'MainActor'?"
      ])
  }

  /// `sending`, `borrowing` and `consuming` values are forwarded as they are by every decorator,
  /// with a note at the requirement; a `sending` result stays `sending`.
  @Test func valuesThatMoveAreForwardedAsTheyAreWithANote() throws {
    let project = try Project([
      "Sources/Mail.swift": """
      public final class Message {}
      public protocol Mailbox {
        func post(_ message: sending Message) async
        func draft() -> sending Message
        func weigh(_ message: borrowing Message) -> Int
        func send(_ message: consuming Message) -> Int
      }

      """,
      "veneer.yml": """
      sources: Sources
      output: Out
      selection: all
      templates: [logging, intercepting]
      """,
    ])
    let (generation, diagnostics) = project.generate()
    for (selector, reason) in [
      ("post(_:)", "its parameter message is sending, handed over to the base alone"),
      ("draft()", "its result is sending, handed over to the caller alone"),
      ("weigh(_:)", "its parameter message is borrowing, as a value that cannot be copied is"),
      ("send(_:)", "its parameter message is consuming, as a value that cannot be copied is"),
    ] {
      #expect(
        diagnostics.contains {
          $0.hasSuffix(
            "note: every decorator forwards \(selector) as it is: \(reason), which a decorator "
              + "can neither log, keep nor hand to advice")
        }, "\(selector)")
    }
    let file = try #require(generation.files.first).contents
    #expect(file.contains("public func draft() -> sending Message {\n    base.draft()\n  }"))
    #expect(!file.contains("__LoggedCall"))
    let checked = try project.typeCheckGenerated()
    #expect(checked.status == 0, "\(checked.errors)")
  }

  /// A library's declarations are imported one by one, so that Tracing's `Span` leaves the
  /// standard library's alone; a decorator named as a library's type or as another protocol of
  /// the run is named otherwise.
  @Test func namesNeverClash() throws {
    let project = try Project([
      "Sources/Names.swift": """
      public protocol Tracker {
        func track(_ name: String) async throws -> Int
      }
      public protocol System {
        func boot() async throws -> Int
      }
      public protocol LoggingSystem {
        func bootstrap() async throws -> Int
      }
      public protocol Sampler {
        func count(_ values: Span<Int>) -> Int
      }

      """,
      "veneer.yml": """
      sources: Sources
      output: Out
      selection: all
      templates: [analytics, logging, metrics, tracing]
      """,
    ])
    let tracker = project.file("Tracker+Decorators.swift")
    #expect(tracker.contains("struct TrackerAnalyticsDecorator<Base: Tracker>: Tracker {"))
    #expect(tracker.contains("import struct Logging.Logger\n"))
    #expect(tracker.contains("import protocol Tracing.Tracer\n"))
    #expect(!tracker.contains("import Tracing\n") && !tracker.contains("import CoreMetrics\n"))
    #expect(
      project.file("System+Decorators.swift").contains(
        "struct SystemLoggingDecorator<Base: System>: System {"))
    #expect(
      project.file("LoggingSystem+Decorators.swift").contains(
        "struct LoggingLoggingSystem<Base: LoggingSystem>: LoggingSystem {"))
    let checked = try project.typeCheckGenerated()
    #expect(checked.status == 0, "\(checked.errors)")
  }

  /// A protocol inheriting one of the toolchain's that Veneer knows by name only is not
  /// decorated, and the warning says that `--reference` cannot help; `Observable`, which has no
  /// requirement, is decorated.
  @Test func toolchainProtocolsAreNamedForWhatTheyAre() throws {
    let project = try Project([
      "Sources/Streams.swift": """
      import Observation

      public protocol Feed: AsyncSequence where Element == Int {}
      @MainActor
      public protocol Model: Observable, AnyObject {
        var title: String { get }
      }

      """,
      "veneer.yml": "sources: Sources\noutput: Out\nselection: all\ntemplates: [logging]\n",
    ])
    let (generation, diagnostics) = project.generate()
    #expect(
      diagnostics.contains(
        "Sources/Streams.swift:3:1: warning: Feed is not decorated: it inherits AsyncSequence, a "
          + "protocol of Swift's standard library or toolchain whose requirements Veneer does not "
          + "know, and which --reference cannot name: decorate a protocol of your own that does "
          + "not inherit it, or write this decorator by hand"), "\(diagnostics)")
    #expect(generation.files.map(\.name) == ["Model+Decorators.swift"])
    let checked = try project.typeCheckGenerated()
    #expect(checked.status == 0, "\(checked.errors)")
  }

  /// A protocol named as a library's module (FlyingSocks' `Logging`) would make `Logging.Logger`
  /// a member of it: decorators of the run then name the library's declarations unqualified,
  /// and compile. Found by the real-code script.
  @Test func aProtocolNamedAsALibraryModuleUnqualifiesItsDeclarations() throws {
    let project = try Project([
      "Sources/Socks.swift": """
      public protocol Logging {
        func log(_ message: String)
      }
      public protocol Pool {
        func acquire() async throws -> Int
      }

      """,
      "veneer.yml": "sources: Sources\noutput: Out\nselection: all\ntemplates: [logging]\n",
    ])
    let pool = project.file("Pool+Decorators.swift")
    #expect(pool.contains("public let logger: Logger\n"))
    #expect(!pool.contains(": Logging.Logger"))
    let checked = try project.typeCheckGenerated()
    #expect(checked.status == 0, "\(checked.errors)")
  }

  /// A template's `{# imports: #}` names a module, an SPI group or one declaration.
  @Test func templateImportsNameModulesOrDeclarations() {
    #expect(TemplateImport("struct Logging.Logger")?.statement == "import struct Logging.Logger")
    #expect(TemplateImport("@_spi(Internal) MyKit")?.statement == "@_spi(Internal) import MyKit")
    #expect(TemplateImport("Foundation")?.statement == "import Foundation")
    #expect(TemplateImport("struct Logging") == nil)
    #expect(TemplateImport("struct Logging.Logger; print()") == nil)
    #expect(TemplateImport("enum .Kind") == nil)
  }
}
