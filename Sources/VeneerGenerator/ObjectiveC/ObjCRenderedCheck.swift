import VeneerModel
import VeneerObjC
import VeneerRenderer
import VeneerTemplates

/// The render stage's check of Objective-C output: each template's halves for a protocol, assembled
/// alone as they will be written, parsed by libclang before anything is written; code that does
/// not parse is an error at the template line that wrote it, as Swift's is.
enum ObjCRenderedCheck {
  /// The error for `template`'s `rendered` halves of `plan`, when they do not parse beside
  /// `protocolHeader` (the header that declares the protocol and what it includes, as read).
  static func problem(
    _ rendered: (header: String, implementation: String), of template: ObjCTemplate,
    plan: ObjCProtocolPlan, hasDeprecatedMembers: Bool,
    protocolHeader: [(path: String, bytes: [UInt8])]
  ) -> Diagnostic? {
    let files = FileAssembly.objectiveCFiles(of: [
      ObjCRendered(
        proto: plan.proto, hasDeprecatedMembers: hasDeprecatedMembers,
        headers: [rendered.header], implementations: [rendered.implementation])
    ])
    guard let implementation = files.first(where: { $0.name.hasSuffix("+Decorators.m") }),
      let runtimeHeader = files.first(where: { $0.name == "VNRRuntime.h" })
    else { return nil }
    let outcome = ObjCOutputCheck.check(
      implementation.name,
      generated: files.filter { $0.name.hasSuffix("+Decorators.h") || $0 == implementation }
        .map { ($0.name, $0.contents) },
      protocolHeader: protocolHeader,
      runtimeHeader: runtimeHeader.contents)
    let problem: ObjCOutputCheck.Problem
    switch outcome {
    case .parses: return nil
    case .problem(let found): problem = found
    case .unchecked(let reason):
      return Diagnostic(
        .warning,
        "the \(template.name) decorators of \(plan.proto.name) are written unchecked: "
          + reason, at: plan.proto.location)
    }
    let isHeader = problem.file.hasSuffix(".h")
    let half = isHeader ? template.header : template.implementation
    let piece = isHeader ? rendered.header : rendered.implementation
    let file = files.first { $0.name == problem.file }?.contents ?? ""
    let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
    let text = lines.indices.contains(problem.line - 1) ? lines[problem.line - 1] : ""
    let message =
      "template error: rendering \(plan.proto.name), the Objective-C it wrote does not parse: "
      + "\(problem.message) (it rendered: \(text.trimmingCharacters(in: .whitespaces).prefix(120)))"
    guard let start = file.range(of: piece),
      let location = templateLine(
        of: problem.line - file[..<start.lowerBound].count { $0 == "\n" }, in: piece, half, plan)
    else { return Diagnostic(.error, message, file: half.source.path) }
    return Diagnostic(.error, message, at: location)
  }

  /// The template line that wrote line `line` (1-based) of `piece`, a template's laid-out
  /// output: layout keeps the lines that are not blank, in order, so the same count of them
  /// finds the line in the output before layout.
  private static func templateLine(
    of line: Int, in piece: String, _ template: CompiledTemplate, _ plan: ObjCProtocolPlan
  ) -> SourceLocation? {
    let laidOut = piece.split(separator: "\n", omittingEmptySubsequences: false)
    guard line >= 1, line <= laidOut.count,
      let unformatted = try? template.renderUnformatted(plan)
    else { return nil }
    let isText = { (line: Substring) in line.contains { $0 != " " && $0 != "\t" } }
    let index = laidOut.prefix(line).count(where: isText)
    var offset = 0
    var seen = 0
    for written in unformatted.split(separator: "\n", omittingEmptySubsequences: false) {
      if isText(written) {
        seen += 1
        if seen == index { return template.templateLine(atRenderedOffset: offset, of: plan) }
      }
      offset += written.utf8.count + 1
    }
    return nil
  }
}
