import Foundation
import VeneerModel
import VeneerParser
import VeneerSupport

/// Stage 1, discover: the files a run reads. Sources are decorated; reference sources are read
/// and cached alike, for the protocols that sources inherit from, and never decorated; headers
/// are the Objective-C front end's.
struct DiscoveredSources: Sendable {
  /// The sources, in the order the configuration lists them.
  var sources: [String]
  /// The reference sources that are not also sources.
  var references: Set<String>
  /// Sources, then references: every file the run reads.
  var inputFiles: [String]
  /// The Objective-C headers among the sources: those named, and those in folders with `objc`.
  var headers: [String]
  var diagnostics: [Diagnostic]

  /// With `listings`, directories unchanged since they were listed are not listed again.
  init(_ configuration: Configuration, listings: DirectoryListings?) {
    let sources = SourceFiles.matching(
      include: configuration.include, exclude: configuration.exclude,
      directory: configuration.directory, listings: listings)
    let references = SourceFiles.matching(
      include: configuration.references, exclude: configuration.exclude,
      directory: configuration.directory, listings: listings)
    // Most configurations have no references: then no set of every source is hashed.
    let sourceSet = references.files.isEmpty ? [] : Set(sources.files)
    let referenceFiles = references.files.filter { !sourceSet.contains($0) }
    self.sources = sources.files
    self.references = Set(referenceFiles)
    inputFiles = sources.files + referenceFiles
    diagnostics = sources.diagnostics + references.diagnostics
    if let declared = configuration.declaredInputs {
      diagnostics += declared.problems(inputFiles, kind: "source", namedAt: { _ in nil })
      diagnostics += declared.problems(
        configuration.file.map { [$0] } ?? [], kind: "configuration", namedAt: { _ in nil })
    }
    let headers = SourceFiles.matching(
      include: configuration.include, exclude: configuration.exclude,
      directory: configuration.directory,
      kind: .headers(folders: configuration.readsObjectiveCHeaders))
    self.headers = headers.files
    diagnostics += headers.diagnostics
    if let declared = configuration.declaredInputs {
      diagnostics += declared.problems(headers.files, kind: "header", namedAt: { _ in nil })
    }
    if sources.files.isEmpty, !configuration.readsObjectiveCHeaders {
      diagnostics += Self.unreadHeaders(configuration)
    }
  }

  /// A warning when the folders a run searches hold no Swift file but Objective-C headers,
  /// which are searched for only when asked: a run that writes nothing says why.
  private static func unreadHeaders(_ configuration: Configuration) -> [Diagnostic] {
    let folders = configuration.include.map(\.value).filter { path in
      var isDirectory: ObjCBool = false
      return !Glob.isPattern(path)
        && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    let headers = SourceDiscovery.headerFiles(at: folders).files
    guard let first = headers.first else { return [] }
    return [
      Diagnostic(
        .warning,
        "no Swift file among the sources, and \(headers.count) Objective-C header"
          + (headers.count == 1 ? "" : "s") + ", such as this one: headers in folders are read "
          + "with --objc (or 'objc: true' in veneer.yml), and headers named one by one always",
        file: first)
    ]
  }

  /// Each input's size and modification time, or nil for one that vanished; on all cores, the
  /// cost of a run where nothing changed.
  func stamps() -> [FileStamp?] {
    Parallel.map(inputFiles) { FileStamp(path: $0) }
  }
}
