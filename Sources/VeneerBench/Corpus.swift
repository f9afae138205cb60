import Foundation
import VeneerSupport

/// A deterministic synthetic Swift code base: mostly types and functions with bodies, comments
/// and strings that mention `protocol`, nested types and `#if` blocks, and about one file in
/// seven declaring a protocol of one of the shapes Veneer decorates.
struct Corpus {
  var fileCount: Int
  var linesPerFile = 375
  var seed: UInt64 = 0x5EED

  /// Writes the corpus under `folder`, in subfolders of 100 files; returns the protocol files.
  func write(to folder: URL) throws -> [URL] {
    var generator = SplitMix(seed: seed)
    var protocolFiles: [URL] = []
    for index in 0..<fileCount {
      let subfolder = folder.appendingPathComponent(String(format: "Module%02d", index / 100))
      try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
      let file = subfolder.appendingPathComponent(String(format: "File%04d.swift", index))
      let (text, declaresProtocol) = source(of: index, &generator)
      try Data(text.utf8).write(to: file)
      if declaresProtocol { protocolFiles.append(file) }
    }
    return protocolFiles
  }

  func source(of index: Int, _ random: inout SplitMix) -> (String, Bool) {
    var lines = [
      "// File\(index).swift — synthetic source for Veneer's benchmark.", "import Foundation", "",
    ]
    if index % 11 == 0 { lines += ["#if canImport(Combine)", "import Combine", "#endif", ""] }
    let declaresProtocol = index % 7 == 0
    if declaresProtocol {
      lines += protocolDeclaration(index, &random)
      if index % 49 == 0 { lines += protocolDeclaration(index + 1_000_000, &random) }
    } else if index % 37 == 0 {
      lines.append("// Conforms to the protocol of its module; declares none itself.")
    }
    var block = 0
    while lines.count < linesPerFile {
      lines += fillerType(index, block, &random)
      block += 1
    }
    return (lines.joined(separator: "\n") + "\n", declaresProtocol)
  }

  func protocolDeclaration(_ index: Int, _ random: inout SplitMix) -> [String] {
    let name = "Service\(index)"
    var lines: [String] = ["/// Loads and stores the things of module \(index / 100)."]
    if random.next() % 3 == 0 { lines.append("// veneer: logging, caching, analytics") }
    let inherits = index >= 14 && random.next() % 4 == 0 ? ": Service\(index - 7)" : ": Sendable"
    let isolation = random.next() % 10 == 0 ? "@MainActor " : ""
    lines.append("\(isolation)public protocol \(name)\(inherits) {")
    let methods = 3 + Int(random.next() % 6)
    for method in 0..<methods {
      switch (method + index) % 6 {
      case 0: lines.append("  func item\(method)(id: Int) async throws -> String")
      case 1:
        lines.append("  func items\(method)(matching query: String, limit: Int) async -> [String]")
      case 2:
        lines.append(
          "  func load\(method)(completion: @escaping @Sendable (Result<[String], any Error>) -> Void)"
        )
      case 3: lines.append("  func store\(method)(_ value: String, forKey key: String) throws")
      case 4: lines.append("  var count\(method): Int { get }")
      default: lines.append("  func refresh\(method)()")
      }
    }
    lines += ["}", ""]
    return lines
  }

  func fillerType(_ index: Int, _ block: Int, _ random: inout SplitMix) -> [String] {
    let name = "Type\(index)_\(block)"
    let mentionsProtocol = index % 37 == 0 && block == 0
    var lines = [
      "/// A value of the synthetic model, number \(block).",
      block % 3 == 0 ? "public final class \(name) {" : "public struct \(name): Hashable {",
      "  public var identifier: Int = \(random.next() % 1000)",
      "  public var title = \"Title of \(name) { not a brace }\"",
      "  enum Nested: String { case first, second = \"second\" }",
      "",
      "  public func describe(_ prefix: String) -> String {",
      "    let parts = [prefix, title, String(identifier)].filter { !$0.isEmpty }",
      mentionsProtocol
        ? "    // Joined with a separator; the protocol of the caller decides the order."
        : "    // Joined with a separator, in the caller's order.",
      "    return parts.joined(separator: \", \") + \"\\(identifier * 2)\"",
      "  }",
      "",
      "  func transform(_ values: [Int]) -> [Int] {",
      "    values.map { $0 * \(block + 1) }.filter { $0 % 2 == 0 }.sorted { $0 > $1 }",
      "  }",
    ]
    if block % 4 == 1 {
      lines += [
        "  #if DEBUG",
        "  func debugDescription() -> String { #\"raw \"\(name)\" text\"# }",
        "  #endif",
      ]
    }
    if block % 5 == 2 {
      lines += [
        "  let template = \"\"\"",
        mentionsProtocol
          ? "    A protocol { declared } in a string." : "    Some text { with braces }.",
        "    \"\"\"",
      ]
    }
    lines += [
      "  /* A block comment /* nested */ with { braces } */",
      "  func compute(_ input: Double) -> Double {",
      "    var result = input",
      "    for step in 0..<\(block % 7 + 2) where step % 2 == 0 {",
      "      result = result * 1.5 + Double(step)",
      "    }",
      "    return result",
      "  }",
      "}",
      "",
    ]
    return lines
  }
}
