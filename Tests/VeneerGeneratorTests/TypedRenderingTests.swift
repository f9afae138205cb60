import Foundation
import Testing
import VeneerGenerator

/// Text from a source, an annotation or `veneer.yml` reaches generated code only as what it is,
/// and what a template renders is parsed before anything is written.
@Suite("Typed rendering: no input text runs as code")
struct TypedRenderingTests {
  /// A raw-identifier argument label that reads as code without its backticks keeps them where
  /// the decorator forwards the call; the decorators compile beside the plain overload.
  @Test func aRawIdentifierLabelStaysOneLabel() throws {
    let project = try Project([
      "Sources/B.swift": """
      // veneer: logging, caching, analytics, intercepting
      public protocol B {
        func b(x value: Int)
        func b(`x: value); print("INJECTED"); _ = (value, y` value: Int)
      }
      """,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    let file = project.file("B+Decorators.swift")
    #expect(file.contains(#"base.b(`x: value); print("INJECTED"); _ = (value, y`: value)"#))
    #expect(!file.contains(#"base.b(x: value); print("INJECTED")"#))
    let checked = try project.typeCheckGenerated()
    #expect(checked.status == 0, "\(checked.errors)")
  }

  /// Annotation arguments reach a template as Swift of their kind: a string a string literal,
  /// a number a number, a flag a flag, a name a reference, a list an array.
  @Test func annotationValuesRenderAsLiteralsOfTheirKind() throws {
    let project = try Project([
      "Sources/P.swift": #"""
      // veneer: audit
      public protocol P {
        // veneer: audit(note: "x\"); print(1); (\"", times: 3, flag: true, target: P.a, tags: [a, "b"])
        func a()
      }
      """#,
      "Audit.stencil": """
      {# Writes its annotation's arguments, to see how they render. #}
      {% for r in plan.requirements %}
      // note={{ r.annotations.audit.note }} times={{ r.annotations.audit.times }} flag={{ r.annotations.audit.flag }} target={{ r.annotations.audit.target }} tags={{ r.annotations.audit.tags }}
      {% endfor %}
      """,
      "veneer.yml": "sources: Sources\noutput: Out\ntemplates: [Audit.stencil]\n",
    ])
    let (generation, diagnostics) = project.generate()
    #expect(!generation.hasErrors, "\(diagnostics)")
    let file = try #require(generation.files.first).contents
    #expect(
      file.contains(
        #"// note="x\"); print(1); (\"" times=3 flag=true target=P.a tags=[a, "b"]"#), "\(file)")
  }

  /// Options from `veneer.yml` likewise: a plain number a number, quoted text a string literal.
  @Test func templateOptionsRenderAsLiteralsOfTheirKind() throws {
    let project = try Project([
      "Sources/P.swift": "// veneer: audit\npublic protocol P {\n  func a()\n}\n",
      "Audit.stencil": """
      {# Writes its options. #}
      // seconds={{ options.seconds }} label={{ options.label }} quoted={{ options.quoted }} on={{ options.on }}
      """,
      "veneer.yml": """
      sources: Sources
      output: Out
      templates: [Audit.stencil]
      options:
        Audit: {seconds: 2.5, label: 'x"); print(1); ("', quoted: "3", on: true}
      """,
    ])
    let (generation, diagnostics) = project.generate()
    #expect(!generation.hasErrors, "\(diagnostics)")
    let file = try #require(generation.files.first).contents
    #expect(
      file.contains(#"// seconds=2.5 label="x\"); print(1); (\"" quoted="3" on=true"#), "\(file)")
  }

  /// A template declares what its annotation takes, and annotations are checked against it as
  /// built-ins' are: the string that once ran as a closure is an error at its line.
  @Test func aTemplatesDeclaredArgumentsAreCheckedAtTheAnnotation() throws {
    for (annotation, expected) in [
      (
        #"repeat(attempts: "3, { print(\"INJECTED\"); return true }()")"#,
        #"Sources/P.swift:3:14: error: 'repeat(attempts:)' must be a number, not "3, { print(\"INJECTED\"); return true }()""#
      ),
      (
        "repeat(atempts: 3)",
        "Sources/P.swift:3:14: error: 'repeat' has no argument 'atempts'; did you mean 'attempts'?"
      ),
    ] {
      let project = try Project([
        "Sources/P.swift":
          "// veneer: repeat\npublic protocol P {\n  // veneer: \(annotation)\n"
          + "  func a() async throws -> Int\n}\n",
        "Repeat.stencil":
          "{# Calls again. #}\n{# arguments: attempts: number #}\n"
          + "{% for r in plan.requirements %}// {{ r.annotations.repeat.attempts }}\n{% endfor %}",
        "veneer.yml": "sources: Sources\noutput: Out\ntemplates: [Repeat.stencil]\n",
      ])
      let (generation, diagnostics) = project.generate()
      #expect(generation.hasErrors)
      #expect(diagnostics.contains(expected), "\(diagnostics)")
      #expect(generation.files.isEmpty)
    }
  }

  @Test func aMalformedArgumentsDeclarationIsAnError() throws {
    let project = try Project([
      "Sources/P.swift": "// veneer: audit\npublic protocol P {\n  func a()\n}\n",
      "Audit.stencil": "{# Nothing. #}\n{# arguments: count: integer #}\n",
      "veneer.yml": "sources: Sources\noutput: Out\ntemplates: [Audit.stencil]\n",
    ])
    let (generation, diagnostics) = project.generate()
    #expect(generation.hasErrors)
    #expect(
      diagnostics.contains {
        $0.hasPrefix("Audit.stencil: error: '{# arguments: #}' must list labels with their kinds")
      }, "\(diagnostics)")
  }

  /// A label declared twice would be read once, the second's kind never checked: an error.
  @Test func anArgumentDeclaredTwiceIsAnError() throws {
    let project = try Project([
      "Sources/P.swift": "// veneer: audit\npublic protocol P {\n  func a()\n}\n",
      "Audit.stencil": "{# Nothing. #}\n{# arguments: count: number, count: string #}\n",
      "veneer.yml": "sources: Sources\noutput: Out\ntemplates: [Audit.stencil]\n",
    ])
    let (generation, diagnostics) = project.generate()
    #expect(generation.files.isEmpty)
    #expect(
      diagnostics.contains(
        "Audit.stencil: error: '{# arguments: #}' declares 'count' twice; declare each label once"),
      "\(diagnostics)")
  }

  /// What a template renders is parsed before anything is written: code that does not parse,
  /// and declarations beyond the decorator and its protocol's extensions, are errors at the
  /// template line that wrote them.
  @Test(arguments: [
    (
      """
      {# A brace left open. #}
      {{ plan.typeDeclarationPrefix }} {{ decorator }}<{{ plan.baseType }}: {{ plan.protocolName }}>: {{ plan.protocolName }} {
      var base: {{ plan.baseType }}
      {% for r in plan.requirements %}
      {{ r.declaration }} {
      {{ r.forwardCall }}
      {% endfor %}
      }
      """,
      "Bad.stencil:8:1: error: template error: rendering P, the code it rendered does not parse: "
        + "expected '}' to end struct (it rendered: })"
    ),
    (
      """
      {# A function beside the decorator, which would run whatever it holds. #}
      {{ plan.typeDeclarationPrefix }} {{ decorator }}<{{ plan.baseType }}: {{ plan.protocolName }}>: {{ plan.protocolName }} {
      var base: {{ plan.baseType }}
      {% for r in plan.requirements %}
      {{ r.forwardingImplementation }}
      {% endfor %}
      }
      let hook = { print("INJECTED") }()
      """,
      "Bad.stencil:8:1: error: template error: rendering P, it declares something other than a "
        + "type or an extension at the top level, but only BadP and extensions of P are planned "
        + #"(it rendered: let hook = { print("INJECTED") }())"#
    ),
    (
      """
      {# Another type. #}
      struct Other {}
      """,
      "Bad.stencil:2:1: error: template error: rendering P, it declares Other, but only BadP and "
        + "extensions of P are planned (it rendered: struct Other {})"
    ),
  ])
  func renderedCodeIsParsedBeforeAnythingIsWritten(template: String, expected: String) throws {
    let project = try Project([
      "Sources/P.swift": "// veneer: bad\npublic protocol P {\n  func a() -> Int\n}\n",
      "Bad.stencil": template,
      "veneer.yml": "sources: Sources\noutput: Out\ntemplates: [Bad.stencil]\n",
    ])
    let (generation, diagnostics) = project.generate()
    #expect(generation.hasErrors)
    #expect(diagnostics == [expected])
    #expect(generation.files.isEmpty)
  }

  /// A template's blocks are nested at most 64 deep, and a render runs its loops at most a
  /// million times and writes at most 16 MiB: 60,000 nested ifs overflowed the stack (30,000 fit in a template's 1 MiB), and five
  /// nested loops over a hundred requirements allocated gigabytes.
  @Test(.timeLimit(.minutes(1))) func templatesHaveBoundsEachALocatedError() throws {
    let requirements = (0..<100).map { "  func a\($0)()" }.joined(separator: "\n")
    let nested =
      String(repeating: "{% if true %}", count: 30_000)
      + String(repeating: "{% endif %}", count: 30_000)
    let loops =
      "{# Loops. #}\n"
      + (0..<5).map { "{% for r\($0) in plan.requirements %}" }.joined()
      + "x" + String(repeating: "{% endfor %}", count: 5) + "\n"
    for (template, expected) in [
      (nested, "Bad.stencil:1:833: error: template error: blocks are nested more than 64 deep"),
      (
        loops,
        "Bad.stencil:2:1: error: template error: rendering P, its loops ran more than 1000000 "
          + "times or wrote more than 16 MiB"
      ),
    ] {
      let project = try Project([
        "Sources/P.swift": "// veneer: bad\npublic protocol P {\n\(requirements)\n}\n",
        "Bad.stencil": template,
        "veneer.yml": "sources: Sources\noutput: Out\ntemplates: [Bad.stencil]\n",
      ])
      let (generation, diagnostics) = project.generate()
      #expect(generation.hasErrors)
      #expect(diagnostics.contains(expected), "\(diagnostics.prefix(3))")
      #expect(generation.files.isEmpty)
    }
  }
}

/// Integer generic parameters (SE-0452) keep their `let`: a decorator that wrote `<N: Int>`
/// declared a type parameter constrained to a struct, which does not compile.
@Suite("Integer generics")
struct IntegerGenericsTests {
  @Test func aValueGenericParameterIsWrittenAsAValue() throws {
    let project = try Project([
      "Sources/Buffers.swift": """
      // veneer: logging, analytics, intercepting, tracing, metrics
      public protocol Buffers {
        func sum<let N: Int>(of values: InlineArray<N, Int>) -> Int
      }

      """,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    #expect(project.generate().diagnostics.allSatisfy { !$0.contains("error") })
    let output = project.file("Buffers+Decorators.swift")
    #expect(output.contains("func sum<let N: Int>(of values: InlineArray<N, Int>) -> Int"))
    #expect(!output.contains("<N: Int>"))
    let checked = try project.typeCheckGenerated()
    #expect(checked.status == 0, "\(checked.errors)")
  }
}
