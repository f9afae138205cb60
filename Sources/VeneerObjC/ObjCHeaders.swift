import VeneerModel
import VeneerParser

/// The Objective-C protocols of headers and folders of headers.
package enum ObjCHeaders {
  /// Each header under `paths` read, in order; when libclang is missing, none, and one error
  /// saying so if a header declares a protocol.
  package static func read(_ paths: [String], parser: ObjCHeaderParser = ObjCHeaderParser())
    -> (protocols: [ObjCProtocol], diagnostics: [Diagnostic])
  {
    guard !paths.isEmpty else { return ([], []) }
    let discovery = SourceDiscovery.headerFiles(at: paths)
    let read = read(files: discovery.files, parser: parser)
    return (read.protocols, discovery.diagnostics + read.diagnostics)
  }

  /// The headers `files` read, as `read(_:parser:)` reads what it finds, with what was handed
  /// to clang for each that declares a protocol (it, then what it includes, as read): what its
  /// decorators are checked beside; and every file read, with its bytes as read, for a cache to
  /// know them by.
  package static func read(files: [String], parser: ObjCHeaderParser = ObjCHeaderParser())
    -> (
      protocols: [ObjCProtocol], diagnostics: [Diagnostic],
      inputs: [String: [(path: String, bytes: [UInt8])]], read: [(path: String, bytes: [UInt8])]
    )
  {
    var protocols: [ObjCProtocol] = []
    var diagnostics: [Diagnostic] = []
    // A header named and also in a folder named is read once; one that never says `@protocol`
    // (a C target's header beside Swift sources) is not handed to libclang, which need not be
    // installed for it.
    var seen: Set<String> = []
    var declaring: [(file: String, contents: [UInt8])] = []
    var read: [(path: String, bytes: [UInt8])] = []
    for file in files where seen.insert(file).inserted {
      do throws(FileBytes.Failure) {
        let contents = try FileBytes.readWithStamp(file, limit: FileBytes.sourceSizeLimit).bytes
        read.append((file, contents))
        if DeclarationScanner.contains("@protocol", in: contents) {
          declaring.append((file, contents))
        }
      } catch {
        diagnostics += ProtocolParser.unreadable(file, error).diagnostics
      }
    }
    if let reason = ObjCHeaderParser.unavailableReason, let first = declaring.first {
      return (
        [],
        diagnostics + [
          Diagnostic(.error, ObjCHeaderParser.unavailableMessage(reason), file: first.file)
        ],
        [:], read
      )
    }
    var inputs: [String: [(path: String, bytes: [UInt8])]] = [:]
    for (file, contents) in declaring {
      let parsed = parser.parse(file: file, contents: contents)
      protocols += parsed.protocols
      diagnostics += parsed.diagnostics
      inputs[file] = parsed.inputs
    }
    return (protocols, diagnostics, inputs, read)
  }
}
