import VeneerModel
import VeneerParser

/// The Objective-C protocols of headers and folders of headers.
package enum ObjCHeaders {
  /// Each header under `paths` read, in order; none read when libclang is missing, and one
  /// error saying so.
  package static func read(_ paths: [String], parser: ObjCHeaderParser = ObjCHeaderParser())
    -> (protocols: [ObjCProtocol], diagnostics: [Diagnostic])
  {
    guard !paths.isEmpty else { return ([], []) }
    let discovery = SourceDiscovery.headerFiles(at: paths)
    var protocols: [ObjCProtocol] = []
    var diagnostics = discovery.diagnostics
    if let reason = ObjCHeaderParser.unavailableReason, let first = discovery.files.first {
      return (
        [],
        diagnostics + [Diagnostic(.error, ObjCHeaderParser.unavailableMessage(reason), file: first)]
      )
    }
    // A header named and also in a folder named is read once.
    var seen: Set<String> = []
    for file in discovery.files where seen.insert(file).inserted {
      do throws(FileBytes.Failure) {
        let contents = try FileBytes.readWithStamp(file, limit: FileBytes.sourceSizeLimit).bytes
        let parsed = parser.parse(file: file, contents: contents)
        protocols += parsed.protocols
        diagnostics += parsed.diagnostics
      } catch {
        diagnostics += ProtocolParser.unreadable(file, error).diagnostics
      }
    }
    return (protocols, diagnostics)
  }
}
