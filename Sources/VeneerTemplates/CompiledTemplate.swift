import Foundation
import VeneerModel

/// A template parsed, checked and compiled once into closures over the typed members of its
/// vocabulary, then rendered for any number of values of `plan`, on any thread.
///
/// It renders what Stencil renders for the same template, byte for byte (the tests hold
/// Stencil to that as an oracle): the same whitespace trimming, truthiness, comparisons,
/// filters and text for values. Where Stencil would reach into arbitrary values through
/// `Mirror`, the checker has already rejected the template.
package struct CompiledTemplate: Sendable {
  package let source: TemplateSource
  /// `source.imports`, read once rather than for every protocol; an entry that names no module
  /// is an error the generator reports before rendering.
  package let imports: [TemplateImport]
  /// The groups of the members it reads (`TemplateMember.group`): values of other groups need
  /// not be made for it.
  package let groupsRead: Set<Int>
  /// The settings it reads as `options.NAME`, each where it first reads it.
  package let optionsRead: [String: SourceLocation]
  private let program: Program
  /// The template's own block of `program`.
  private let root: Range<Int>
  private let slotCount: Int
  /// `options` as templates read it, made once rather than for every protocol.
  private let options: TemplateValue

  /// Compiles `source` against `vocabulary`, or gives every mistake in it, each at its line
  /// and column.
  package static func compile(_ source: TemplateSource, vocabulary: TemplateVocabulary)
    -> Result<CompiledTemplate, TemplateErrors>
  {
    let syntax: TemplateSyntax
    do {
      syntax = try TemplateSyntax(source.text, file: source.path, parts: source.parts)
    } catch {
      return .failure(TemplateErrors(diagnostics: [error.diagnostic]))
    }
    let mistakes = TemplateChecker.check(
      syntax, language: source.language, vocabulary: vocabulary)
    guard mistakes.isEmpty else { return .failure(TemplateErrors(diagnostics: mistakes)) }
    return .success(CompiledTemplate(source: source, syntax: syntax, vocabulary: vocabulary))
  }

  private init(source: TemplateSource, syntax: TemplateSyntax, vocabulary: TemplateVocabulary) {
    var compiler = Compiler(language: source.language, vocabulary: vocabulary)
    root = compiler.compileBlock(syntax.nodes)
    program = compiler.program
    slotCount = compiler.slotCount
    groupsRead = compiler.groupsRead.groups
    optionsRead = compiler.optionsRead.locations
    self.source = source
    imports = source.imports.compactMap(TemplateImport.init)
    options = .dictionary(source.options.mapValues(TemplateValue.text))
  }

  /// The template line that wrote the byte at `offset` of a render that noted `marks`, in the
  /// template or the part it includes or extends.
  package func templateLine(atRenderedOffset offset: Int, _ marks: RenderMarks)
    -> SourceLocation?
  {
    guard let mark = marks.marks.last(where: { $0.outputStart <= offset && $0.line.line > 0 })
    else { return nil }
    guard let text = mark.text else {
      return SourceLocation(file: mark.line.file, line: mark.line.line, column: 1)
    }
    let written = program.text[text].prefix(offset - mark.outputStart)
    return SourceLocation(
      file: mark.line.file, line: mark.line.line + written.count { $0 == UInt8(ascii: "\n") },
      column: 1)
  }

  /// The output as UTF-8, which layout reads: appending to bytes is several times quicker than
  /// appending to a `String`, which checks its capacity, uniqueness and encoding each time.
  package func renderBytes(
    _ plan: TemplateValue, decorator: String, protocolName: String, marks: RenderMarks? = nil
  ) throws(TemplateError) -> ByteBuffer {
    let scope = RenderScope(slotCount: slotCount)
    scope.protocolName = protocolName
    scope.slots[Compiler.planSlot] = plan
    scope.slots[Compiler.decoratorSlot] = .text(decorator)
    scope.slots[Compiler.optionsSlot] = options
    var output = ByteBuffer(capacity: 4096)
    try Self.render(root, program, scope, into: &output, marks: marks)
    return output
  }

  private static func render(
    _ block: Range<Int>, _ program: Program, _ scope: RenderScope,
    into output: inout ByteBuffer, marks: RenderMarks?
  ) throws(TemplateError) {
    for index in block {
      if let marks {
        switch program.instructions[index] {
        case .text(let range): marks.marks.append((output.count, program.lines[index], range))
        case .output, .memberText: marks.marks.append((output.count, program.lines[index], nil))
        case .forLoop, .conditional: break
        }
      }
      switch program.instructions[index] {
      case .text(let range):
        program.text.withUnsafeBufferPointer {
          output.append(UnsafeBufferPointer(rebasing: $0[range]))
        }
      case .output(let expression):
        let value = try expression.withNode { expression throws(TemplateError) in
          try expression.evaluate(scope)
        }
        output.append(utf8Of: value.text)
      case .memberText(let member):
        let text = member.withNode { member in member.text.read(scope.slot(member.slot)) }
        if let text { output.append(utf8Of: text) }
      case .forLoop(let loop):
        let (sequence, body, empty, slot) = try loop.withNode { loop throws(TemplateError) in
          (try loop.sequence(scope), loop.body, loop.empty, loop.slot)
        }
        guard case .list(let elements) = sequence, !elements.isEmpty else {
          try render(empty, program, scope, into: &output, marks: marks)
          continue
        }
        let loopLocation = program.lines[index]
        for (index, element) in elements.enumerated() {
          scope.iterationsLeft -= 1
          if scope.iterationsLeft < 0 || output.count > RenderScope.maximumOutput {
            throw TemplateError(
              diagnostic: Diagnostic(
                .error,
                "template error: rendering \(scope.protocolName), its loops ran more than "
                  + "\(RenderScope.maximumIterations) times or wrote more than "
                  + "\(RenderScope.maximumOutput >> 20) MiB",
                at: loopLocation))
          }
          scope.slots[slot] = element
          scope.slots[slot + 1] = .forLoop(index: index, length: elements.count)
          try render(body, program, scope, into: &output, marks: marks)
        }
      case .conditional(let conditionalIndex):
        let conditional = program.conditionals[conditionalIndex]
        var taken = conditional.otherwise
        for branchIndex in conditional.branches {
          let branch = program.branches[branchIndex]
          let isTaken = try branch.condition.withNode { condition throws(TemplateError) in
            try condition.isTrue(scope)
          }
          if isTaken {
            taken = branch.body
            break
          }
        }
        try render(taken, program, scope, into: &output, marks: marks)
      }
    }
  }
}

/// Where each instruction's output started in a render, and its template line; for a text,
/// its range in the program's text.
package final class RenderMarks {
  var marks: [(outputStart: Int, line: SourceLocation, text: Range<Int>?)] = []

  package init() {}
}
