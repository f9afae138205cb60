import Testing
import VeneerSupport

@testable import VeneerGenerator

/// Glob patterns match in time proportional to the pattern times the path, and as the plain
/// recursion over every way a `**` could match (kept here as the reference) decides.
extension GlobTests {
  /// The reference: try every number of components for each `**`, and every folder of the
  /// path. Exponential in the number of `**`, so only for small inputs.
  static func referenceMatches(_ glob: Glob, _ path: String) -> Bool {
    let pathComponents = path.split(separator: "/")
    guard !glob.matchesAnyName else { return glob.matches(path) }
    func matches(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
      guard let first = pattern.first else { return path.isEmpty }
      if first == "**" {
        let rest = pattern.dropFirst()
        return path.indices.contains { matches(rest, path[$0...]) }
          || matches(rest, path[path.endIndex...])
      }
      guard let component = path.first,
        Glob(String(first) + "/x").matches(String(component) + "/x")
      else { return false }
      return matches(pattern.dropFirst(), path.dropFirst())
    }
    return (1...max(1, pathComponents.count)).contains { count in
      matches(glob.components[...], pathComponents.prefix(count))
    }
  }

  @Test func randomPatternsMatchAsTheReferenceDoes() {
    var random = SplitMix(seed: 42)
    func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
    let patternParts = ["**", "*", "a", "b*", "?", "[ab]", "c"]
    let pathParts = ["a", "b", "bc", "c", "ab"]
    for _ in 0..<3_000 {
      let pattern = (0..<(1 + Int(random.next() % 5))).map { _ in pick(patternParts) }
        .joined(separator: "/")
      let path = (0..<Int(random.next() % 6)).map { _ in pick(pathParts) }
        .joined(separator: "/")
      let glob = Glob(pattern + (pattern.contains("/") ? "" : "/**"))
      #expect(
        glob.matches(path) == Self.referenceMatches(glob, path), "\(glob.components) \(path)")
    }
  }

  /// Eight `**` against a path 25 folders deep, which the recursion took minutes over.
  @Test(.timeLimit(.minutes(1))) func manyDoubleStarsStayLinear() {
    let path = (0..<25).map { "d\($0)" }.joined(separator: "/") + "/file.swift"
    let glob = Glob(Array(repeating: "**", count: 8).joined(separator: "/") + "/nothing")
    #expect(!glob.matches(path))
    #expect(Glob(Array(repeating: "**", count: 8).joined(separator: "/") + "/d24").matches(path))
  }
}
