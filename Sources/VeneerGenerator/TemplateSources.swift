import Foundation
import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerTemplates

/// The templates a configuration names, checked: each a built-in or a file, named as a Swift
/// identifier, listed once, with valid imports and with the options `veneer.yml` gives it.
enum TemplateSources {
  /// Built-in templates by name, or template files by path, each with its options.
  static func named(by configuration: Configuration, _ diagnostics: inout [Diagnostic])
    -> [TemplateSource]
  {
    let builtInNames = BuiltInTemplates.all.map { $0.name.lowercased() }
    let templates: [TemplateSource]
    if configuration.templates.isEmpty {
      templates = BuiltInTemplates.all
    } else {
      // Objective-C pairs are read by `objectiveC(by:)`.
      templates = configuration.templates.filter {
        !ObjCTemplateSource.isTemplatePath($0.value)
      }
      .compactMap { entry in
        let name = entry.value
        if let builtIn = BuiltInTemplates.all.first(where: {
          $0.name.lowercased() == name.lowercased()
        }) {
          return builtIn
        }
        if let problem = configuration.declaredInputs?.problems(
          [name], kind: "template", namedAt: { _ in entry.location }
        ).first {
          diagnostics.append(problem)
          return nil
        }
        let read = Result { () throws(FileBytes.Failure) in
          try FileBytes.readWithStamp(name, limit: FileBytes.settingsSizeLimit).bytes
        }
        if case .failure(.tooLarge(let limit)) = read {
          let message = "the template file is larger than \(limit >> 20) MiB"
          diagnostics.append(
            entry.location.map { Diagnostic(.error, message, at: $0) }
              ?? Diagnostic(.error, message, file: name))
          return nil
        }
        if case .success(let data) = read {
          let baseName = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
          guard SwiftWords.isPlainIdentifier(baseName) else {
            let message =
              "a template's file name must be a Swift identifier, since decorator type names "
              + "and its annotation key are made of it: rename "
              + "'\(baseName).stencil' (letters, digits and '_', not starting "
              + "with a digit)"
            diagnostics.append(
              entry.location.map { Diagnostic(.error, message, at: $0) }
                ?? Diagnostic(.error, message, file: name))
            return nil
          }
          let text = String(decoding: data, as: UTF8.self)
          return TemplateSource(
            name: baseName, path: name, text: text,
            parts: parts(of: text, at: name, configuration, &diagnostics))
        }
        let hint = Spelling.suggestion(for: name, among: builtInNames)
        let message =
          "no built-in template or template file named '\(name)'"
          + (hint.map { "; did you mean '\($0)'?" } ?? "")
        diagnostics.append(
          entry.location.map { Diagnostic(.error, message, at: $0) }
            ?? Diagnostic(.error, message, file: name))
        return nil
      }
    }
    // Two templates of one name would write two decorators of one type name.
    var seenNames: [String: TemplateSource] = [:]
    for template in templates {
      let key = template.name.lowercased()
      guard let earlier = seenNames[key] else {
        seenNames[key] = template
        continue
      }
      let isBuiltIn = BuiltInTemplates.all.contains(template)
      let describe = { (source: TemplateSource) in
        BuiltInTemplates.all.contains(source)
          ? "the built-in '\(source.name.lowercased())'" : "'\(source.path)'"
      }
      let message =
        earlier == template
        ? "template \(describe(template)) is listed twice"
        : "two templates are named '\(template.name)' (\(describe(earlier)) and "
          + "\(describe(template))): their decorators would have one type name; rename one file"
      let entry = configuration.templates.last {
        $0.value == template.path || $0.value.lowercased() == template.name.lowercased()
      }
      diagnostics.append(
        entry?.location.map { Diagnostic(.error, message, at: $0) }
          ?? Diagnostic(
            .error, message, file: isBuiltIn ? configuration.file ?? "veneer" : template.path))
    }
    for template in templates {
      var seenLabels: Set<String> = []
      for (label, kind) in template.declaredArguments ?? [] {
        if !SwiftWords.isPlainIdentifier(label) || AnnotationArgumentKind(rawValue: kind) == nil {
          diagnostics.append(
            Diagnostic(
              .error,
              "'{# arguments: #}' must list labels with their kinds ("
                + AnnotationArgumentKind.allCases.map(\.rawValue).joined(separator: ", ")
                + "), such as 'attempts: number', not '\(label): \(kind)'",
              file: template.path))
        } else if !seenLabels.insert(label).inserted {
          // Read once, the second would be dropped in silence, and its kind never checked.
          diagnostics.append(
            Diagnostic(
              .error, "'{# arguments: #}' declares '\(label)' twice; declare each label once",
              file: template.path))
        }
      }
      for module in template.imports where TemplateImport(module) == nil {
        diagnostics.append(
          Diagnostic(
            .error,
            "'{# imports: #}' must list module names such as 'Foundation' (or "
              + "'@_spi(Internal) MyKit', or one declaration, 'struct Logging.Logger'), not "
              + "'\(module)'",
            file: template.path))
      }
    }
    var optionsByTemplate: [String: [String: String]] = [:]
    for (name, options) in configuration.templateOptions.sorted(by: { $0.key < $1.key }) {
      let templateNames = templates.map(\.name)
      guard templateNames.contains(where: { $0.lowercased() == name.lowercased() }) else {
        let hint = Spelling.suggestion(for: name, among: templateNames)
        let message =
          "'options' has settings for '\(name)', which is not among the templates in use ("
          + templateNames.joined(separator: ", ") + ")"
          + (hint.map { "; did you mean '\($0)'?" } ?? "")
        diagnostics.append(
          options.location.map { Diagnostic(.error, message, at: $0) }
            ?? Diagnostic(.error, message, file: configuration.file ?? name))
        continue
      }
      optionsByTemplate[name.lowercased()] = options.value
    }
    return templates.map { template in
      var template = template
      template.options = optionsByTemplate[template.name.lowercased()] ?? [:]
      return template
    }
  }

  /// A template file's parts: what its `include` and `extends` tags name, and theirs in turn,
  /// each read from the template's folder as Stencil's loader would, through a symbolic link
  /// only when the user or root owns it, or else Veneer's own part of that name. One that would
  /// leave the folder, or is found nowhere, is left for compiling to report at its tag.
  static func parts(
    of text: String, at templatePath: String, _ configuration: Configuration,
    _ diagnostics: inout [Diagnostic]
  ) -> [String: TemplatePart] {
    let folder = (templatePath as NSString).deletingLastPathComponent
    var parts: [String: TemplatePart] = [:]
    var pending = TemplateSource.partNames(in: text)
    var refused: Set<String> = []
    while let name = pending.popLast() {
      guard parts[name] == nil, !refused.contains(name) else { continue }
      // One that would leave the folder is not read: compiling the template says why at its tag.
      guard TemplatePart.isPlainPath(name) else {
        refused.insert(name)
        continue
      }
      guard parts.count < maximumParts else {
        diagnostics.append(
          Diagnostic(
            .error, "a template may have at most \(maximumParts) parts; '\(name)' is one more",
            file: templatePath))
        break
      }
      let path = folder.isEmpty ? name : "\(folder)/\(name)"
      let part: TemplatePart
      switch Result(catching: { () throws(FileBytes.Failure) in
        try FileBytes.readInside(folder, relativePath: name, limit: FileBytes.settingsSizeLimit)
      }) {
      case .success(let contents?):
        // Read all the same: the error stops the run, and the template's tag is not blamed too.
        diagnostics +=
          configuration.declaredInputs?.problems(
            [path], kind: "template part", namedAt: { _ in nil }) ?? []
        part = TemplatePart(
          name: name, path: path, text: String(decoding: contents.bytes, as: UTF8.self))
      case .success(nil):
        // Nothing there (known by the same walk that would have read it): Veneer's own part.
        guard let builtIn = BuiltInTemplates.partsByName[name] else {
          refused.insert(name)
          // A build system's sandbox hides what it was not told of; compiling says where.
          if configuration.declaredInputs != nil {
            diagnostics.append(
              Diagnostic(
                .note,
                "the part '\(path)' is not there to read: a build reads only its declared inputs "
                  + "(Bazel: the rule's template_parts; the build plugin: a .stencil file in the "
                  + "package)", file: templatePath))
          }
          continue
        }
        part = builtIn
      case .failure(.tooLarge(let limit)):
        diagnostics.append(
          Diagnostic(.error, "the template part is larger than \(limit >> 20) MiB", file: path))
        refused.insert(name)
        continue
      case .failure(let failure):
        // Something is there and could not be read: said, never replaced by Veneer's part.
        diagnostics.append(
          Diagnostic(
            .error,
            "the template part '\(path)': \(failure) (parts are read from the template's folder, "
              + "through a symbolic link only when you or root own it)", file: templatePath))
        refused.insert(name)
        continue
      }
      parts[name] = part
      pending += TemplateSource.partNames(in: part.text)
    }
    // Veneer's own parts are known too, for the closest name to a misspelt one.
    return parts.merging(BuiltInTemplates.partsByName) { found, _ in found }
  }

  /// Far more than composition needs, few enough that a template naming thousands of parts
  /// cannot make a run read them all.
  static let maximumParts = 64
}
