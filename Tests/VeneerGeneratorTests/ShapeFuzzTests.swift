import Foundation
import SwiftParser
import Testing
import VeneerModel
import VeneerSupport

@testable import VeneerGenerator

/// Fuzz targets for inputs whose danger is their shape, not their value: `veneer.yml` keys,
/// type syntax and user templates, each drawn from pieces that once hung, crashed or exhausted
/// memory, at lengths from one piece to tens of thousands. Each input must finish within
/// seconds with diagnostics located in what the user wrote, or a result that parses. Headers
/// are fuzzed in `ObjCHeaderParserTests`, glob patterns in `GlobTests`. `VENEER_SEED=<n>`
/// replays a run.
@Suite("Fuzzing the shapes of YAML keys, types and templates")
struct ShapeFuzzTests {
  let seed =
    ProcessInfo.processInfo.environment["VENEER_SEED"].flatMap { UInt64($0) }
    ?? UInt64.random(in: 0...UInt64(UInt32.max))

  /// `count` pieces drawn from `pieces`; now and then one piece repeated thousands of times,
  /// the shape that finds super-linear time and unbounded recursion.
  static func draw(_ pieces: [String], count: Int, _ random: inout SplitMix) -> String {
    if random.next() % 4 == 0 {
      let piece = pieces[Int(random.next() % UInt64(pieces.count))]
      return String(repeating: piece, count: Int(random.next() % 20_000) + 1)
    }
    return (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
  }

  @Test func yamlKeysOfEveryShapeAreRefusedOrReadWithinSeconds() {
    var random = SplitMix(seed: seed)
    let pieces = [
      "? ", "[a, b]", "{a: b}", "&a ", "*a", "[*a, *a, *a]", "- ", ": ", "\n", "  ", "sources",
      "output", "options", "caching", "ttl", "300", "\"300\"", "!!map ", "!!str ", "<<: *a\n",
      "---\n", "[", "]", "{", "}", ",", "? [", "? {", "'", "\"", "#", "|\n", ">\n", "&b [*a, *a]\n",
    ]
    for round in 0..<120 {
      let yaml = Self.draw(pieces, count: Int(random.next() % 60) + 1, &random)
      let read = returning(within: 20) {
        ConfigurationFile.parse(yaml, file: "veneer.yml", directory: ".")
      }
      let context = "seed \(seed), round \(round): \(yaml.prefix(300).debugDescription)"
      #expect(read != nil, "\(context)")
      for diagnostic in read?.diagnostics ?? [] {
        #expect(diagnostic.file == "veneer.yml", "\(context)\n\(diagnostic)")
        #expect(diagnostic.location.map { $0.line > 0 } ?? true, "\(context)\n\(diagnostic)")
      }
    }
  }

  @Test func typesOfEveryShapeAreDecoratedOrRefusedWithinSeconds() throws {
    var random = SplitMix(seed: seed)
    let pieces = [
      "Int", "A", ".B", "?", "!", "<", ">", "(", ")", " -> ", "[", "]", ": ", ", ", "some ",
      "any ", "inout ", "@escaping ", " & ", "...", " throws ", " async ", "Array<", "(Int) -> ",
      "<B>.C", "[String: ", "P.Type", "(a: Int, b: ", "repeat each ", "~Copyable",
    ]
    let folder = try TemporaryFolder()
    for round in 0..<40 {
      let parameter = Self.draw(pieces, count: Int(random.next() % 12) + 1, &random)
      let result = Self.draw(pieces, count: Int(random.next() % 12) + 1, &random)
      let source =
        "// veneer: logging, analytics, caching\npublic protocol P {\n  func f(_ x: \(parameter)) "
        + "-> \(result)\n  var g: \(result) { get }\n}\n"
      let path = try folder.write("Sources/P\(round).swift", source)
      let configuration = Configuration(sources: [path], output: folder.path + "/Out")
      let generation = returning(within: 60) { Generator().generate(configuration) }
      let context = "seed \(seed), round \(round): \(source.prefix(400).debugDescription)"
      #expect(generation != nil, "\(context)")
      guard let generation else { continue }
      for diagnostic in generation.diagnostics {
        #expect(diagnostic.file == path, "\(context)\n\(diagnostic)")
      }
      for file in generation.files where !generation.hasErrors {
        #expect(!Parser.parse(source: file.contents).hasError, "\(context)\n\(file.contents)")
      }
    }
  }

  @Test func templatesOfEveryShapeRenderOrFailWithinSeconds() throws {
    var random = SplitMix(seed: seed)
    let pieces = [
      "{% for r in requirements %}", "{% endfor %}", "{% if r.isAsync %}", "{% else %}",
      "{% endif %}", "{{ r.name }}", "{{ options.x }}", "{{ protocol.name|upper }}", "{%", "%}",
      "{{", "}}", "{# note #}", "struct {{ decoratorName }} {", "}", "\n", "text ",
      "{% for a in requirements %}{% for b in requirements %}", "{% endfor %}{% endfor %}",
      "{% if true %}", "{{ r.parameters.0.name }}", "{% include \"Other.stencil\" %}",
      "{{ r.name|join:\",\" }}", "{% filter upper %}", "{% endfilter %}",
    ]
    let folder = try TemporaryFolder()
    let source = try folder.write(
      "Sources/Service.swift",
      "public protocol Service {\n"
        + (0..<100).map { "  func call\($0)(value: Int) async throws -> Int\n" }.joined() + "}\n")
    for round in 0..<40 {
      let text = Self.draw(pieces, count: Int(random.next() % 40) + 1, &random)
      let template = try folder.write("Templates/Fuzzed\(round).stencil", text)
      let configuration = Configuration(
        sources: [source], output: folder.path + "/Out", templates: [template], decorateAll: true)
      let generation = returning(within: 60) { Generator().generate(configuration) }
      let context = "seed \(seed), round \(round): \(text.prefix(400).debugDescription)"
      #expect(generation != nil, "\(context)")
      for diagnostic in generation?.diagnostics ?? [] {
        #expect([template, source].contains(diagnostic.file), "\(context)\n\(diagnostic)")
      }
    }
  }
}
