import VeneerModel
import VeneerObjC
import VeneerParser
import VeneerRenderer
import VeneerTemplates

/// The Objective-C side of a run: the headers among the sources read through libclang, their
/// protocols selected as Swift's are (annotations, `selection`, `skip`), the event map applied,
/// and each protocol's decorators written into a header and implementation pair, with Veneer's
/// Objective-C runtime beside them.
///
/// Headers are parsed again on every run: the cache and its render keys are Swift's alone.
package struct ObjCGeneration {
  var files: [GeneratedSource] = []
  var diagnostics: [Diagnostic] = []
  /// Every protocol the headers declare, which Swift's event map and selection leave alone.
  var protocolNames: Set<String> = []
  var decoratedCount = 0

  /// The names of the Objective-C built-ins as annotations write them.
  static let templateKeys = Set(BuiltInObjCTemplates.all.map { $0.name.lowercased() })

  /// The annotation keys of headers: the built-in ones, and the Objective-C templates' names.
  package static let annotationKeys = annotationKeys(templates: BuiltInObjCTemplates.all)

  static func annotationKeys(templates: [ObjCTemplate]) -> AnnotationKeys {
    var keys = BuiltInDecorators.annotationKeys
    keys.names.formUnion(templates.map { $0.name.lowercased() })
    return keys
  }

  /// Whether a `templates` entry names half of an Objective-C template pair: `Audit.h.stencil`
  /// for its `@interface`, `Audit.m.stencil` for its `@implementation`.
  static func isTemplatePath(_ path: String) -> Bool {
    path.hasSuffix(".h.stencil") || path.hasSuffix(".m.stencil")
  }

  init(_ configuration: Configuration) {
    let headers = SourceFiles.matching(
      include: configuration.include, exclude: configuration.exclude,
      directory: configuration.directory,
      kind: .headers(folders: configuration.readsObjectiveCHeaders))
    diagnostics = headers.diagnostics
    guard !headers.files.isEmpty else { return }
    if let declared = configuration.declaredInputs {
      diagnostics += declared.problems(headers.files, kind: "header", namedAt: { _ in nil })
    }
    let templates = Self.templates(configuration, &diagnostics)
    let keys = Self.annotationKeys(templates: templates)
    let read = ObjCHeaders.read(
      files: headers.files, parser: ObjCHeaderParser(annotationKeys: keys))
    diagnostics += read.diagnostics
    var protocols = read.protocols
    protocolNames = Set(protocols.map(\.name))
    diagnostics += Self.duplicates(protocols)
    diagnostics += AnnotationMap.apply(configuration.annotationMap, to: &protocols, keys: keys)
    diagnostics += ObjCEventMap.apply(configuration.eventMap, to: &protocols)
    guard !diagnostics.hasErrors else { return }

    let catalog = Dictionary(
      protocols.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var bodies: [ObjCFileAssembly.Rendered] = []
    for proto in protocols {
      let selected = selectedTemplates(for: proto, from: templates, configuration)
      guard !selected.isEmpty else { continue }
      guard Self.isImportable(headerName: proto.location.file) else {
        diagnostics.append(
          Diagnostic(
            .error,
            "\(proto.name) is declared in a header whose file name an #import cannot spell "
              + "(it holds a quote, a backslash, a control character or '>'); rename the header",
            at: proto.location))
        continue
      }
      let plan: ObjCProtocolPlan
      switch ObjCProtocolPlan.make(for: proto, catalog: catalog, options: configuration.render) {
      case .success(let made): plan = made
      case .failure(let undecoratable):
        diagnostics.append(undecoratable.diagnostic)
        continue
      }
      diagnostics += plan.diagnostics
      var rendered: ([String], [String]) = ([], [])
      do {
        for template in selected {
          let halves = try template.render(plan)
          if let problem = ObjCRenderedCheck.problem(
            halves, of: template, plan: plan, hasDeprecatedMembers: plan.hasDeprecatedMembers,
            protocolHeader: read.inputs[proto.location.file] ?? [])
          {
            diagnostics.append(problem)
            if problem.severity == .error { continue }
          }
          rendered.0.append(halves.header)
          rendered.1.append(halves.implementation)
        }
      } catch {
        diagnostics.append(error.diagnostic)
        continue
      }
      bodies.append(
        ObjCFileAssembly.Rendered(
          proto: proto, hasDeprecatedMembers: plan.hasDeprecatedMembers, headers: rendered.0,
          implementations: rendered.1))
    }
    guard !diagnostics.hasErrors else { return }
    decoratedCount = bodies.count
    files = ObjCFileAssembly.files(of: bodies)
  }

  /// The Objective-C templates a run uses: every built-in, or those `templates` names, and
  /// users' pairs (`Templates/Audit.h.stencil` with `Audit.m.stencil` beside it), compiled and
  /// checked; other entries are Swift's.
  private static func templates(_ configuration: Configuration, _ diagnostics: inout [Diagnostic])
    -> [ObjCTemplate]
  {
    guard !configuration.templates.isEmpty else { return BuiltInObjCTemplates.all }
    var templates: [ObjCTemplate] = []
    /// Where each name came from: a pair's path without `.h.stencil`, or nil for a built-in.
    var origins: [String: String?] = [:]
    for entry in configuration.templates {
      func report(_ message: String) {
        diagnostics.append(
          entry.location.map { Diagnostic(.error, message, at: $0) }
            ?? Diagnostic(.error, message, file: entry.value))
      }
      guard isTemplatePath(entry.value) else {
        // A built-in listed twice is reported with Swift's templates.
        for builtIn in BuiltInObjCTemplates.all
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
      var halves: [CompiledTemplate] = []
      for suffix in [".h.stencil", ".m.stencil"] {
        guard let data = FileBytes.read(stem + suffix) else {
          report(
            "an Objective-C template is a pair, \(name).h.stencil and \(name).m.stencil; "
              + "\(stem + suffix) cannot be read")
          break
        }
        let source = TemplateSource(
          name: name, path: stem + suffix, text: String(decoding: data, as: UTF8.self),
          language: .objectiveC)
        switch CompiledTemplate.compile(source) {
        case .success(let compiled): halves.append(compiled)
        case .failure(let errors): diagnostics += errors.diagnostics
        }
      }
      guard halves.count == 2 else { continue }
      templates.append(ObjCTemplate(name: name, header: halves[0], implementation: halves[1]))
    }
    return templates
  }

  /// The templates `proto` gets, as for Swift: those its annotations name, or every one when
  /// the selection takes it whole, less those it skips. An annotation naming a template that has
  /// no Objective-C version is an error, not a silent nothing.
  private mutating func selectedTemplates(
    for proto: ObjCProtocol, from templates: [ObjCTemplate], _ configuration: Configuration
  ) -> [ObjCTemplate] {
    for annotation in proto.annotations
    where BuiltInDecorators.named(annotation.key) != nil
      && !Self.templateKeys.contains(annotation.key)
    {
      diagnostics.append(
        Diagnostic(
          .error,
          "'\(annotation.key)' has no Objective-C decorator; an Objective-C protocol takes "
            + Self.templateKeys.sorted().joined(separator: ", "), at: annotation.location))
    }
    let whole: Bool =
      switch configuration.selection {
      case .annotated: false
      case .all, .public: true
      case .protocols(let entries):
        entries.contains { Selection.entry($0.value, matches: proto.name) }
      }
    let names = Selection.selectedNames(
      annotations: proto.annotations, among: templates.map(\.name), decorateAll: whole,
      templatesListed: true)
    return templates.filter { names.contains($0.name.lowercased()) }
  }

  /// Objective-C protocols share one namespace: two of one name are one too many.
  private static func duplicates(_ protocols: [ObjCProtocol]) -> [Diagnostic] {
    var first: [String: ObjCProtocol] = [:]
    return protocols.compactMap { proto in
      guard let earlier = first[proto.name] else {
        first[proto.name] = proto
        return nil
      }
      return Diagnostic(
        .error,
        "@protocol \(proto.name) is declared twice, here and at \(earlier.location); Veneer "
          + "cannot tell which one a decorator is for", at: proto.location)
    }
  }

  /// Whether `#import "NAME"` spells the header's file name.
  private static func isImportable(headerName path: String) -> Bool {
    let name = path.split(separator: "/").last ?? ""
    return !name.isEmpty
      && !name.unicodeScalars.contains {
        $0 == "\"" || $0 == "\\" || $0 == ">" || $0.value < 0x20 || $0.value == 0x7F
      }
  }
}
