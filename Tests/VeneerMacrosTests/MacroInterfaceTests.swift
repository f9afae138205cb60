import Foundation
import TestSupport
import Testing
import VeneerMacroExpansion
import VeneerRenderer

@Suite("The macro's interface, written from the descriptors")
struct MacroInterfaceTests {
  @Test func decoratedSwiftMatchesTheDescriptors() throws {
    let file = repositoryRoot.appendingPathComponent(MacroInterface.path)
    if let difference = checkedInDifference(
      MacroInterface.path, onDisk: try String(contentsOf: file, encoding: .utf8),
      expected: MacroInterface.source,
      regenerate: "bash Scripts/regenerate")
    {
      Issue.record(Comment(rawValue: difference))
    }
  }

  /// Each built-in is a member of `Decorator`, and each of its settings but an event map a
  /// parameter of its call, typed; each name the macro may add is declared.
  @Test(arguments: BuiltInDecorators.all.map(\.name))
  func eachBuiltInIsTypedInTheMacro(name: String) throws {
    let builtIn = try #require(BuiltInDecorators.named(name))
    let source = MacroInterface.source
    #expect(source.contains("public static let \(MacroInterface.memberName(of: builtIn)) = "))
    #expect(source.contains("prefixed(\(builtIn.name))"))
    #expect(source.contains("named(\(builtIn.compositionHelper))"))
    for option in builtIn.options {
      guard let type = MacroInterface.macroType(of: option) else { continue }
      let label = MacroInterface.parameterName(option.name)
      #expect(
        source.contains(option.isUnlabeledInMacro ? "_ \(label): \(type)" : "\(label): \(type)?"),
        "\(name).\(option.name)")
    }
  }

  @Test func wordsBecomeCasesInLowerCamelCase() {
    #expect(MacroInterface.caseName("snake_case") == "snakeCase")
    #expect(MacroInterface.caseName("kebab-case") == "kebabCase")
    #expect(MacroInterface.caseName("camelCase") == "camelCase")
    #expect(MacroInterface.parameterName("value_limit") == "valueLimit")
  }
}
