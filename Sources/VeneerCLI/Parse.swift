import ArgumentParser
import Foundation
import VeneerModel
import VeneerParser
import VeneerRenderer

struct Parse: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the protocols Veneer finds in Swift sources.",
    discussion: """
      Folders are searched recursively for .swift files, skipping hidden folders (such as \
      .build) and files Veneer generated. Errors and warnings go to standard error as \
      file:line:column; the exit code is 1 when there was an error.
      """)

  @Argument(help: "Swift files or folders to parse.")
  var paths: [String]

  @Flag(help: "Print the model as JSON, with sorted keys.")
  var json = false

  @Flag(
    help:
      "Print, as JSON, what templates see of each protocol: the names of Templates/REFERENCE.md.")
  var templateModel = false

  func run() throws {
    let catalog = ProtocolParser().parseCatalog(paths: paths)
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
      print(String(decoding: data, as: UTF8.self))
    } else if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      print(String(decoding: try encoder.encode(catalog), as: UTF8.self))
    } else {
      print(ParseSummary(catalog: catalog).text, terminator: "")
    }
    if catalog.hasErrors { throw ExitCode.failure }
  }
}

/// The readable form of a catalog: each protocol with its location, heading and requirements.
struct ParseSummary {
  var catalog: Catalog

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
    lines.append("\(catalog.protocols.count) protocols, \(errors) errors, \(warnings) warnings")
    return lines.joined(separator: "\n") + "\n"
  }
}

func printToStandardError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
