import SwiftSyntax
import VeneerModel
import VeneerParser
import VeneerSupport

/// A file Veneer is to write, its path relative to the output folder.
package struct GeneratedSource: Sendable, Hashable {
  package var name: String
  package var contents: String
  /// What made it, to place an error about its name.
  package var origin: OutputOrigin

  package init(name: String, contents: String, origin: OutputOrigin) {
    self.name = name
    self.contents = contents
    self.origin = origin
  }
}

/// What a run of the generator made: files and diagnostics, nothing written yet.
package struct Generation: Sendable {
  /// Files to write or to compare with the output folder.
  package var files: [GeneratedSource]
  /// Files the cache checked are already in the output folder as they should be.
  package var unchangedFiles: [String] = []
  package var diagnostics: [Diagnostic]
  package var statistics = Statistics()
  package var hasErrors: Bool { diagnostics.hasErrors }
  /// For sources held in memory (`generate(_:texts:)`, the macro's): the declarations of every
  /// file, as the check read them, so that they are not read again.
  package var declarations: [DeclSyntax] = []
  /// What the cache is to remember once the files are written.
  var cacheRecord: CacheRecord?
  /// The directories discovery listed and its searches, when they are not those the cache holds.
  var directoryListings: DirectoryListings.Snapshot?

  /// What a run did and how long each stage took, for `--verbose` and the benchmark.
  package struct Statistics: Sendable {
    package var sourceFiles = 0
    /// Sources read (then prefiltered, scanned or parsed), not taken from the cache.
    package var readFiles = 0
    package var protocols = 0
    package var decoratedProtocols = 0
    /// Decorated protocols rendered, not known unchanged from the cache.
    package var renderedProtocols = 0
    package var outputLines = 0
    /// Wall-clock time of each stage, in order.
    package var stages: [(stage: Stage, duration: Duration)] = []
    /// CPU time of the parallel stages, summed over threads; empty unless the generator
    /// `measuresCPUTime`.
    package var cpuTimes: [Stage: Duration] = [:]
  }
}

extension [Diagnostic] {
  var hasErrors: Bool { contains { $0.severity == .error } }

  /// By file, line and column, and otherwise in the order found: the same for every order of
  /// the sources and number of threads, and the order an editor lists them in.
  package var sortedByPlace: [Diagnostic] {
    enumerated().sorted { left, right in
      let (a, b) = (left.element, right.element)
      if a.file != b.file { return a.file < b.file }
      let aPlace = [a.location?.line ?? 0, a.location?.column ?? 0]
      let bPlace = [b.location?.line ?? 0, b.location?.column ?? 0]
      if aPlace != bPlace { return aPlace.lexicographicallyPrecedes(bPlace) }
      return left.offset < right.offset
    }.map(\.element)
  }
}
