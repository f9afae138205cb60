import ArgumentParser
import Foundation
import VeneerGenerator
import VeneerModel
import VeneerObjC
import VeneerParser
import VeneerRenderer

struct Parse: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "parse",
    abstract: "Print the protocols Veneer finds in Swift sources and Objective-C headers.",
    discussion: """
      Folders are searched recursively for .swift files, skipping hidden folders (such as \
      .build) and files Veneer generated. Objective-C headers (.h) are read through libclang \
      when given with --objc, or named one by one. Errors and warnings go to standard error \
      as file:line:column; the exit code is 1 when there was an error.
      """)

  @Argument(help: "Swift files, Objective-C headers or folders to parse.")
  var paths: [String]

  @Flag(help: "Also read the Objective-C headers (.h) in the folders given.")
  var objc = false

  @Flag(help: "Print the model as JSON, with sorted keys.")
  var json = false

  @Flag(
    help:
      "Print, as JSON, what templates see of each protocol: the names of Templates/REFERENCE.md.")
  var templateModel = false

  @Option(
    name: .customLong("references-per-source"),
    help: ArgumentHelp(
      "For a build system that runs an action per source (Bazel's veneer_decorators): fill this "
        + "folder with a folder per source file, holding copies of the files its protocols are "
        + "made of.", valueName: "folder", visibility: .hidden))
  var referencesPerSource: String?

  @Option(
    name: .customLong("file-per-source"),
    help: ArgumentHelp(
      "With --references-per-source: the folder the sources' folder names are made from.",
      valueName: "root", visibility: .hidden))
  var sourceFileRoot: String?

  @Option(
    name: .customLong("reference"),
    help: ArgumentHelp(
      "With --references-per-source: a file read for what the sources inherit, never given a "
        + "folder of its own.", valueName: "file", visibility: .hidden))
  var references: [String] = []

  func run() throws {
    if let folder = referencesPerSource {
      guard let root = sourceFileRoot else {
        throw ValidationError("--references-per-source needs --file-per-source")
      }
      do {
        try ReferencesPerSource.write(
          sources: paths, references: references, root: root, into: folder)
      } catch {
        for diagnostic in error.diagnostics { printToStandardError(diagnostic.description) }
        throw ExitCode.failure
      }
      return
    }
    let headerPaths = paths.filter { $0.hasSuffix(".h") }
    let swiftPaths = paths.filter { !$0.hasSuffix(".h") }
    var catalog =
      swiftPaths.isEmpty && !headerPaths.isEmpty
      ? Catalog() : ProtocolParser.withBuiltIns.parseCatalog(paths: swiftPaths)
    // Folders only: a file that is neither Swift nor a header is already warned about.
    let headerFolders = swiftPaths.filter { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    let headerInputs = headerPaths + (objc ? headerFolders : [])
    // The keys name the Objective-C templates, compiled on first use: not for Swift alone.
    let headers =
      headerInputs.isEmpty
      ? (protocols: [], diagnostics: [])
      : ObjCHeaders.read(
        headerInputs, parser: ObjCHeaderParser(annotationKeys: ParsedHeaders.builtInKeys))
    catalog.diagnostics += headers.diagnostics
    for diagnostic in catalog.diagnostics {
      printToStandardError(diagnostic.description)
    }
    if templateModel {
      var protocols: [String: Any] = [:]
      for proto in catalog.protocols {
        switch ProtocolPlan.make(for: proto) {
        case .success(let plan): protocols[proto.qualifiedName] = TemplateSchema.snapshot(of: plan)
        case .failure(let unsupported): printToStandardError(unsupported.diagnostic.description)
        }
      }
      let data = try JSONSerialization.data(
        withJSONObject: protocols, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      print(String(decoding: data, as: UTF8.self).escapingInvisibleControlsForJSON)
    } else if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let output = ParseOutput(catalog: catalog, objectiveCProtocols: headers.protocols)
      print(
        String(decoding: try encoder.encode(output), as: UTF8.self).escapingInvisibleControlsForJSON
      )
    } else {
      printEscaped(
        ObjCSummary(protocols: headers.protocols).text
          + ParseSummary(catalog: catalog, objectiveCProtocols: headers.protocols.count).text,
        terminator: "")
    }
    if catalog.hasErrors { throw ExitCode.failure }
  }
}

/// `veneer parse --json`: the catalog's keys, and the Objective-C protocols when there are any.
struct ParseOutput: Encodable {
  var catalog: Catalog
  var objectiveCProtocols: [ObjCProtocol]

  private enum CodingKeys: String, CodingKey {
    case protocols, diagnostics, objectiveCProtocols
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(catalog.protocols, forKey: .protocols)
    try container.encode(catalog.diagnostics, forKey: .diagnostics)
    if !objectiveCProtocols.isEmpty {
      try container.encode(objectiveCProtocols, forKey: .objectiveCProtocols)
    }
  }
}

/// The readable form of a catalog: each protocol with its location, heading and requirements.
struct ParseSummary {
  var catalog: Catalog
  /// Objective-C protocols printed before it, counted in its last line.
  var objectiveCProtocols = 0

  var text: String {
    var lines: [String] = []
    for proto in catalog.protocols {
      var heading = "\(proto.location): \(proto.accessLevel) protocol \(proto.qualifiedName)"
      if !proto.primaryAssociatedTypes.isEmpty {
        heading += "<\(proto.primaryAssociatedTypes.joined(separator: ", "))>"
      }
      if !proto.inheritedTypes.isEmpty {
        heading += ": " + proto.inheritedTypes.map(\.text).joined(separator: ", ")
      }
      lines.append(heading)
      for condition in proto.conditions { lines.append("  #if \(condition)") }
      if !proto.annotations.isEmpty {
        lines.append("  veneer: " + proto.annotations.map(\.description).joined(separator: ", "))
      }
      for associatedType in proto.allAssociatedTypes {
        var line = "  associatedtype \(associatedType.name)"
        if !associatedType.inheritedTypes.isEmpty {
          line += ": " + associatedType.inheritedTypes.map(\.text).joined(separator: ", ")
        }
        if let defaultType = associatedType.defaultType { line += " = \(defaultType.text)" }
        if !associatedType.whereClause.isEmpty {
          line += " where " + associatedType.whereClause.joined(separator: ", ")
        }
        lines.append(line)
      }
      for requirement in proto.allRequirements {
        var line = "  " + requirement.declaration
        if requirement.declaredIn != proto.qualifiedName {
          line += "  (from \(requirement.declaredIn))"
        }
        if !requirement.conditions.isEmpty {
          line += "  [#if \(requirement.conditions.joined(separator: ", "))]"
        }
        if !requirement.annotations.isEmpty {
          line +=
            "  // veneer: " + requirement.annotations.map(\.description).joined(separator: ", ")
        }
        lines.append(line)
      }
      if !proto.externalProtocols.isEmpty {
        lines.append(
          "  inherits from protocols outside the sources: "
            + proto.externalProtocols.joined(separator: ", "))
      }
    }
    let errors = catalog.diagnostics.filter { $0.severity == .error }.count
    let warnings = catalog.diagnostics.filter { $0.severity == .warning }.count
    lines.append(
      "\(catalog.protocols.count + objectiveCProtocols) protocols, \(errors) errors, "
        + "\(warnings) warnings")
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Writes `line` to standard error, its control characters escaped.
func printToStandardError(_ line: String) {
  FileHandle.standardError.write(Data((line.escapedForTerminal + "\n").utf8))
}

/// Prints `text` to standard output with its control characters escaped but for line breaks and
/// tabs: names and file contents from outside never reach the terminal as escape sequences.
func printEscaped(_ text: String, terminator: String = "\n") {
  print(text.escapedForTerminal, terminator: terminator)
}

/// The readable form of Objective-C protocols: each with its place, adopted protocols and
/// members as the header declares them.
struct ObjCSummary {
  var protocols: [ObjCProtocol]

  var text: String {
    var lines: [String] = []
    for proto in protocols {
      var heading = "\(proto.location): @protocol \(proto.name)"
      if !proto.inheritedProtocols.isEmpty {
        heading += " <\(proto.inheritedProtocols.joined(separator: ", "))>"
      }
      lines.append(heading)
      if !proto.annotations.isEmpty {
        lines.append("  veneer: " + proto.annotations.map(\.description).joined(separator: ", "))
      }
      for property in proto.properties {
        let attributes =
          property.attributes.isEmpty
          ? "" : " (\(property.attributes.joined(separator: ", ")))"
        lines.append(
          "  \(property.isOptional ? "@optional " : "")@property\(attributes) "
            + "\(property.type.text) \(property.name)")
      }
      for method in proto.methods {
        var line = "  " + (method.isOptional ? "@optional " : "")
        line += (method.isClassMethod ? "+ " : "- ") + "(\(method.returnType.text))"
        if method.parameters.isEmpty {
          line += method.selector
        } else {
          line += method.parameters.map { "\($0.selectorPiece):(\($0.type.text))\($0.name)" }
            .joined(separator: " ")
        }
        if method.isVariadic { line += ", ..." }
        if !method.annotations.isEmpty {
          line += "  // veneer: " + method.annotations.map(\.description).joined(separator: ", ")
        }
        lines.append(line)
      }
    }
    return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }
}
