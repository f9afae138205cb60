import Foundation
import SwiftParser
import SwiftSyntax
import VeneerModel
import VeneerSupport

/// The protocols, protocol aliases and diagnostics of one source file.
package struct ParsedFile: Codable, Sendable, Equatable {
  package var protocols: [ProtocolDecl]
  package var aliases: [ProtocolAlias]
  package var resultEnums: [ResultLikeEnum]
  package var diagnostics: [Diagnostic]

  package init(
    protocols: [ProtocolDecl], aliases: [ProtocolAlias] = [], resultEnums: [ResultLikeEnum] = [],
    diagnostics: [Diagnostic]
  ) {
    self.protocols = protocols
    self.aliases = aliases
    self.resultEnums = resultEnums
    self.diagnostics = diagnostics
  }
}

/// Builds the model of Swift protocols from source text with SwiftParser.
package struct ProtocolParser: Sendable {
  package var annotationKeys: AnnotationKeys

  /// SwiftParser's own default is 20 in debug builds, too low for real code; parsing runs on
  /// threads with a stack large enough for this depth in any build.
  static let maximumNestingLevel = 256

  package init(annotationKeys: AnnotationKeys = .common) {
    self.annotationKeys = annotationKeys
  }

  package func parse(source: String, file: String) -> ParsedFile {
    parse(contents: Array(source.utf8), file: file)
  }

  /// Parses one file's bytes. Invalid UTF-8 is reported, not parsed.
  package func parse(contents: [UInt8], file: String) -> ParsedFile {
    if let invalid = Self.invalidUTF8(in: contents, file: file) {
      return ParsedFile(protocols: [], diagnostics: [invalid])
    }
    return parse(validUTF8: contents, file: file)
  }

  /// Parses bytes known to be UTF-8: a scanned file is checked whole, once.
  private func parse(validUTF8 contents: [UInt8], file: String) -> ParsedFile {
    // SwiftParserDiagnostics 603 traps on a vertical tab or form feed before `=` (its fix-it
    // has no change); both are white space to Swift, so they are read as spaces, one byte for
    // one, which keeps every position.
    let hasControlSpace = contents.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map {
        memchr($0, 0x0B, buffer.count) != nil || memchr($0, 0x0C, buffer.count) != nil
      } ?? false
    }
    if hasControlSpace {
      return parse(
        validUTF8: contents.map { $0 == 0x0B || $0 == 0x0C ? 0x20 : $0 }, file: file)
    }
    if let problem = NestingGuard.firstProblem(in: contents) {
      let position = Self.lineAndColumn(of: problem.offset, in: contents)
      return ParsedFile(
        protocols: [],
        diagnostics: [
          Diagnostic(
            .error, "\(problem.message); Veneer does not parse this file",
            at: VeneerModel.SourceLocation(file: file, line: position.line, column: position.column)
          )
        ])
    }
    if let offset = NestingGuard.firstTooDeepConditional(in: contents) {
      let position = Self.lineAndColumn(of: offset, in: contents)
      return ParsedFile(
        protocols: [],
        diagnostics: [
          Diagnostic(
            .error,
            "#if nested more than \(NestingGuard.maximumConditionalDepth) levels deep; Veneer "
              + "does not parse this file",
            at: VeneerModel.SourceLocation(file: file, line: position.line, column: position.column)
          )
        ])
    }
    let tree = contents.withUnsafeBufferPointer {
      Parser.parse(source: $0, maximumNestingLevel: Self.maximumNestingLevel)
    }
    let collector = ProtocolCollector(
      file: file, source: contents, lines: SourceLines(contents, tree: tree, file: file),
      annotationKeys: annotationKeys)
    collector.walk(tree)
    let syntaxErrors =
      tree.hasError
      ? syntaxDiagnostics(
        of: tree, file: file, converter: SourceLocationConverter(fileName: file, tree: tree))
      : []
    let diagnostics = (syntaxErrors + collector.diagnostics).sorted { lhs, rhs in
      let left = lhs.location.map { ($0.line, $0.column) } ?? (0, 0)
      let right = rhs.location.map { ($0.line, $0.column) } ?? (0, 0)
      return left < right
    }
    // Imports may follow a protocol in the file; every protocol gets all of them.
    let protocols = collector.protocols.map { proto in
      var proto = proto
      proto.imports = collector.imports
      return proto
    }
    return ParsedFile(
      protocols: protocols, aliases: collector.aliases, resultEnums: collector.resultEnums,
      diagnostics: diagnostics)
  }

  /// The same model as `parse(contents:file:)`, from parsing only what the model reads: files
  /// without `protocol`, `typealias` or a generic `enum` are not parsed, and of the others
  /// SwiftParser sees the top-level protocols, type aliases of names, generic enums, imports and
  /// `#if` lines, unless the scan that finds them cannot vouch for the file or that parse finds
  /// an error, which a full parse then reports. Code the model does not read is left to the
  /// compiler.
  package func parseDeclarations(contents: [UInt8], file: String, times: StageTimes? = nil)
    -> ParsedFile
  {
    // SwiftParser keeps a byte-order mark and the comment after it as one piece of trivia, so
    // a first-line annotation would be lost: the mark is read as three spaces, which keeps
    // every offset, line and column.
    if contents.starts(with: [0xEF, 0xBB, 0xBF]) {
      var contents = contents
      contents.replaceSubrange(0..<3, with: [0x20, 0x20, 0x20])
      return parseDeclarations(contents: contents, file: file, times: times)
    }
    let none = ParsedFile(protocols: [], diagnostics: [])
    guard
      StageTimes.measure(
        times, .prefilter, { DeclarationScanner.mayDeclareProtocolOrAlias(contents) })
    else { return none }
    // Checked over the whole file: the scan may hand the parser only the declarations.
    if let invalid = Self.invalidUTF8(in: contents, file: file) {
      return ParsedFile(protocols: [], diagnostics: [invalid])
    }
    var parsed = parseScanned(contents: contents, file: file, times: times)
    // Swift ignores a NUL byte with a warning; so does Veneer, and says where.
    let nul = contents.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.flatMap { memchr($0, 0, buffer.count) }.map {
        buffer.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self))
      }
    }
    if let nul {
      let position = Self.lineAndColumn(of: nul, in: contents)
      parsed.diagnostics.append(
        Diagnostic(
          .warning, "NUL byte in the file, which Swift ignores",
          at: VeneerModel.SourceLocation(file: file, line: position.line, column: position.column)))
    }
    return parsed
  }

  private func parseScanned(contents: [UInt8], file: String, times: StageTimes?) -> ParsedFile {
    let none = ParsedFile(protocols: [], diagnostics: [])
    let scan = StageTimes.measure(times, .scan) { DeclarationScanner.scan(contents) }
    return StageTimes.measure(times, .parse) {
      switch scan {
      case .noProtocols:
        return none
      case .needsFullParse:
        return parse(validUTF8: contents, file: file)
      case .skeleton(let skeleton):
        // Whole declarations of the file, between blanks: UTF-8 as the file is.
        let parsed = parse(validUTF8: skeleton, file: file)
        guard !parsed.diagnostics.contains(where: { $0.severity == .error }) else {
          return parse(validUTF8: contents, file: file)
        }
        return parsed
      }
    }
  }

  /// Reads and parses each file on all cores; results in the order of `files`. Files Veneer
  /// generated are not parsed.
  package func parseFiles(_ files: [String], times: StageTimes? = nil) -> [ParsedFile] {
    Parallel.map(files) { file in
      let read = StageTimes.measure(times, .read) {
        Result { () throws(FileBytes.Failure) in
          try FileBytes.readWithStamp(file, limit: FileBytes.sourceSizeLimit).bytes
        }
      }
      switch read {
      case .success(let contents): return parseFile(file, contents: contents, times: times)
      case .failure(let failure): return Self.unreadable(file, failure)
      }
    }
  }

  /// One source file's model, unless Veneer generated it.
  package func parseFile(_ file: String, contents: [UInt8], times: StageTimes? = nil) -> ParsedFile
  {
    if contents.starts(with: GeneratedFile.header.utf8) {
      return ParsedFile(protocols: [], diagnostics: [])
    }
    return parseDeclarations(contents: contents, file: file, times: times)
  }

  /// A source that was not read: an error when it could not be, a warning when it was left
  /// out on purpose (a FIFO, a device, a file over the size limit).
  package static func unreadable(_ file: String, _ failure: FileBytes.Failure) -> ParsedFile {
    let severity: Diagnostic.Severity =
      if case .cannotRead = failure { .error } else { .warning }
    return ParsedFile(
      protocols: [], diagnostics: [Diagnostic(severity, failure.description, file: file)])
  }

  /// The files' protocols with what each inherits from the others filled in.
  package static func resolve(_ parsed: [ParsedFile]) -> Catalog {
    Catalog(
      protocols: InheritanceResolver.resolve(
        parsed.flatMap(\.protocols), aliases: parsed.flatMap(\.aliases)
      ).map { [resultEnums = unambiguousResultEnums(parsed)] in withResultEnums($0, resultEnums) },
      diagnostics: parsed.flatMap(\.diagnostics))
  }

  /// The catalog, and for each of its protocols the files that declare the protocols it inherits
  /// from: with its own file, all that its model is made of, besides which names found no
  /// declaration (`externalProtocols`, `standardProtocols`). With `times`, the CPU time of each
  /// thread that resolves is added to `resolve`.
  package static func catalogWithAncestorFiles(_ parsed: [ParsedFile], times: StageTimes? = nil)
    -> (catalog: Catalog, ancestorFiles: [[String]])
  {
    let (protocols, aliases, resultEnums) = StageTimes.measure(times, .resolve) {
      (parsed.flatMap(\.protocols), parsed.flatMap(\.aliases), unambiguousResultEnums(parsed))
    }
    let finished = InheritanceResolver.resolveTracingAncestors(
      protocols, aliases: aliases, times: times
    ) { resolved in
      let proto = withResultEnums(resolved.proto, resultEnums)
      let files = Set(
        resolved.ancestors.map { protocols[$0].location.file } + resolved.aliasFiles
          + proto.resultEnums.map(\.file))
      return (proto, Array(files).sorted())
    }
    return (
      Catalog(protocols: finished.map(\.0), diagnostics: parsed.flatMap(\.diagnostics)),
      finished.map(\.1)
    )
  }

  /// The result-like enums of the files, of one name each: two of one name are two modules' or
  /// `#if` branches', and neither is known for sure.
  static func unambiguousResultEnums(_ parsed: [ParsedFile]) -> [ResultLikeEnum] {
    let enums = parsed.flatMap(\.resultEnums)
    let counts = Dictionary(enums.map { ($0.name, 1) }, uniquingKeysWith: +)
    return enums.filter { counts[$0.name] == 1 }
  }

  /// `proto` with those of `enums` its requirements name (`Result<Post>`).
  static func withResultEnums(_ proto: ProtocolDecl, _ enums: [ResultLikeEnum]) -> ProtocolDecl {
    guard !enums.isEmpty else { return proto }
    var proto = proto
    proto.resultEnums = enums.filter { candidate in
      proto.allRequirements.contains { requirement in
        requirement.parameters.contains { $0.type.text.contains(candidate.name + "<") }
      }
    }
    return proto
  }

  /// Finds, discovers and parses every Swift file under `paths` in parallel, then resolves
  /// inheritance across all of them. Output order follows the sorted file list, whatever the
  /// thread timing.
  package func parseCatalog(paths: [String]) -> Catalog {
    let discovery = SourceDiscovery.swiftFiles(at: paths)
    var catalog = Self.resolve(parseFiles(discovery.files))
    catalog.diagnostics = discovery.diagnostics + catalog.diagnostics
    return catalog
  }

  static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let before = bytes[..<offset]
    let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    return (line, offset - lineStart + 1)
  }

  /// The error for a file that is not UTF-8, at its first invalid byte: for Swift sources and
  /// Objective-C headers alike.
  package static func invalidUTF8(in bytes: [UInt8], file: String) -> Diagnostic? {
    guard let invalid = firstInvalidUTF8(in: bytes) else { return nil }
    return Diagnostic(
      .error,
      "file is not valid UTF-8 (byte 0x\(String(bytes[invalid.offset], radix: 16, uppercase: true)))",
      at: VeneerModel.SourceLocation(file: file, line: invalid.line, column: invalid.column))
  }

  /// The position of the first byte that is not part of valid UTF-8, if any.
  static func firstInvalidUTF8(in bytes: [UInt8]) -> (offset: Int, line: Int, column: Int)? {
    // Most source is ASCII, which a plain loop over the bytes confirms many at a time.
    if bytes.allSatisfy({ $0 < 0x80 }) { return nil }
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    var line = 1
    var lineStart = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += UTF8.width(scalar)
        if scalar == "\n" {
          line += 1
          lineStart = offset
        }
      case .emptyInput:
        return nil
      case .error:
        return (offset, line, offset - lineStart + 1)
      }
    }
  }
}
