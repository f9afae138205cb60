import CVeneerClang
import Foundation

/// libclang, loaded on first use: from `VENEER_LIBCLANG` when it is set, else from where
/// Debian's `libclang-dev`, other distributions and Apple's developer tools put it.
enum LibClang {
  /// Why libclang cannot be used, or nil once it is loaded.
  static let unavailableReason: String? = {
    var reason = [CChar](repeating: 0, count: 512)
    let path = ProcessInfo.processInfo.environment["VENEER_LIBCLANG"]
    let loaded = reason.withUnsafeMutableBufferPointer { buffer in
      veneer_clang_load(path, buffer.baseAddress, UInt(buffer.count))
    }
    guard loaded == 0 else { return nil }
    return String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()

  /// libclang's index is not safe for two threads at once.
  static let lock = NSLock()
}

/// A string libclang's shim returned, freed once read.
func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
  guard let pointer else { return nil }
  defer { free(pointer) }
  return String(cString: pointer)
}

/// One of clang's diagnostics of a parse.
struct ClangDiagnostic {
  var message: String
  /// 2 warning, 3 error, 4 fatal.
  var severity: Int32
  var file: String?
  /// 1-based; 0 when the diagnostic has no place.
  var line: Int
  var column: Int
  /// "Parse Issue", "Semantic Issue", "Lexical or Preprocessor Issue", …
  var category: String

  /// The diagnostics of a parsed unit, in clang's order.
  static func all(of unit: UnsafeMutableRawPointer) -> [ClangDiagnostic] {
    (0..<veneer_clang_diagnostic_count(unit)).map { index in
      var severity: Int32 = 0
      var path: UnsafeMutablePointer<CChar>?
      var line: UInt32 = 0
      var column: UInt32 = 0
      var category: UnsafeMutablePointer<CChar>?
      let message =
        takeString(
          veneer_clang_diagnostic(unit, index, &severity, &path, &line, &column, &category)) ?? ""
      return ClangDiagnostic(
        message: message, severity: severity, file: takeString(path), line: Int(line),
        column: Int(column), category: takeString(category) ?? "")
    }
  }
}

/// The kinds of cursor the front end reads (libclang's `CXCursorKind`).
enum CursorKind: Int32 {
  case parameter = 10
  case protocolDeclaration = 13
  case property = 14
  case instanceMethod = 16
  case classMethod = 17
  case protocolReference = 41
}

extension VeneerCursor {
  var cursorKind: CursorKind? { CursorKind(rawValue: Int32(kind)) }

  var children: [VeneerCursor] {
    var buffer = [VeneerCursor](repeating: VeneerCursor(), count: 64)
    let count = Int(veneer_clang_children(self, &buffer, UInt32(buffer.count)))
    if count > buffer.count {
      buffer = [VeneerCursor](repeating: VeneerCursor(), count: count)
      _ = veneer_clang_children(self, &buffer, UInt32(count))
    }
    return Array(buffer.prefix(count))
  }

  var spelling: String { takeString(veneer_clang_spelling(self)) ?? "" }

  /// Where its text starts, or where its name is: file, line, column and byte offset, and
  /// whether that is in the parsed file.
  func place(start: Bool) -> (file: String?, line: Int, column: Int, offset: Int, isMain: Bool) {
    var line: UInt32 = 0
    var column: UInt32 = 0
    var offset: UInt32 = 0
    var isMain: Int32 = 0
    let file = takeString(
      veneer_clang_location(self, start ? 1 : 0, &line, &column, &offset, &isMain))
    return (file, Int(line), Int(column), Int(offset), isMain != 0)
  }

  /// Byte offsets of its text: [start, end).
  var extent: Range<Int> {
    var start: UInt32 = 0
    var end: UInt32 = 0
    veneer_clang_extent(self, &start, &end)
    return Int(start)..<max(Int(start), Int(end))
  }
}
