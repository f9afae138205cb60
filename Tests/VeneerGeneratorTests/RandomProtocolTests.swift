import Foundation
import SwiftParser
import SwiftSyntax
import Testing
import VeneerGenerator
import VeneerRenderer

/// Property: for any protocols Swift accepts, every decorator Veneer writes parses and compiles,
/// and every protocol it does not decorate is named in a warning that says why.
///
/// Each run draws new protocols; `VENEER_SEED=<n>` replays a run and `VENEER_PROTOCOLS=<n>`
/// changes how many are drawn (default 300, type-checked in one compiler run).
@Suite("Random protocols through every built-in template")
struct RandomProtocolTests {
  let seed =
    ProcessInfo.processInfo.environment["VENEER_SEED"].flatMap { UInt64($0) }
    ?? UInt64.random(in: 0...UInt64(UInt32.max))
  let count = ProcessInfo.processInfo.environment["VENEER_PROTOCOLS"].flatMap { Int($0) } ?? 300

  @Test func everyDecoratorParsesAndCompilesAndEverySkipIsExplained() throws {
    print("RandomProtocolTests: seed \(seed) (replay with VENEER_SEED=\(seed))")
    let folder = try TemporaryFolder()
    // Kept for a look when anything fails.
    let kept = FileManager.default.temporaryDirectory.appendingPathComponent(
      "veneer-random-\(seed)"
    ).path
    let replay = "seed \(seed); replay with VENEER_SEED=\(seed); files in \(kept)"
    var failed = false
    defer {
      if failed {
        try? FileManager.default.removeItem(atPath: kept)
        try? FileManager.default.copyItem(atPath: folder.path, toPath: kept)
      }
    }
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
      failed = failed || !condition
      #expect(condition, "\(replay)\n\(message())")
    }
    var protocols = RandomProtocols(seed: seed)
    // Ten protocols a file, so that imports, `#if` and several protocols per file mix.
    var names: [String] = []
    for fileIndex in 0..<((count + 9) / 10) {
      var text = fileIndex == 0 ? RandomProtocols.preamble : "import Foundation\n\n"
      for index in (fileIndex * 10)..<min(count, fileIndex * 10 + 10) {
        let name =
          RandomProtocols.clashingNames.indices.contains(index)
          ? RandomProtocols.clashingNames[index]
          : "\(protocols.pick(RandomProtocols.protocolNames))\(index)"
        names.append(name)
        text += protocols.declaration(named: name) + "\n"
      }
      try folder.write("Sources/File\(fileIndex).swift", text)
    }
    let sources = try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/Sources")
      .sorted().map { "\(folder.path)/Sources/\($0)" }
    // The sources themselves are valid Swift: otherwise the generator, not Veneer, is wrong.
    let sourceCheck = try typeCheck(sources)
    check(sourceCheck.status == 0, sourceCheck.errors)
    guard sourceCheck.status == 0 else { return }

    // Every built-in, as its descriptor lists it: one added is fuzzed without an edit here.
    let generation = Generator().generate(
      Configuration(
        sources: sources, output: "\(folder.path)/Out",
        templates: BuiltInDecorators.all.map(\.typedName), decorateAll: true))
    let errors = generation.diagnostics.filter { $0.severity == .error }
    check(errors.isEmpty, errors.map(\.description).joined(separator: "\n"))

    // Every protocol is decorated, or a warning at it says why not.
    let decorated = Set(
      generation.files.map { $0.name.replacingOccurrences(of: "+Decorators.swift", with: "") })
    let explained = generation.diagnostics.filter { $0.severity == .warning }.map(\.message)
    for name in names where !decorated.contains(name) {
      check(explained.contains { $0.hasPrefix("\(name) is not decorated: ") }, name)
    }
    check(decorated.count > count / 2, "only \(decorated.count) of \(count) decorated")

    // No decorator takes a library's type name or a protocol's, and none shares one.
    let declared = generation.files.flatMap { file in
      file.contents.matches(of: /(?:struct|final class|actor) ([^<\s]+)<Base/).map {
        String($0.output.1)
      }
    }
    let clashes = declared.filter { ReservedTypeNames.libraries.contains($0) || names.contains($0) }
    check(clashes.isEmpty, "decorators named as a library's type or a protocol: \(clashes)")
    check(Set(declared).count == declared.count, "decorator names repeat")

    var generated: [String] = []
    for file in generation.files {
      let tree = Parser.parse(source: file.contents)
      check(!tree.hasError, "\(file.name) does not parse")
      generated.append(try folder.write("Out/\(file.name)", file.contents))
    }
    let compiled = try typeCheck(sources + generated)
    // Warnings in generated code count too, but Swift 6.2's warnings about metatypes captured
    // in generic closures (SE-0470), which hand-written decorators get alike.
    let problems = compiled.errors.split(separator: "\n").filter {
      $0.contains(": error: ")
        || ($0.contains("/Out/") && $0.contains(": warning: ")
          && !$0.hasSuffix("[#SendableMetatypes]"))
    }
    check(compiled.status == 0 && problems.isEmpty, problems.prefix(40).joined(separator: "\n"))
  }
}
