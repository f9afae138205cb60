import Foundation
import VeneerModel
import VeneerParser

/// Whether the protocols' module declares a type of its own name (`struct TextTable` in the
/// module `TextTable`, `enum Rainbow` in `Rainbow`). Swift then reads `TextTable.TextTableStyle`
/// as a member of that type, so decorators in another module name the protocols unqualified:
/// the imported module's names are the only ones they can mean there, unless that module
/// declares the same name, which Swift reports where it is used.
///
/// Asked only when `--module` qualifies names and a run renders: it reads the sources again,
/// each no more than the sources' limit.
enum ShadowedModule {
  /// `configuration`, its protocols named unqualified when their module is shadowed in `sources`.
  static func unqualifyingNames(_ configuration: Configuration, sources: [String])
    -> Configuration
  {
    guard let module = configuration.render.protocolModule, isShadowed(module, in: sources)
    else { return configuration }
    var unqualified = configuration
    unqualified.render.protocolModule = nil
    return unqualified
  }

  static func isShadowed(_ module: String, in files: [String]) -> Bool {
    let name = Array(module.utf8)
    guard !name.isEmpty else { return false }
    return files.contains { file in
      guard let bytes = try? FileBytes.readWithStamp(file, limit: FileBytes.sourceSizeLimit).bytes
      else { return false }
      return declaresType(named: name, in: bytes)
    }
  }

  /// Whether `struct`, `class`, `enum`, `actor` or `typealias` is followed by `name` as a whole
  /// word anywhere in `bytes`, nested or not: nested, it would not shadow the module, but
  /// leaving a name unqualified is harmless where qualifying it is not.
  static func declaresType(named name: [UInt8], in bytes: [UInt8]) -> Bool {
    let keywords = ["struct", "class", "enum", "actor", "typealias"].map { Array($0.utf8) }
    return SwiftWords.offsets(of: name, in: bytes).contains { index in
      // Back over the spaces before the name, then the keyword, a whole word too.
      var end = index
      while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") {
        end -= 1
      }
      return end < index
        && keywords.contains { keyword in
          end >= keyword.count && bytes[end - keyword.count..<end].elementsEqual(keyword)
            && (end == keyword.count
              || !SwiftWords.isIdentifierByte(bytes[end - keyword.count - 1]))
        }
    }
  }

}
