import Foundation
import SwiftParser
import SwiftSyntax
import Testing
import VeneerGenerator
import VeneerSupport

/// Text from sources, annotations, file names and `veneer.yml` reaches a template only as what
/// it is — a comment's lines each prefixed, a literal — so no text changes what a template's
/// output declares, wherever the template puts it.
@Suite("Model text is never code")
struct SourceTextTests {
  /// A user template that puts every member carrying such text where code goes: a doc comment
  /// alone on a line, literals as initializers, inside and outside the type it declares.
  static let probe = """
    {# Writes model text where code goes. #}
    {# arguments: note: string #}
    {{ plan.proto.documentation }}
    public struct {{ decorator }} {
      {{ plan.proto.documentation }}
      let file = {{ plan.proto.file }}
      let protocolName = {{ plan.protocolNameLiteral }}
    {% for r in plan.requirements %}
      {{ r.requirement.documentation }}
      let selector{{ forloop.counter }} = {{ r.qualifiedSelectorLiteral }}
      let event{{ forloop.counter }} = {{ r.analyticsEventLiteral }}
      let failure{{ forloop.counter }} = {{ r.analyticsFailureEventLiteral }}
      let span{{ forloop.counter }} = {{ r.spanNameLiteral }}
    {% if r.annotations.probe.note %}
      let note{{ forloop.counter }} = {{ r.annotations.probe.note }}
    {% endif %}
      let option{{ forloop.counter }} = {{ options.label }}
    {% endfor %}
    }
    {{ plan.proto.documentation }}
    """

  /// Lines, quotes, comment ends, directives and controls in many scripts: what would end a
  /// comment or a literal, or open a declaration, if pasted as it is.
  static let pieces = [
    "}", "{", "\n", "\r", "\r\n", "\u{2028}", "\u{0B}", "\u{85}", "*/", "/*", "//", "\"", "\"\"\"",
    "#\"", "\\", "\\(", "#if false", "#endif", "func evil() {", "let x = 1", ")", "`", "@main",
    "\u{202E}", "\u{2066}", "Ω", "ж", "日本", "🙂", "e\u{301}", "ﬁ", "\t", " ",
  ]

  static func hostileText(_ random: inout SplitMix, pieces count: Int = 8) -> String {
    (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
  }

  /// The declarations a file holds, by kind and name, nested: what text must not change.
  static func structure(of source: String) -> [String] {
    final class Collector: SyntaxVisitor {
      var names: [String] = []
      override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        names.append("struct \(node.name.text)")
        return .visitChildren
      }
      override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        names += node.bindings.map { "let \($0.pattern.trimmedDescription)" }
        return .skipChildren
      }
      override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        names.append("func \(node.name.text)")
        return .skipChildren
      }
      override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        names.append("#if")
        return .visitChildren
      }
    }
    let collector = Collector(viewMode: .sourceAccurate)
    collector.walk(Parser.parse(source: source))
    return collector.names
  }

  /// Renders the probe over one protocol whose text comes from `text`: doc comments, event and
  /// span names, a string annotation argument, an option, and the file's name.
  static func render(_ text: (Int) -> String, fileName: String) throws -> (
    files: [String], diagnostics: [String]
  ) {
    let folder = try TemporaryFolder()
    // Each kind of text written as its own syntax writes it: a line break Swift knows ends a
    // comment, and an annotation's string escapes only quotes, backslashes and line breaks.
    func docComment(_ text: String) -> String {
      text.unicodeScalars.split(omittingEmptySubsequences: false) {
        ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains($0)
      }.map { "/// " + String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
    }
    func annotationString(_ text: String) -> String {
      var escaped = ""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\\", "\"": escaped += "\\" + String(scalar)
        case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": escaped += "\\n"
        default: escaped.unicodeScalars.append(scalar)
        }
      }
      return "\"\(escaped)\""
    }
    func yamlString(_ text: String) -> String {
      "\"" + text.unicodeScalars.map { String(format: "\\U%08X", $0.value) }.joined() + "\""
    }
    try folder.write(
      "Sources/\(fileName)",
      """
      \(docComment(text(0)))
      // veneer: probe, analytics
      public protocol Shop {
        \(docComment(text(1)))
        // veneer: analytics(event: \(annotationString(text(2))), failure: \(annotationString(text(3))))
        // veneer: tracing(span: \(annotationString(text(4)))), probe(note: \(annotationString(text(5))))
        func buy(item: Int) throws -> Int
      }

      """)
    try folder.write("Templates/Probe.stencil", probe)
    try folder.write(
      "veneer.yml",
      """
      sources: Sources
      output: Out
      templates: [Templates/Probe.stencil, analytics, tracing]
      options:
        Probe: {label: \(yamlString(text(6)))}
      """)
    let (configuration, configurationDiagnostics) = ConfigurationFile.load(
      path: "\(folder.path)/veneer.yml")
    let generation = Generator().generate(configuration)
    return (
      generation.files.filter { $0.contents.contains("struct ProbeShop") }.map(\.contents),
      (configurationDiagnostics + generation.diagnostics).filter { $0.severity == .error }
        .map(\.description)
    )
  }

  /// Property: whatever text the model holds, the probe's output parses and declares exactly
  /// what it declares for plain text.
  @Test func randomTextNeverChangesWhatATemplateDeclares() throws {
    let seed =
      ProcessInfo.processInfo.environment["VENEER_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64(UInt32.max))
    let plain = try Self.render({ "plain text \($0)" }, fileName: "Shop.swift")
    #expect(plain.diagnostics == [])
    let expected = try Self.structure(of: #require(plain.files.first))
    let probed = [
      "let file", "let protocolName", "let selector1", "let event1", "let failure1", "let span1",
      "let note1", "let option1",
    ]
    #expect(probed.allSatisfy(expected.contains), "\(plain.files)")
    var random = SplitMix(seed: seed)
    for round in 0..<40 {
      let texts = (0..<7).map { _ in Self.hostileText(&random) }
      // File names hold any byte but '/' and NUL.
      let fileName =
        Self.hostileText(&random, pieces: 3).replacingOccurrences(of: "/", with: "∕")
        .replacingOccurrences(of: "\0", with: "") + "\(round).swift"
      let hostile = try Self.render({ texts[$0] }, fileName: fileName)
      let context = "seed \(seed) (VENEER_SEED=\(seed)), round \(round): \(texts) \(fileName)"
      #expect(hostile.diagnostics == [], "\(context)")
      guard let file = hostile.files.first else {
        Issue.record("nothing rendered: \(context)")
        continue
      }
      #expect(!Parser.parse(source: file).hasError, "\(context)\n\(file)")
      #expect(Self.structure(of: file) == expected, "\(context)\n\(file)")
    }
  }

  /// A requirement's attribute with a multi-line string survives, on one line as the literal of
  /// its value; attributes that give a member a symbol of its own are not copied.
  @Test func aMultiLineAttributeSurvivesAndSymbolAttributesStayWithTheBase() throws {
    let project = try Project([
      "Sources/Legacy.swift": #"""
      // veneer: logging
      public protocol Legacy {
        @available(*, deprecated, message: """
          Use load(id:) instead;
          it is "faster".
          """)
        func fetch(id: Int) -> Int
        @_silgen_name("legacy_other")
        func other() -> Int
      }

      """#,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    let (generation, diagnostics) = project.generate()
    #expect(diagnostics == [])
    let file = try #require(generation.files.first).contents
    #expect(file.contains(#"message: "Use load(id:) instead;\nit is \"faster\".""#))
    #expect(!file.contains("_silgen_name"))
    let compiled = try project.typeCheckGenerated(flags: ["-suppress-warnings"])
    #expect(compiled.status == 0, "\(compiled.errors)")
  }
}
