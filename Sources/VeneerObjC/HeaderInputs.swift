import Foundation
import VeneerModel
import VeneerParser

/// Every file libclang may read for one header, read first by Veneer as sources are: the header
/// and, transitively, the headers it includes by a quoted name (`#import "Other.h"`), each a
/// regular file of bounded size. libclang is handed their bytes and told that no other file
/// exists (`overlay`), so that an include of a FIFO, a device, a huge file or anything named
/// through a macro is a header not found, never a hang or an unbounded read.
struct HeaderInputs {
  /// The header first, then the headers it includes, each once.
  var files: [(path: String, bytes: [UInt8])] = []
  var diagnostics: [Diagnostic] = []

  /// How deep includes are followed, and how many headers and bytes one header brings in.
  static let depthLimit = 32
  static let fileLimit = 256
  static let byteLimit = 64 << 20

  init(header: String, bytes: [UInt8]) {
    files.append((header, bytes))
    var known: Set<String> = [Self.absolute(header)]
    var total = bytes.count
    // Breadth first: (index of the includer in `files`, its depth).
    var pending = [(0, 0)]
    // Past a bound on the whole, said once, nothing more is read.
    var isFull = false
    while !pending.isEmpty, !isFull {
      let (index, depth) = pending.removeFirst()
      let includer = files[index].path
      for directive in Self.quotedIncludes(in: files[index].bytes) where !isFull {
        let path =
          directive.name.hasPrefix("/")
          ? directive.name : Self.folder(of: includer) + directive.name
        guard known.insert(Self.absolute(path)).inserted else { continue }
        let place = SourceLocation(file: includer, line: directive.line, column: 1)
        func skip(_ reason: String) {
          diagnostics.append(
            Diagnostic(
              .warning,
              "'\(directive.name)' is not read: \(reason); Veneer reads the header as if it "
                + "were not found", at: place))
        }
        guard depth < Self.depthLimit else {
          skip("includes are followed \(Self.depthLimit) deep")
          continue
        }
        guard files.count < Self.fileLimit else {
          skip("a header brings in at most \(Self.fileLimit) headers, and no more are read")
          isFull = true
          continue
        }
        let included: [UInt8]
        do throws(FileBytes.Failure) {
          included = try FileBytes.readWithStamp(path, limit: FileBytes.sourceSizeLimit).bytes
        } catch .cannotRead {
          // Not there, as for a compiler: not Veneer's to report.
          continue
        } catch {
          skip(error.description.replacingOccurrences(of: "; skipped", with: ""))
          continue
        }
        guard total + included.count <= Self.byteLimit else {
          skip(
            "a header brings in at most \(Self.byteLimit >> 20) MiB of headers, and no more are "
              + "read")
          isFull = true
          continue
        }
        total += included.count
        files.append((path, included))
        pending.append((files.count - 1, depth + 1))
      }
    }
  }

  /// A virtual file system for clang in which nothing exists: every file it reads is one of
  /// those handed to it.
  static let overlay =
    #"{"version": 0, "case-sensitive": "true", "fallthrough": false, "roots": []}"#

  /// The folder of `path` with a trailing `/`, spelt as clang spells the folder of the
  /// includer when it looks for a quoted name beside it (`./` in the working folder).
  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "./" }
    return String(path[...slash])
  }

  private static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// The `#include`, `#import` and `#include_next` directives naming a header in quotes, by
  /// line; the names of others (`<…>`, a macro) are not followed.
  static func quotedIncludes(in bytes: [UInt8]) -> [(name: String, line: Int)] {
    var found: [(name: String, line: Int)] = []
    var line = 1
    var index = 0
    let count = bytes.count
    func skipBlanks() {
      while index < count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
        index += 1
      }
    }
    while index < count {
      skipBlanks()
      if index < count, bytes[index] == UInt8(ascii: "#") {
        index += 1
        skipBlanks()
        let wordStart = index
        while index < count,
          (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index])
            || bytes[index] == UInt8(ascii: "_")
        {
          index += 1
        }
        let word = bytes[wordStart..<index]
        if word.elementsEqual("include".utf8) || word.elementsEqual("import".utf8)
          || word.elementsEqual("include_next".utf8)
        {
          skipBlanks()
          if index < count, bytes[index] == UInt8(ascii: "\"") {
            let nameStart = index + 1
            var end = nameStart
            while end < count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n"),
              bytes[end] != 0
            {
              end += 1
            }
            if end < count, bytes[end] == UInt8(ascii: "\""), end > nameStart,
              let name = String(validating: bytes[nameStart..<end], as: UTF8.self)
            {
              found.append((name, line))
            }
          }
        }
      }
      while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
      index += 1
      line += 1
    }
    return found
  }
}

/// A file of Veneer's own in the temporary folder, readable by this user alone, for a tool that
/// reads its input from a path (clang's `-ivfsoverlay`).
struct TemporaryFile {
  let path: String

  struct Failure: Error, CustomStringConvertible {
    var reason: String
    var description: String { "cannot write a temporary file for libclang: \(reason)" }
  }

  init(contents: String) throws(Failure) {
    let folder = NSTemporaryDirectory()
    var template = Array(
      ((folder.hasSuffix("/") ? folder : folder + "/") + "veneer-clang-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let bytes = Array(contents.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else {
      unlink(path)
      throw Failure(reason: "a short write")
    }
  }

  func remove() { unlink(path) }
}
