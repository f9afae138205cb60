import VeneerModel
import VeneerParser

/// What a generated file holds, to say where its name came from when it cannot be written.
package enum OutputOrigin: Sendable, Hashable {
  /// The decorators of one Swift protocol, or of its `#if` branches.
  case protocolDecorators(name: String, at: SourceLocation)
  /// The decorators of one Objective-C protocol, a header or an implementation.
  case objectiveCDecorators(name: String, at: SourceLocation)
  /// The decorators of the protocols in one source file (`--file-per-source`).
  case sourceDecorators(relativePath: String, source: String)
  /// Veneer's Objective-C runtime, beside the decorators that call it.
  case objectiveCRuntime
  /// A file the cache found as the last run wrote it, not made again.
  case keptFromLastRun

  var subject: String {
    switch self {
    case .protocolDecorators(let name, _), .objectiveCDecorators(let name, _):
      "the decorators of \(name)"
    case .sourceDecorators(let relativePath, _): "the decorators of \(relativePath)"
    case .objectiveCRuntime: "Veneer's Objective-C runtime"
    case .keptFromLastRun: "decorators the last run wrote"
    }
  }

  /// Where a diagnostic about the file is put: the protocol or source that made it.
  var place: String? {
    switch self {
    case .protocolDecorators(_, let location), .objectiveCDecorators(_, let location):
      location.description
    case .sourceDecorators(_, let source): source
    case .objectiveCRuntime, .keptFromLastRun: nil
    }
  }

  /// How the user changes the name.
  var remedy: String {
    switch self {
    case .protocolDecorators:
      "rename the protocol, change 'file' under 'naming' in veneer.yml, leave one protocol out "
        + "('exclude' under 'sources', or '// veneer: skip' on it), or generate each module's "
        + "decorators into an output folder of its own"
    case .objectiveCDecorators:
      "rename the protocol, or leave one out ('exclude' under 'sources', or '// veneer: skip' "
        + "on it)"
    case .sourceDecorators:
      "the file is named after the source's path below the sources' folder, '/' made '.': "
        + "rename or move the source, or generate a file per protocol"
    case .objectiveCRuntime:
      "rename the protocol"
    case .keptFromLastRun:
      "run once with --no-cache, which makes every file anew"
    }
  }

  func error(_ message: String) -> Diagnostic {
    switch self {
    case .protocolDecorators(_, let location), .objectiveCDecorators(_, let location):
      Diagnostic(.error, message, at: location)
    case .sourceDecorators(_, let source): Diagnostic(.error, message, file: source)
    case .objectiveCRuntime, .keptFromLastRun: Diagnostic(.error, message, file: "veneer")
    }
  }
}

/// The last stage before writing: every name a run would write, Swift and Objective-C, made
/// per protocol or per source, made now or kept from the last run, checked together. A name
/// that is not one plain file, or that two files share (also only in case, or only in Unicode
/// normalization: one file on macOS's file systems), is an error at what made it.
enum OutputNames {
  static func problems(of files: [GeneratedSource], keeping kept: [String]) -> [Diagnostic] {
    let claims =
      files.map { (name: $0.name, origin: $0.origin) }
      + kept.map { (name: $0, origin: OutputOrigin.keptFromLastRun) }
    var diagnostics: [Diagnostic] = []
    for claim in claims {
      guard let problem = OutputFileName.problem(with: claim.name) else { continue }
      diagnostics.append(
        claim.origin.error(
          "Veneer cannot write \(claim.origin.subject): \(problem); \(claim.origin.remedy)"))
    }
    // By the name's letters folded to one case; `String` compares canonically equivalent
    // spellings as equal, as Apple's file systems do.
    let byFoldedName = Dictionary(grouping: claims) { $0.name.lowercased() }
    // An Objective-C protocol's header and implementation clash together: told once.
    var told: Set<[OutputOrigin]> = []
    for (_, group) in byFoldedName.sorted(by: { $0.key < $1.key }) where group.count > 1 {
      // Each error is at a file made now, naming the first: one kept from the last run, or else
      // the first by place.
      let ordered = group.sorted { left, right in
        (left.origin == .keptFromLastRun ? 0 : 1, left.origin.place ?? "", left.name)
          < (right.origin == .keptFromLastRun ? 0 : 1, right.origin.place ?? "", right.name)
      }
      let first = ordered[0]
      let firstPlace = first.origin.place.map { " (at \($0))" } ?? ""
      for later in ordered.dropFirst() where told.insert([later.origin, first.origin]).inserted {
        let sameSpelling = first.name.utf8.elementsEqual(later.name.utf8)
        diagnostics.append(
          later.origin.error(
            "\(later.origin.subject) (here) and \(first.origin.subject)\(firstPlace) would "
              + (sameSpelling
                ? "both be written to \(later.name)"
                : "be written to \(later.name) and \(first.name), whose names differ only in "
                  + "case or Unicode normalization: one file on a file system such as macOS's")
              + "; \(later.origin.remedy)"))
      }
    }
    return diagnostics
  }
}
