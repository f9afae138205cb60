import Foundation
import VeneerModel
import VeneerParser

/// What a build system that runs one action per source file (Bazel) needs to run as few as it
/// can: for each source, the other files its protocols are made of — those declaring what they
/// inherit, the aliases they inherit through and the result-like enums they name — copied into
/// a folder of its own. The action that generates the source's decorators reads its source and
/// that folder, so that a build system comparing inputs by content re-runs it only when one of
/// them changes. A name no file declares is inherited from elsewhere: when a file starts
/// declaring it, that file is copied too, and the action runs again.
package enum ReferencesPerSource {
  /// Fills `folder` with a folder for each of `sources`, named as its decorators' file is
  /// (`Services.Shows` for `<root>/Services/Shows.swift`), holding copies of the sources and `references` its protocols are made of,
  /// each at its path as given. Throws, having written nothing, when a path would leave the
  /// folder or two sources would share one.
  package static func write(
    sources: [String], references: [String], root: String, into folder: String
  ) throws(OutputError) {
    let sourceSet = Set(sources)
    let inputs = sources + references.filter { !sourceSet.contains($0) }
    let parsed = ProtocolParser.withBuiltIns.parseFiles(inputs)
    let (catalog, ancestorFiles) = ProtocolParser.catalogWithAncestorFiles(parsed)
    var needed: [String: Set<String>] = [:]
    for (proto, files) in zip(catalog.protocols, ancestorFiles) {
      needed[proto.location.file, default: []].formUnion(files)
    }
    var copies: [(source: String, destination: String)] = []
    var folders: [String: String] = [:]
    for source in sources {
      let name = FileAssembly.perSourceName(
        forSourceAt: FileAssembly.path(of: source, under: root).stem)
      try checkedName(name, of: source)
      if let other = folders.updateValue(source, forKey: name) {
        throw OutputError([
          Diagnostic(
            .error, "\(other) and this source would share the references folder '\(name)'",
            file: source)
        ])
      }
      for file in (needed[source] ?? []).subtracting([source]).sorted() {
        copies.append((file, try destination(of: file, in: folder + "/" + name)))
      }
    }
    for name in folders.keys.sorted() {
      try makeFolder(folder + "/" + name)
    }
    for (source, destination) in copies {
      guard
        let bytes = try? FileBytes.readWithStamp(source, limit: FileBytes.sourceSizeLimit).bytes
      else {
        throw OutputError([Diagnostic(.error, "cannot read this reference", file: source)])
      }
      try makeFolder((destination as NSString).deletingLastPathComponent)
      guard FileManager.default.createFile(atPath: destination, contents: Data(bytes)) else {
        throw OutputError([Diagnostic(.error, "cannot write a copy of it", file: destination)])
      }
    }
  }

  /// Where `file` is copied in `folder`: at its path as given, which must stay inside.
  private static func destination(of file: String, in folder: String) throws(OutputError)
    -> String
  {
    let components = file.split(separator: "/", omittingEmptySubsequences: true)
    guard !components.isEmpty, !components.contains(where: { $0 == ".." || $0 == "." }) else {
      throw OutputError([
        Diagnostic(
          .error, "a reference's path must not hold '.' or '..' to be copied beside a source",
          file: file)
      ])
    }
    return folder + "/" + components.joined(separator: "/")
  }

  private static func checkedName(_ name: String, of source: String) throws(OutputError) {
    guard !name.isEmpty, name != ".", name != "..", !name.hasPrefix(".") else {
      throw OutputError([
        Diagnostic(.error, "this source's path gives no folder name under the root", file: source)
      ])
    }
  }

  private static func makeFolder(_ path: String) throws(OutputError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw OutputError([Diagnostic(.error, "cannot create this folder", file: path)])
    }
  }
}
