import Testing
import VeneerGenerator
import VeneerModel
import VeneerParser
import VeneerRenderer

@Suite("Annotations: grammar, placement and checks")
struct AnnotationTests {
  /// Through the keys of a user's templates, whose arguments are theirs to read.
  @Test func everyValueForm() throws {
    var keys = BuiltInDecorators.annotationKeys
    keys.names.formUnion(["tune", "track"])
    let parsed = ProtocolParser(annotationKeys: keys).parse(
      source: """
        /// veneer: tune(ttl: 300, jitter: 0.5, enabled: true), redact(password, token)
        // veneer: track(event: "say \\"hi\\"", properties: [a, b], target: PostRepo.getPost), skip
        protocol P {}
        """, file: "Input.swift")
    #expect(parsed.diagnostics == [])
    let annotations = try #require(parsed.protocols.first?.annotations)
    #expect(annotations.map(\.key) == ["tune", "redact", "track", "skip"])
    #expect(annotations[0].value(for: "ttl") == .number(300))
    #expect(annotations[0].value(for: "jitter") == .number(0.5))
    #expect(annotations[0].value(for: "enabled") == .boolean(true))
    #expect(annotations[1].positionalValues == [.name("password"), .name("token")])
    #expect(annotations[2].value(for: "event") == .string("say \"hi\""))
    #expect(annotations[2].value(for: "properties") == .list([.name("a"), .name("b")]))
    #expect(annotations[2].value(for: "target") == .name("PostRepo.getPost"))
    #expect(annotations[2].location == SourceLocation(file: "Input.swift", line: 2, column: 12))
    #expect(annotations[3].arguments == [])
    #expect(
      annotations.map(\.description).joined(separator: ", ")
        == #"tune(ttl: 300, jitter: 0.5, enabled: true), redact(password, token), track(event: "say \"hi\"", properties: [a, b], target: PostRepo.getPost), skip"#
    )
  }

  @Test func annotationsAreNotDocumentation() throws {
    let parsed = parse("/// Loads posts.\n/// veneer: logging\n/// More docs.\nprotocol P {}\n")
    let proto = try #require(parsed.protocols.first)
    #expect(proto.documentation == "Loads posts.\nMore docs.")
    #expect(proto.annotations.map(\.key) == ["logging"])
  }

  @Test func aBlankLineDetachesAnAnnotation() {
    let parsed = parse("// veneer: logging\n\nprotocol P {}\n")
    #expect(parsed.protocols.first?.annotations == [])
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Input.swift:1:11: warning: veneer annotation is separated from the declaration below it by a blank line, so it applies to nothing"
      ])
  }

  @Test func unknownKeyIsAWarningWithASuggestion() {
    let parsed = parse("// veneer: loging, frobnicate\nprotocol P {}\n")
    #expect(parsed.protocols.first?.annotations.map(\.key) == ["loging", "frobnicate"])
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Input.swift:1:12: warning: unknown veneer annotation 'loging'; did you mean 'logging'?",
        "Input.swift:1:20: warning: unknown veneer annotation 'frobnicate' (known: "
          + BuiltInDecorators.annotationKeys.names.sorted().joined(separator: ", ") + ")",
      ])
  }

  @Test func customKeysCanBeAllowed() {
    var keys = BuiltInDecorators.annotationKeys
    keys.names.insert("audit")
    let parsed = ProtocolParser(annotationKeys: keys).parse(
      source: "// veneer: audit(times: 3)\nprotocol P {}", file: "F.swift")
    #expect(parsed.diagnostics == [])
  }

  @Test func redactMustNameAParameterOrItsLabel() {
    let parsed = parse(
      "protocol P {\n  // veneer: redact(pasword)\n  func login(user: String, password: String)\n}\n"
    )
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Input.swift:2:14: error: 'redact' names 'pasword', which is not a parameter here; did you mean 'password'?"
      ])
  }

  @Test func aNameTwoParametersAnswerToIsAWarningSayingWhatItDoes() {
    let parsed = parse(
      """
      protocol P {
        // veneer: public(to), reveal(to), redact(to)
        func move(to start: Int, to end: Int)
        // veneer: analytics(properties: [at])
        func mark(at first: Int, at second: Int, at: Int)
        // veneer: public(b)
        func swap(a b: Int, b c: Int)
      }
      """)
    #expect(
      parsed.diagnostics.map(\.description) == [
        "Input.swift:2:14: warning: 'public' names 'to', which 2 parameters answer to ('start', "
          + "'end'): both are shown; to mean one, name it: 'start' or 'end'",
        "Input.swift:2:26: warning: 'reveal' names 'to', which 2 parameters answer to ('start', "
          + "'end'): both are shown by value; to mean one, name it: 'start' or 'end'",
        "Input.swift:4:14: warning: 'analytics(properties:)' names 'at', which 3 parameters "
          + "answer to ('first', 'second', 'at'): only the first, 'first', is taken; only "
          + "'first', 'second' can be named alone",
        "Input.swift:6:14: warning: 'public' names 'b', which 2 parameters answer to ('b', 'c'): "
          + "both are shown; only 'c' can be named alone",
      ])
  }

  @Test(arguments: [
    (
      "caching(ttl: 300",
      "Input.swift:1:28: error: malformed veneer annotation: expected ',' or ')' in the arguments of 'caching'"
    ),
    (
      "logging analytics",
      "Input.swift:1:20: error: malformed veneer annotation: expected ',' between annotations"
    ),
    (
      #"analytics(event: "open)"#,
      "Input.swift:1:29: error: malformed veneer annotation: unterminated string"
    ),
    ("redact(a,)", "Input.swift:1:21: error: malformed veneer annotation: expected a value"),
    ("", "Input.swift:1:11: error: malformed veneer annotation: expected an annotation name"),
  ])
  func malformedAnnotationsAreLocatedErrors(text: String, expected: String) {
    let parsed = parse("// veneer: \(text)\nprotocol P {}\n")
    #expect(parsed.diagnostics.map(\.description) == [expected])
    #expect(parsed.protocols.first?.annotations == [])
  }

  /// What once passed in silence: a label given twice, an empty event name, a redaction or
  /// invalidation of nothing, a skip of a template that is none.
  @Test(arguments: [
    ("cache(ttl: 1, ttl: 2)", "error: 'cache(ttl:)' is given twice"),
    (#"analytics(event: "")"#, "error: 'analytics(event:)' must not be empty"),
    ("redact()", "error: 'redact' takes the names it applies to: redact(name, …)"),
    ("invalidates()", "error: 'invalidates' takes the names it applies to: invalidates(name, …)"),
    (
      "skip(loging)",
      "warning: 'skip' names 'loging', which is no template in use; did you mean 'logging'?"
    ),
  ])
  func annotationsOnceAcceptedInSilenceAreReported(text: String, expected: String) {
    let parsed = parse("protocol P {\n  // veneer: \(text)\n  func a(b: Int)\n}\n")
    #expect(
      parsed.diagnostics.map { $0.description.replacingOccurrences(of: "Input.swift:2:", with: "") }
        .contains { $0.hasSuffix(expected) }, "\(parsed.diagnostics)")
  }

  @Test func requirementAnnotationsInsideIfConfig() throws {
    let parsed = parse("protocol P {\n  #if DEBUG\n  // veneer: skip\n  func a()\n  #endif\n}\n")
    let requirement = try #require(parsed.protocols.first?.requirements.first)
    #expect(requirement.annotations.map(\.key) == ["skip"])
    #expect(requirement.conditions == ["DEBUG"])
  }
}

@Suite("Spelling suggestions")
struct SpellingTests {
  @Test func suggestsCloseNamesOnly() {
    #expect(Spelling.suggestion(for: "loging", among: ["logging", "caching"]) == "logging")
    #expect(Spelling.suggestion(for: "cahcing", among: ["logging", "caching"]) == "caching")
    #expect(Spelling.suggestion(for: "xyz", among: ["logging", "caching"]) == nil)
  }
}
