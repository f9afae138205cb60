import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerObjC
import VeneerSupport

/// The check Objective-C decorators pass before they are written is not vacuous: the fixture
/// catalog's decorators parse, and each of them with one closing bracket or quote of its code
/// taken out, at random, is a problem in that file, where the damage is or after it. (A
/// semicolon is not always missed: a macro may expand to a block.)
@Suite(
  "Objective-C output check",
  .enabled(if: ObjCToolchain.mustRun, "libclang, GNUstep Base or the blocks runtime is missing"))
struct ObjCOutputCheckTests {
  static let catalog = ObjCDecoratorTests.headers + "/Catalog.h"

  @Test func aDecoratorMissingABracketOrQuoteIsAProblemInItsFile() throws {
    let generation = ObjCDecoratorTests.generate()
    #expect(!generation.hasErrors, "\(generation.diagnostics)")
    let header = try Array(Data(contentsOf: URL(fileURLWithPath: Self.catalog)))
    let runtime = try #require(generation.files.first { $0.name == "VNRRuntime.h" }).contents
    let implementations = generation.files.filter { $0.name.hasSuffix("+Decorators.m") }
    #expect(!implementations.isEmpty)
    var random = SplitMix(seed: 0x0B1C)
    var cut = 0
    for implementation in implementations {
      let headerName = implementation.name.replacingOccurrences(of: ".m", with: ".h")
      let decoratorHeader = try #require(generation.files.first { $0.name == headerName })
      func check(_ contents: String) -> ObjCOutputCheck.Outcome {
        ObjCOutputCheck.check(
          implementation.name,
          generated: [(implementation.name, contents), (headerName, decoratorHeader.contents)],
          protocolHeader: [(Self.catalog, header)], runtimeHeader: runtime)
      }
      #expect(check(implementation.contents) == .parses, "\(implementation.name)")
      let bytes = Array(implementation.contents.utf8)
      var places: [Int] = []
      var offset = 0
      for line in implementation.contents.split(separator: "\n", omittingEmptySubsequences: false) {
        let code = Array(line.utf8)
        if !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
          places += code.indices.filter {
            code[$0] == UInt8(ascii: "]") || code[$0] == UInt8(ascii: "\"")
          }.map { $0 + offset }
        }
        offset += code.count + 1
      }
      for _ in 0..<8 {
        let place = try #require(places.randomElement(using: &random))
        var damaged = bytes
        damaged.remove(at: place)
        let line = bytes[..<place].count { $0 == UInt8(ascii: "\n") } + 1
        guard case .problem(let problem) = check(String(decoding: damaged, as: UTF8.self)) else {
          Issue.record("\(implementation.name): taking out the byte at line \(line) passed")
          continue
        }
        #expect(problem.file == implementation.name)
        // A missing closer is seen where the code that needs it ends, at or after its line.
        #expect(problem.line >= line, "\(problem) for line \(line)")
        cut += 1
      }
    }
    #expect(cut >= 8)
  }

  /// A header not here (`<UIKit/UIKit.h>`, a quoted one beside nothing) is not found, and
  /// clang goes on past it: the bracket missing after it is still seen.
  @Test func anImportOfAHeaderNotHereDoesNotEndTheCheck() throws {
    let generation = ObjCDecoratorTests.generate()
    let header = try Array(Data(contentsOf: URL(fileURLWithPath: Self.catalog)))
    let runtime = try #require(generation.files.first { $0.name == "VNRRuntime.h" }).contents
    let implementation = try #require(
      generation.files.first { $0.name.hasSuffix("+Decorators.m") })
    let headerName = implementation.name.replacingOccurrences(of: ".m", with: ".h")
    let decoratorHeader = try #require(generation.files.first { $0.name == headerName })
    let damaged =
      "#import <UIKit/UIKit.h>\n#import \"Missing/Nowhere.h\"\n" + implementation.contents
      + "\nstatic void audit(id base) { [base description; }\n"
    let outcome = ObjCOutputCheck.check(
      implementation.name,
      generated: [(implementation.name, damaged), (headerName, decoratorHeader.contents)],
      protocolHeader: [(Self.catalog, header)], runtimeHeader: runtime)
    guard case .problem(let problem) = outcome else {
      Issue.record("not a problem: \(outcome)")
      return
    }
    #expect(problem.file == implementation.name)
    #expect(
      problem.line == damaged.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
  }
}
