import Foundation
import VeneerParser

/// Whether the protocols' module declares a type of its own name (`struct TextTable` in the
/// module `TextTable`, `enum Rainbow` in `Rainbow`). Swift then reads `TextTable.TextTableStyle`
/// as a member of that type, so decorators in another module name the protocols unqualified:
/// the imported module's names are the only ones they can mean there, unless that module
/// declares the same name, which Swift reports where it is used.
///
/// Asked only when `--module` qualifies names and a run renders: it reads the sources again,
/// each no more than the sources' limit, and looks at a file only when it holds the name.
enum ShadowedModule {
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
    func isWordByte(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "_") || byte >= 0x80 || (0x30...0x39).contains(byte)
        || (0x61...0x7A).contains(byte | 0x20)
    }
    var index = 0
    while index + name.count <= bytes.count {
      guard bytes[index..<index + name.count].elementsEqual(name),
        index + name.count == bytes.count || !isWordByte(bytes[index + name.count]),
        index > 0, !isWordByte(bytes[index - 1])
      else {
        index += 1
        continue
      }
      // Back over the spaces before the name, then the keyword.
      var end = index
      while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") {
        end -= 1
      }
      if end < index,
        keywords.contains(where: { keyword in
          end >= keyword.count && bytes[end - keyword.count..<end].elementsEqual(keyword)
            && (end == keyword.count || !isWordByte(bytes[end - keyword.count - 1]))
        })
      {
        return true
      }
      index += name.count
    }
    return false
  }
}
