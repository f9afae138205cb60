import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerTemplates

/// An Objective-C template's two halves as read: `Audit.h.stencil` renders the `@interface`,
/// `Audit.m.stencil` beside it the `@implementation`.
struct ObjCTemplateSource: Sendable, Hashable {
  var name: String
  var header: TemplateSource
  var implementation: TemplateSource

  /// The built-ins, by name, each pair in its built-in's folder.
  static let builtIns: [ObjCTemplateSource] = Dictionary(
    grouping: BuiltInObjCTemplates.sources, by: \.name
  ).sorted { $0.key < $1.key }.compactMap { name, halves in
    guard let header = halves.first(where: { $0.path.hasSuffix(".h.stencil") }),
      let implementation = halves.first(where: { $0.path.hasSuffix(".m.stencil") })
    else { return nil }
    return ObjCTemplateSource(name: name, header: header, implementation: implementation)
  }

  /// Whether a `templates` entry names half of a pair.
  static func isTemplatePath(_ path: String) -> Bool {
    path.hasSuffix(".h.stencil") || path.hasSuffix(".m.stencil")
  }

  /// Both halves compiled, or nil and the errors of those that do not compile.
  func compiled() -> (template: ObjCTemplate?, errors: [Diagnostic]) {
    switch (CompiledTemplates.compile(header), CompiledTemplates.compile(implementation)) {
    case (.success(let header), .success(let implementation)):
      (ObjCTemplate(name: name, header: header, implementation: implementation), [])
    case (.failure(let errors), .success), (.success, .failure(let errors)):
      (nil, errors.diagnostics)
    case (.failure(let first), .failure(let second)):
      (nil, first.diagnostics + second.diagnostics)
    }
  }
}

extension TemplateSources {
  /// The Objective-C templates a run uses: every built-in, or those `templates` names, and
  /// users' pairs, each half read with its parts as a Swift template is; other entries are
  /// Swift's, checked by `named(by:)`.
  static func objectiveC(by configuration: Configuration, _ diagnostics: inout [Diagnostic])
    -> [ObjCTemplateSource]
  {
    guard !configuration.templates.isEmpty else { return ObjCTemplateSource.builtIns }
    var templates: [ObjCTemplateSource] = []
    /// Where each name came from: a pair's path without `.h.stencil`, or nil for a built-in.
    var origins: [String: String?] = [:]
    for entry in configuration.templates {
      func report(_ message: String) {
        diagnostics.append(
          entry.location.map { Diagnostic(.error, message, at: $0) }
            ?? Diagnostic(.error, message, file: entry.value))
      }
      guard ObjCTemplateSource.isTemplatePath(entry.value) else {
        // A built-in listed twice is reported with Swift's templates.
        for builtIn in ObjCTemplateSource.builtIns
        where builtIn.name.lowercased() == entry.value.lowercased()
          && origins.updateValue(nil, forKey: builtIn.name.lowercased()) == nil
        {
          templates.append(builtIn)
        }
        continue
      }
      let stem = String(entry.value.dropLast(".h.stencil".count))
      let name = String(stem.split(separator: "/").last ?? "")
      // Both halves of one pair may be listed.
      if let origin = origins[name.lowercased()] {
        if origin != stem {
          report(
            "two Objective-C templates are named '\(name)' ("
              + (origin.map { "'\($0).h.stencil'" } ?? "the built-in")
              + " and '\(stem).h.stencil'): their classes would have one name; "
              + "rename one pair")
        }
        continue
      }
      origins[name.lowercased()] = stem
      guard SwiftWords.isPlainIdentifier(name) else {
        report(
          "an Objective-C template's name must be an identifier, since its class names and "
            + "annotation key are made of it: rename '\(name)'")
        continue
      }
      if let declared = configuration.declaredInputs {
        let problems = declared.problems(
          [stem + ".h.stencil", stem + ".m.stencil"], kind: "template",
          namedAt: { _ in entry.location })
        guard problems.isEmpty else {
          diagnostics += problems
          continue
        }
      }
      var halves: [TemplateSource] = []
      for suffix in [".h.stencil", ".m.stencil"] {
        let data: [UInt8]
        do throws(FileBytes.Failure) {
          data = try FileBytes.readWithStamp(stem + suffix, limit: FileBytes.settingsSizeLimit)
            .bytes
        } catch .tooLarge(let limit) {
          report("\(stem + suffix) is larger than \(limit >> 20) MiB, the limit for a template")
          break
        } catch {
          report(
            "an Objective-C template is a pair, \(name).h.stencil and \(name).m.stencil; "
              + "\(stem + suffix) cannot be read")
          break
        }
        let text = String(decoding: data, as: UTF8.self)
        halves.append(
          TemplateSource(
            name: name, path: stem + suffix, text: text, language: .objectiveC,
            parts: parts(of: text, at: stem + suffix, configuration, &diagnostics)))
      }
      guard halves.count == 2 else { continue }
      templates.append(
        ObjCTemplateSource(name: name, header: halves[0], implementation: halves[1]))
    }
    return templates
  }
}
