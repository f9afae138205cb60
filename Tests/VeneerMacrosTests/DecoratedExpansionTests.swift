import Foundation
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing
import VeneerGenerator
import VeneerMacroExpansion
import VeneerModel
import VeneerParser

/// `@Decorated` writes what `veneer generate` writes for the same protocol and built-ins: the
/// checked-in decorators of the fixture catalog (`--all`: analytics, caching, intercepting and
/// logging) are the expansion of every protocol the macro can see whole.
@Suite("@Decorated expands as the CLI generates")
struct DecoratedExpansionTests {
  static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()

  static let attribute: AttributeSyntax =
    "@Decorated(.analytics, .caching, .intercepting, .logging)"

  /// The peers and the extensions of `proto`'s expansion, and what it said.
  static func expand(_ proto: ProtocolDeclSyntax) throws -> (
    peers: [String], extensions: [String], diagnostics: [String]
  ) {
    let context = BasicMacroExpansionContext()
    let peers = try DecoratedMacro.expansion(
      of: attribute, providingPeersOf: proto, in: context)
    let extensions = try DecoratedMacro.expansion(
      of: attribute, attachedTo: proto,
      providingExtensionsOf: TypeSyntax(stringLiteral: proto.name.text),
      conformingTo: [], in: context)
    return (
      peers.map(\.trimmedDescription), extensions.map(\.trimmedDescription),
      context.diagnostics.map(\.message)
    )
  }

  @Test func everyProtocolItCanSeeWholeExpandsAsTheCheckedInDecorators() throws {
    let catalog = Self.tests.appendingPathComponent("FixtureCatalog")
    // An app's own Result<T>, declared beside the protocol, is known to the CLI, not to the
    // macro, which sees the protocol alone and forwards such completions as plain values.
    let foreignResults = Set(
      ProtocolParser.withBuiltIns.parseCatalog(paths: [catalog.path]).protocols.filter {
        !$0.resultEnums.isEmpty
      }.map(\.name))
    #expect(!foreignResults.isEmpty)
    var compared = 0
    var refused: [String] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted()
    where file.hasSuffix(".swift") {
      let tree = Parser.parse(
        source: try String(contentsOf: catalog.appendingPathComponent(file), encoding: .utf8))
      for statement in tree.statements {
        guard let proto = statement.item.as(ProtocolDeclSyntax.self) else { continue }
        let name = proto.name.text
        let checkedIn = Self.tests.appendingPathComponent(
          "FixtureDecorators/\(name)+Decorators.swift")
        guard let expected = try? String(contentsOf: checkedIn, encoding: .utf8) else { continue }
        let expansion = try Self.expand(proto)
        guard !foreignResults.contains(name) else { continue }
        guard expansion.diagnostics.allSatisfy({ !$0.contains("declared elsewhere") }) else {
          refused.append(name)
          #expect(expansion.peers.isEmpty && expansion.extensions.isEmpty)
          continue
        }
        let declarations = Parser.parse(source: expected).statements.compactMap {
          $0.item.as(DeclSyntax.self)
        }.filter { !$0.is(ImportDeclSyntax.self) }
        #expect(
          expansion.peers
            == declarations.filter { !$0.is(ExtensionDeclSyntax.self) }.map(\.trimmedDescription),
          "\(name)")
        #expect(
          expansion.extensions
            == declarations.compactMap { $0.as(ExtensionDeclSyntax.self)?.trimmedDescription },
          "\(name)")
        compared += 1
      }
    }
    #expect(compared >= 20, "compared \(compared), refused \(refused)")
    print("compared \(compared) protocols; refused, as inheriting from elsewhere: \(refused)")
  }

  @Test func aProtocolInheritingOneDeclaredElsewhereIsAnErrorNamingTheWay() throws {
    let proto = try #require(
      Parser.parse(source: "public protocol Heir: Elsewhere { func a() }").statements.first?
        .item.as(ProtocolDeclSyntax.self))
    let expansion = try Self.expand(proto)
    #expect(expansion.peers.isEmpty)
    #expect(
      expansion.diagnostics == [
        "@Decorated sees only this declaration, and 'Elsewhere' is declared elsewhere: decorate "
          + "Heir with the build plugin (VeneerPlugin) or 'veneer generate', which read the "
          + "files that declare what it inherits"
      ])
  }

  @Test func aTemplateOfYourOwnSaysAMacroReadsNoFile() throws {
    let proto = try #require(
      Parser.parse(source: "public protocol P { func a() }").statements.first?.item.as(
        ProtocolDeclSyntax.self))
    let context = BasicMacroExpansionContext()
    let peers = try DecoratedMacro.expansion(
      of: "@Decorated(.logging, .audit)", providingPeersOf: proto, in: context)
    #expect(peers.isEmpty)
    #expect(
      context.diagnostics.map(\.message).first?.hasPrefix("'.audit' is not a built-in decorator")
        == true)
  }

  /// The macro's settings reach the decorators as `veneer.yml`'s options do, checked the same.
  @Test(
    arguments: [
      ("@Decorated(.caching(ttl: .seconds(300)))", "timeToLive: .seconds(300)", nil),
      ("@Decorated(.caching(ttl: .milliseconds(1_500)))", "timeToLive: .seconds(1.5)", nil),
      (
        "@Decorated(.logging(errorLevel: .warning))", "errorLevel: Logging.Logger.Level = .warning",
        nil
      ),
      ("@Decorated(.analytics(naming: .kebabCase))", "\"store.value\"", nil),
      ("@Decorated(.timeout(.seconds(2)))", "= .seconds(2)", nil),
      (
        "@Decorated(.caching(ttl: .seconds(-1)))", nil, "'ttl' must be a positive number of seconds"
      ),
      ("@Decorated(.caching(ttl: .seconds(60 * 5)))", nil, "a setting of @Decorated is a literal"),
      ("@Decorated(.logging(level: .loud))", nil, "a setting of @Decorated is a literal"),
      ("@Decorated(.caching(tll: .seconds(1)))", nil, "'.caching' has no setting 'tll'"),
    ] as [(String, String?, String?)])
  func settingsAreVeneerYMLsOptions(attribute: String, expected: String?, error: String?) throws {
    let source = """
      public protocol Store: Sendable {
        // veneer: cache
        func value(key: String) async throws -> Int
      }
      """
    let proto = try #require(
      Parser.parse(source: source).statements.first?.item.as(ProtocolDeclSyntax.self))
    let context = BasicMacroExpansionContext()
    let peers = try DecoratedMacro.expansion(
      of: AttributeSyntax(stringLiteral: attribute), providingPeersOf: proto, in: context)
    if let expected {
      #expect(context.diagnostics.isEmpty)
      #expect(peers.contains { $0.description.contains(expected) }, "\(attribute)")
    }
    if let error {
      #expect(peers.isEmpty)
      #expect(
        context.diagnostics.contains { $0.message.hasPrefix(error) },
        "\(context.diagnostics.map(\.message))")
    }
  }

  /// The peers and extensions of `attribute` on a `Store` with two requirements, and what the
  /// expansion said, each with the text it points at.
  static func expand(_ attribute: String) throws -> (
    peers: [String], extensions: [String], diagnostics: [(message: String, at: String)]
  ) {
    let source = """
      public protocol Store: Sendable {
        func value(id: Int) async throws -> Int
        func store(_ value: Int, id: Int) async throws
      }
      """
    let proto = try #require(
      Parser.parse(source: source).statements.first?.item.as(ProtocolDeclSyntax.self))
    let context = BasicMacroExpansionContext()
    let node = AttributeSyntax(stringLiteral: attribute)
    let peers = try DecoratedMacro.expansion(of: node, providingPeersOf: proto, in: context)
    let extensions = try DecoratedMacro.expansion(
      of: node, attachedTo: proto, providingExtensionsOf: TypeSyntax(stringLiteral: "Store"),
      conformingTo: [], in: context)
    return (
      peers.map(\.trimmedDescription), extensions.map(\.trimmedDescription),
      context.diagnostics.filter { $0.diagMessage.severity != .note }.map {
        ($0.message, $0.node.trimmedDescription)
      }
    )
  }

  /// `cached:` and `public:` declare as `// veneer: cache` and `public(…)` do, checked the same,
  /// and a mistake is reported at the string that makes it.
  @Test func declarationsInTheAttributeAreAnnotations() throws {
    let declared = try Self.expand(
      #"@Decorated(.logging, .caching, public: ["id"], cached: ["value(id:)"])"#)
    #expect(declared.diagnostics.isEmpty, "\(declared.diagnostics)")
    let logging = try #require(declared.peers.first { $0.contains("struct LoggingStore") })
    #expect(logging.contains(#"arguments: ["id": __LoggedCall.publicValue(id)]"#), "\(logging)")
    let caching = try #require(declared.peers.first { $0.contains("struct CachingStore") })
    #expect(caching.contains("cache.key(requirement: \"Store.value(id:)"))
    #expect(!caching.contains("Store.store("))

    let misspelt = try Self.expand(#"@Decorated(.caching, cached: ["value(id:)", "valeu"])"#)
    #expect(misspelt.peers.isEmpty)
    #expect(
      misspelt.diagnostics.map(\.message) == [
        "'cached' names 'valeu', which is not a requirement of Store; did you mean 'value'?"
      ])
    #expect(misspelt.diagnostics.first?.at == #""valeu""#)

    let notAName = try Self.expand(#"@Decorated(.logging, public: ["id)"])"#)
    #expect(notAName.diagnostics.first?.message.hasPrefix("'public' lists parameters") == true)
  }

  /// `defaultIsolation: MainActor.self` says what a target's `.defaultIsolation(MainActor.self)`
  /// does, which the macro cannot see: the protocol's decorators are the main actor's. Without
  /// it they say `nonisolated`; anything else is an error at the argument.
  @Test func defaultIsolationIsTheTargetsSaidAtTheMacro() throws {
    let mainActor = try Self.expand("@Decorated(.logging, defaultIsolation: MainActor.self)")
    #expect(mainActor.diagnostics.isEmpty)
    #expect(
      mainActor.peers.first?.contains("@MainActor public struct LoggingStore<Base: Store>") == true)
    let plain = try Self.expand("@Decorated(.logging, defaultIsolation: nil)")
    #expect(
      plain.peers.first?.contains("public nonisolated struct LoggingStore<Base: Store>") == true)
    let wrong = try Self.expand("@Decorated(.logging, defaultIsolation: DatabaseActor.self)")
    #expect(wrong.peers.isEmpty)
    #expect(
      wrong.diagnostics.map(\.message) == [
        "'defaultIsolation' is MainActor.self, as the target's .defaultIsolation(MainActor.self) "
          + "says, or nil"
      ])
  }

  /// `behindPreprocessorFlag:` puts the decorators and the helpers under its condition, which
  /// must be one and nothing more.
  @Test func aFlagCompilesTheDecoratorsOnlyUnderItsCondition() throws {
    let flagged = try Self.expand(#"@Decorated(.logging, behindPreprocessorFlag: "DEBUG")"#)
    #expect(flagged.diagnostics.isEmpty)
    #expect(flagged.peers.count == 1)
    #expect(flagged.peers.first?.hasPrefix("#if DEBUG\n") == true)
    #expect(flagged.peers.first?.hasSuffix("\n#endif") == true)
    #expect(
      flagged.peers.first?.contains("public nonisolated struct LoggingStore<Base: Store>") == true)
    let helpers = try #require(flagged.extensions.first)
    #expect(helpers.hasPrefix("nonisolated extension Store {\n#if DEBUG\n"))
    #expect(helpers.contains("func withLogging("))
    for condition in ["", "DEBUG\n#endif", "A /* */", "\\(x)", "os(Linux) &&"] {
      let refused = try Self.expand(
        "@Decorated(.logging, behindPreprocessorFlag: \(swiftStringLiteral(condition)))")
      #expect(refused.peers.isEmpty, "\(condition)")
      #expect(
        refused.diagnostics.first?.message.hasPrefix("'behindPreprocessorFlag' is a compilation")
          == true, "\(condition): \(refused.diagnostics)")
    }
  }

  /// `Store`, its one requirement under `// veneer: ANNOTATION`, and the first diagnostic of
  /// its expansion with caching.
  static func firstDiagnostic(annotating annotation: String) throws -> (
    source: String, diagnostic: SwiftDiagnostics.Diagnostic
  ) {
    let source = """
      public protocol Store {
        // veneer: \(annotation)
        func value(key: String) async throws -> Int
      }
      """
    let proto = try #require(
      Parser.parse(source: source).statements.first?.item.as(ProtocolDeclSyntax.self))
    let context = BasicMacroExpansionContext()
    _ = try DecoratedMacro.expansion(
      of: "@Decorated(.caching)", providingPeersOf: proto, in: context)
    // The annotation's own diagnostic, not what the caching decorator says of the protocol.
    return (
      source,
      try #require(
        context.diagnostics.first {
          $0.diagMessage.severity != .note && !$0.message.hasPrefix("the caching decorator")
        })
    )
  }

  /// What the CLI says of a protocol reaches the compiler's output as it is: a note as a note
  /// (never a warning, which would break a build that treats warnings as errors).
  @Test func theCLIsNotesAreTheCompilersNotes() throws {
    let proto = try #require(
      Parser.parse(
        source: """
          public protocol Store {
            func value(key: String) async throws -> Int
            func other(key: String) async throws -> Int
          }
          """
      ).statements.first?.item.as(ProtocolDeclSyntax.self))
    let context = BasicMacroExpansionContext()
    _ = try DecoratedMacro.expansion(
      of: #"@Decorated(.caching, cached: ["value(key:)"])"#, providingPeersOf: proto, in: context)
    let note = try #require(context.diagnostics.first)
    #expect(note.diagMessage.severity == .note)
    #expect(
      note.message
        == "the caching decorator of Store caches only what is declared cacheable, and forwards "
        + "1 requirement uncached (other(key:)); annotate each that only reads '// veneer: cache'")
  }

  /// A caching decorator that caches nothing at all is a warning: asking for it did nothing.
  @Test func aCachingDecoratorThatCachesNothingIsAWarning() throws {
    let proto = try #require(
      Parser.parse(source: "public protocol Store { func value(key: String) async throws -> Int }")
        .statements.first?.item.as(ProtocolDeclSyntax.self))
    let context = BasicMacroExpansionContext()
    _ = try DecoratedMacro.expansion(
      of: "@Decorated(.caching)", providingPeersOf: proto, in: context)
    let warning = try #require(context.diagnostics.first)
    #expect(warning.diagMessage.severity == .warning)
    #expect(
      warning.message.hasPrefix("the caching decorator of Store caches only what is declared"))
  }

  @Test func aMisspeltAnnotationOffersTheSuggestionAsAFixIt() throws {
    let (_, diagnostic) = try Self.firstDiagnostic(annotating: "cahce")
    #expect(diagnostic.message.contains("did you mean 'cache'?"))
    let fixIt = try #require(diagnostic.fixIts.first)
    #expect(fixIt.message.message == "write 'cache'")
    guard case .replaceLeadingTrivia(_, let trivia) = try #require(fixIt.changes.first) else {
      Issue.record("the fix-it does not replace the comment")
      return
    }
    #expect(trivia.description.contains("// veneer: cache\n"))
  }

  @Test func anAnnotationMistakeIsReportedWhereTheCLIReportsIt() throws {
    let (source, diagnostic) = try Self.firstDiagnostic(annotating: "cache(ttl: -1)")
    #expect(diagnostic.diagMessage.severity == .error)
    let folder = try TemporaryDirectory()
    let file = folder.path + "/Store.swift"
    try source.write(toFile: file, atomically: true, encoding: .utf8)
    var configuration = Configuration(
      sources: [file], output: folder.path + "/Out", templates: ["caching"], decorateAll: true)
    configuration.templates = [Located("caching")]
    let cli = try #require(Generator().generate(configuration).diagnostics.first)
    #expect(diagnostic.message == cli.message)
    let line =
      source.utf8.prefix(diagnostic.position.utf8Offset).count { $0 == UInt8(ascii: "\n") } + 1
    let column =
      diagnostic.position.utf8Offset
      - (source.utf8.prefix(diagnostic.position.utf8Offset).lastIndex(of: UInt8(ascii: "\n"))
        .map { source.utf8.distance(from: source.utf8.startIndex, to: $0) + 1 } ?? 0) + 1
    #expect(
      line == cli.location?.line && column == cli.location?.column,
      "macro \(line):\(column), CLI \(String(describing: cli.location)): \(cli.message)")
  }
}

/// A folder of its own under the system's temporary folder, removed when released.
final class TemporaryDirectory {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "veneer-macro-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// `text` as a Swift string literal.
func swiftStringLiteral(_ text: String) -> String {
  "\""
    + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    .replacingOccurrences(of: "\"", with: "\\\"") + "\""
}
