import Foundation
import SwiftParser
import SwiftSyntax
import Testing
import VeneerGenerator
import VeneerModel
import VeneerSupport

/// Hostile values at every boundary where text enters Veneer from outside: protocol names (raw
/// identifiers), annotation arguments, `veneer.yml` values, source file names and template
/// file names. For each random combination Veneer never crashes, every diagnostic is located
/// in a file it was given, nothing is written outside the output folder, and when it reports no
/// error every file it writes parses.
///
/// `VENEER_SEED=<n>` replays a run; `VENEER_FUZZ_ITERATIONS=<n>` runs longer (default 150).
@Suite("Boundary fuzzing")
struct BoundaryFuzzTests {
  let seed =
    ProcessInfo.processInfo.environment["VENEER_SEED"].flatMap { UInt64($0) }
    ?? UInt64.random(in: 0...UInt64(UInt32.max))
  let iterations =
    ProcessInfo.processInfo.environment["VENEER_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 150

  /// Characters that have broken tools like Veneer: path parts, quotes, escapes, line breaks,
  /// bidirectional controls, NUL, placeholders, YAML and Swift punctuation.
  static let hostile = [
    "/", "..", ".", "\\", "`", "\"", "'", "\n", "\r", "\t", "\u{0}", "\u{202E}", "\u{2066}",
    "\u{FEFF}", "\u{2028}", " ", "{", "}", "{protocol}", "{template}", "#", ":", ";", ",", "[",
    "]", "(", ")", "-", "+", "*", "?", "&", "$", "é", "計", "1e300", "inf", "-1", "0",
    "99999999999999999999", "0x1p70", "nan", "import", "func", "x", "Log", "_", "%", "~",
  ]

  private func hostileText(_ generator: inout SplitMix, maxParts: Int = 5) -> String {
    (0..<Int.random(in: 1...maxParts, using: &generator)).map { _ in
      Self.hostile.randomElement(using: &generator)!
    }.joined()
  }

  /// A raw identifier SwiftParser may accept: anything but backticks and line breaks.
  private func rawName(_ generator: inout SplitMix) -> String {
    let text = hostileText(&generator).filter { !"`\n\r\u{0}\u{2028}".contains($0) }
    return text.isEmpty ? "P" : "`\(text)`"
  }

  private func annotation(_ generator: inout SplitMix) -> String {
    let keys = ["logging", "analytics", "caching", "cache", "redact", "invalidates", "skip", "x"]
    let labels = ["ttl", "event", "failure", "properties", "evnt", "level"]
    let values = [
      "300", "\"300\"", "abc", "[1]", "0", "-5", "99999999999999999999", "[a, [b]]",
      "\"\(hostileText(&generator).replacingOccurrences(of: "\"", with: "\\\""))\"", "a",
      "result", "[a, pw, value]", "true",
    ]
    let key = keys.randomElement(using: &generator)!
    // Half are well formed, so that half the runs get as far as writing.
    guard Bool.random(using: &generator) else { return key == "x" ? "logging" : key }
    let argumentCount = Int.random(in: 0...2, using: &generator)
    let arguments = (0..<argumentCount).map { _ in
      (Bool.random(using: &generator) ? labels.randomElement(using: &generator)! + ": " : "")
        + values.randomElement(using: &generator)!
    }
    return "\(key)(\(arguments.joined(separator: ", ")))"
  }

  private func configuration(_ generator: inout SplitMix) -> String {
    let value = hostileText(&generator, maxParts: 3)
    let quoted = "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
    let entries = [
      "imports: [\(quoted)]", "naming:\n  decorator: \(quoted)", "naming:\n  file: \(quoted)",
      "naming:\n  file: '\(value){protocol}.swift'",
      "naming:\n  decorator: '{template}\(value){protocol}'",
      "options:\n  caching:\n    ttl: \(quoted)",
      "options:\n  caching:\n    ttl: \(value.filter { !"\n\r\u{0}'\"".contains($0) })",
      "options:\n  logging:\n    value_limit: \(quoted)", "templates: [logging, \(quoted)]",
      "options:\n  analytics:\n    events:\n      \(quoted): \(quoted)",
    ]
    return entries.randomElement(using: &generator)! + "\n"
  }

  @Test func hostileNamesValuesAndPathsAreRefusedOrWrittenSafely() throws {
    print("BoundaryFuzzTests seed: \(seed) (VENEER_SEED=\(seed) to replay)")
    var generator = SplitMix(seed: seed)
    var written = 0
    var refused = 0
    for iteration in 0..<iterations {
      let folder = try TemporaryFolder()
      let sources = folder.path + "/Sources"
      let output = folder.path + "/Out/Generated"
      try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
      // Folders a path made of a protocol's name could climb through.
      for trap in ["`", ".`", "Out/`", "Out/.`"] {
        try FileManager.default.createDirectory(
          atPath: folder.path + "/" + trap, withIntermediateDirectories: true)
      }
      let fileName = hostileText(&generator, maxParts: 3)
        .filter { !"/\u{0}".contains($0) }
      let sourceName = (fileName == "." || fileName == ".." ? "S" : fileName) + ".swift"
      let name = rawName(&generator)
      let source = """
        // veneer: logging, analytics, caching
        protocol \(name) {
          // veneer: \(annotation(&generator))
          func a(pw: String, value: Int) -> Int
          func b(token t: String, completion: @escaping @Sendable (Result<Int, any Error>) -> Void)
        }

        """
      let sourcePath = sources + "/" + sourceName
      guard FileManager.default.createFile(atPath: sourcePath, contents: Data(source.utf8))
      else { continue }
      let templateName =
        Bool.random(using: &generator)
        ? hostileText(&generator, maxParts: 2).filter { !"/\u{0}".contains($0) } : "Audit"
      let templatePath =
        folder.path + "/" + (templateName.isEmpty ? "T" : templateName) + ".stencil"
      _ = FileManager.default.createFile(
        atPath: templatePath,
        contents: Data(
          "{% for r in plan.requirements %}// {{ r.qualifiedSelector }}\n{% endfor %}".utf8))
      let yaml = Bool.random(using: &generator) ? configuration(&generator) : ""
      let context =
        "iteration \(iteration): name \(name.debugDescription), file "
        + "\(sourceName.debugDescription), yaml \(yaml.debugDescription)"

      let parsed = ConfigurationFile.parse(
        yaml + "sources: Sources\noutput: Out/Generated\n", file: folder.path + "/veneer.yml",
        directory: folder.path)
      var configuration = parsed.configuration
      if Bool.random(using: &generator) {
        // As `--template` lists them: the built-ins the source asks for, and the template.
        configuration.templates += ["logging", "analytics", "caching", templatePath].map {
          Located($0)
        }
      }
      let generation = Generator(threads: 1).generate(configuration)
      let diagnostics = parsed.diagnostics + generation.diagnostics
      let knownFiles = [sourcePath, folder.path + "/veneer.yml", templatePath, "veneer"]
      for diagnostic in diagnostics {
        #expect(
          knownFiles.contains(diagnostic.file) || diagnostic.file.hasPrefix(folder.path),
          "\(diagnostic) — \(context)")
      }
      guard !diagnostics.contains(where: { $0.severity == .error }) else {
        refused += 1
        continue
      }
      written += 1
      let outputFolder = OutputFolder(path: output)
      do {
        try outputFolder.apply(try outputFolder.plan(generation.files))
      } catch {
        Issue.record("\(error.diagnostics) — \(context)")
        continue
      }
      // Only the output folder gains files, each directly in it, each parsing.
      let written =
        FileManager.default.enumerator(atPath: folder.path)?.compactMap {
          $0 as? String
        }.filter { path in
          var isDirectory: ObjCBool = false
          _ = FileManager.default.fileExists(
            atPath: folder.path + "/" + path, isDirectory: &isDirectory)
          return !isDirectory.boolValue
        } ?? []
      for path in written where !path.hasPrefix("Sources/") && !path.hasSuffix(".stencil") {
        #expect(path.hasPrefix("Out/Generated/"), "\(path) — \(context)")
        #expect(!path.dropFirst("Out/Generated/".count).contains("/"), "\(path) — \(context)")
      }
      for file in generation.files {
        var contents = file.contents
        let tree = contents.withUTF8 { Parser.parse(source: $0) }
        #expect(!tree.hasError, "\(file.name) does not parse — \(context)")
      }
    }
    print("BoundaryFuzzTests: \(written) written, \(refused) refused")
    // Both outcomes are exercised: hostile values refused, and hostile names written safely.
    #expect(written > iterations / 10 && refused > iterations / 10, "\(written) \(refused)")
  }
}
