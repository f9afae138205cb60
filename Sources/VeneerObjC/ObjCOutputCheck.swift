import CVeneerClang
import VeneerModel

/// Objective-C decorators checked before they are written, as Swift's are: their header and
/// implementation parsed by libclang with bodies, beside the header that declares the protocol
/// (and the headers it includes) and Veneer's runtime header, and the first syntax error in them
/// reported.
///
/// Only what clang's parser and lexer say counts: the Foundation a build compiles against is not
/// here (its import is not found, and clang goes on; its common types are the header parser's
/// prelude), so whether the code means anything is the compiler's to judge; whether it is code at
/// all is Veneer's.
package enum ObjCOutputCheck {
  /// Where a generated file does not parse, and clang's message.
  package struct Problem: Equatable, Sendable {
    /// The generated file's name: `LoaderService+Decorators.m`.
    package var file: String
    /// 1-based.
    package var line: Int
    package var column: Int
    package var message: String
  }

  /// What the check found.
  package enum Outcome: Equatable, Sendable {
    case parses
    case problem(Problem)
    /// libclang could not be loaded, or could not parse at all: said, never taken for a pass.
    case unchecked(String)
  }

  /// The folder, which exists for clang alone, that the generated files are handed in.
  static let folder = "/veneer-generated/"

  /// The first syntax error of `implementation`, the name of one of `generated` (a protocol's
  /// decorators, by file name), parsed with `protocolHeader` (the header that declares the
  /// protocol and the headers it includes, each path with the bytes the header parser read) and
  /// Veneer's `runtimeHeader`.
  package static func check(
    _ implementation: String, generated: [(name: String, contents: String)],
    protocolHeader: [(path: String, bytes: [UInt8])], runtimeHeader: String
  ) -> Outcome {
    if let reason = LibClang.unavailableReason { return .unchecked(reason) }
    let overlay: TemporaryFile
    do {
      overlay = try TemporaryFile(contents: HeaderInputs.overlay)
    } catch {
      return .unchecked(error.description)
    }
    defer { overlay.remove() }
    let main = generated.filter { $0.name == implementation }
    // A header not handed here (Foundation, the system's) is not found: libclang keeps going
    // past it (`KeepGoing`), and what that leaves undeclared is semantics, not syntax.
    let files =
      (main + generated.filter { $0.name != implementation })
      .map { (path: folder + $0.name, bytes: Array($0.contents.utf8)) }
      + [(path: folder + "VNRRuntime.h", bytes: Array(runtimeHeader.utf8))]
      + protocolHeader
    let texts = Dictionary(
      files.map { ($0.path, HeaderText(file: $0.path, bytes: $0.bytes)) },
      uniquingKeysWith: { first, _ in first })
    // The protocol's header is imported by its name alone, found beside itself.
    let headerPath = protocolHeader.first?.path ?? ""
    let headerFolder = headerPath.lastIndex(of: "/").map { String(headerPath[...$0]) } ?? "./"
    let arguments = [
      "-iquote", headerFolder,
      "-DNS_ENUM(type, name)=enum name : type name; enum name : type",
      "-DNS_OPTIONS(type, name)=enum name : type name; enum name : type",
    ]
    LibClang.lock.lock()
    defer { LibClang.lock.unlock() }
    guard
      let unit = ObjCHeaderParser.parseDeclaringMissing(
        files, overlay: overlay.path, arguments: arguments, bodies: true,
        identifier: { path, line, column in
          path.flatMap { texts[$0] }?.identifier(atLine: line, column: column)
        })
    else { return .unchecked("libclang could not parse them") }
    defer { veneer_clang_dispose(unit) }
    let first = ClangDiagnostic.all(of: unit).lazy.compactMap { diagnostic -> Problem? in
      guard diagnostic.severity >= 3, let file = diagnostic.file,
        generated.contains(where: { folder + $0.name == file }),
        diagnostic.category == "Parse Issue"
          || diagnostic.category == "Lexical or Preprocessor Issue",
        !diagnostic.message.contains("file not found")
      else { return nil }
      return Problem(
        file: String(file.dropFirst(folder.count)), line: diagnostic.line,
        column: diagnostic.column, message: diagnostic.message)
    }.first
    return first.map(Outcome.problem) ?? .parses
  }
}
