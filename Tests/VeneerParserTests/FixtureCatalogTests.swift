import Testing
import VeneerGenerator
import VeneerModel
import VeneerParser
import VeneerRenderer

@Suite("The model of the fixture catalog")
struct FixtureCatalogTests {
  let catalog = fixtureCatalog

  @Test func catalogParsesWithoutDiagnostics() {
    #expect(catalog.diagnostics == [])
    #expect(catalog.protocols.count == 71)
  }

  @Test func showServiceIsAsyncSendableAndAnnotated() throws {
    let proto = try catalog.proto("ShowService")
    #expect(proto.accessLevel == .public)
    #expect(proto.documentation == "The catalogue of shows a user can watch.")
    #expect(proto.annotations.map(\.key) == ["logging", "caching"])
    #expect(proto.isSendable)
    #expect(!proto.isClassBound)
    #expect(proto.location.file.hasSuffix("Tests/FixtureCatalog/Shows.swift"))
    #expect((proto.location.line, proto.location.column) == (15, 1))

    let allShows = try proto.requirement("allShows()")
    #expect(allShows.documentation == "Every show, most recent first.")
    #expect(allShows.effects == Effects(isAsync: true))
    #expect(allShows.returnType?.shape == .array(element: named("Show")))

    let mark = try proto.requirement("markShowAsWatched(_:until:)")
    #expect(mark.parameters.map(\.label) == [nil, "until"])
    #expect(mark.parameters.map(\.name) == ["show", "date"])
    #expect(mark.returnType == nil)
    #expect(mark.declaration == "func markShowAsWatched(_ show: Show, until date: Date) async")
  }

  @Test func serviceHasPrimaryAssociatedTypes() throws {
    let proto = try catalog.proto("Service")
    #expect(proto.primaryAssociatedTypes == ["Input", "Output"])
    #expect(proto.associatedTypes.map(\.name) == ["Input", "Output"])
    #expect(
      proto.associatedTypes[0].inheritedTypes.map(\.shape) == [
        .composition(types: [named("Hashable"), named("Sendable")])
      ])
    let call = try proto.requirement("callAsFunction(input:)")
    #expect(call.effects == Effects(isAsync: true, throwing: .throws))
    #expect(call.returnType?.text == "Output")
  }

  @Test func completionHandlersAreEscapingSendableClosures() throws {
    let load = try catalog.proto("LoaderService").requirement("load(completion:)")
    let completion = try #require(load.parameters.first)
    #expect(completion.isEscaping && completion.isSendable && completion.isClosure)
    #expect(completion.type.text == "@escaping @Sendable (Result<[String], any Error>) -> Void")
    guard
      case .function(let parameters, let effects, let returnType) = completion.type.unattributed
        .shape
    else {
      Issue.record("not a function type: \(completion.type.shape)")
      return
    }
    #expect(effects == .none)
    #expect(returnType.isVoid)
    #expect(
      parameters.map(\.type.shape) == [
        .named(
          name: "Result",
          genericArguments: [
            TypeRef(text: "[String]", shape: .array(element: named("String"))),
            TypeRef(text: "any Error", shape: .existential(constraint: named("Error"))),
          ])
      ])
  }

  @Test func genericCompletionHandler() throws {
    let get = try catalog.proto("HttpClient").requirement("get(_:completion:)")
    #expect(get.genericParameters == [GenericParameter(name: "T", constraint: named("Codable"))])
    #expect(get.parameters.map(\.label) == [nil, "completion"])
    #expect(get.genericClauseText == "<T: Codable>")
  }

  @Test func requirementAnnotationsWithArguments() throws {
    let create = try catalog.proto("PostRepo").requirement("createPost(title:body:completion:)")
    #expect(
      create.annotations.map(\.description) == [
        "invalidates(getPost)", #"analytics(event: "post_created", properties: [title])"#,
      ])
    let analytics = create.annotations[1]
    #expect(analytics.value(for: "event") == .string("post_created"))
    #expect(analytics.value(for: "properties")?.texts == ["title"])
    #expect(create.annotations[0].positionalValues == [.name("getPost")])
  }

  @Test func typedThrowsAndRedaction() throws {
    let reset = try catalog.proto("UserRepository").requirement("resetPassword(for:token:)")
    #expect(reset.effects.isAsync)
    #expect(reset.effects.throwing == .throws)
    #expect(reset.effects.thrownType == named("UserRepositoryError"))
    #expect(reset.annotations.map(\.description) == ["redact(token)"])
    #expect(reset.declaration.hasSuffix("async throws(UserRepositoryError)"))
  }

  @Test func backtickedNamesAndOperators() throws {
    let proto = try catalog.proto("Spelling")
    let defaultRequirement = try proto.requirement("`default`()")
    #expect(defaultRequirement.bareName == "default")
    #expect(!defaultRequirement.isOperator)
    let forRequirement = try proto.requirement("`for`(_:)")
    #expect(forRequirement.parameters.first?.name == "`in`")
    #expect(try proto.requirement("`self`").bareName == "self")
    let operators = try catalog.proto("Operators")
    let equals = try operators.requirement("==(_:_:)")
    #expect(equals.isOperator && equals.isStatic)
    #expect(equals.declaration == "static func == (lhs: Self, rhs: Self) -> Bool")
    #expect(equals.parameters.allSatisfy { $0.type.mentionsSelf })
    let negate = try operators.requirement("-(_:)")
    #expect(negate.modifiers == ["static", "prefix"])
  }

  @Test func effectsAndModifiers() throws {
    let proto = try catalog.proto("Effects")
    #expect(try proto.requirement("plain()").effects == .none)
    #expect(try proto.requirement("asynchronous()").effects == Effects(isAsync: true))
    #expect(try proto.requirement("throwing()").effects == Effects(throwing: .throws))
    #expect(
      try proto.requirement("both()").effects == Effects(isAsync: true, throwing: .throws))
    #expect(try proto.requirement("typed()").effects.thrownType == named("PostError"))
    #expect(try proto.requirement("rethrowing(_:)").effects.throwing == .rethrows)
    let generic = try proto.requirement("generic(_:other:)")
    #expect(generic.genericParameters.map(\.name) == ["T", "U"])
    #expect(generic.genericParameters[0].constraint?.text == "Codable & Sendable")
    #expect(generic.whereClause == ["U: Hashable"])
    #expect(
      generic.signatureText
        == "func generic<T: Codable & Sendable, U>(_ value: T, other: U) -> [T] where U: Hashable")
    let pack = try proto.requirement("parameterPack(_:)")
    #expect(pack.genericParameters == [GenericParameter(name: "Element", isPack: true)])
    #expect(
      pack.parameters[0].type.shape
        == .packExpansion(
          pattern: TypeRef(text: "each Element", shape: .packElement(pack: named("Element")))))
    #expect(try proto.requirement("version()").isStatic)
    let make = try catalog.proto("SelfReturning").requirement("make()")
    #expect(make.isStatic && make.returnType?.mentionsSelf == true)
    #expect(try proto.requirement("reset()").isMutating)
    #expect(try proto.requirement("describe()").isNonisolated)
  }

  @Test func parameterForms() throws {
    let proto = try catalog.proto("Parameters")
    let labels = try proto.requirement("labels(_:label:same:)")
    #expect(labels.parameters.map(\.label) == [nil, "label", "same"])
    #expect(labels.parameters.map(\.name) == ["unlabeled", "name", "same"])
    let wildcard = try proto.requirement("wildcard(_:)")
    #expect(wildcard.parameters[0].name == "_")
    #expect(wildcard.parameterListText == "_: Int")
    let inoutParameter = try proto.requirement("inoutParameter(_:)")
    #expect(inoutParameter.parameters[0].isInout)
    #expect(inoutParameter.parameters[0].type.unattributed == named("Int"))
    #expect(inoutParameter.parameterListText == "_ counter: inout Int")
    let variadic = try catalog.proto("Variadic").requirement("sum(_:)")
    #expect(variadic.parameters[0].isVariadic)
    #expect(variadic.parameterListText == "_ values: Int...")

    let closures = try proto.requirement("closures(escaping:sendable:autoclosure:optional:)")
    let (escaping, sendable, autoclosure, optional) = (
      closures.parameters[0], closures.parameters[1], closures.parameters[2],
      closures.parameters[3]
    )
    #expect(escaping.isEscaping && !escaping.isSendable)
    #expect(sendable.isEscaping && sendable.isSendable)
    guard case .function(_, let effects, let result) = sendable.type.unattributed.shape else {
      Issue.record("not a function: \(sendable.type)")
      return
    }
    #expect(effects == Effects(isAsync: true, throwing: .throws))
    #expect(result == named("String"))
    #expect(autoclosure.isAutoclosure && !autoclosure.isEscaping)
    #expect(optional.isClosure && optional.type.isOptional && !optional.isEscaping)

    let types = try proto.requirement(
      "types(tuple:dictionary:optional:existential:opaque:metatype:composition:member:)")
    let shapes = types.parameters.map(\.type.shape)
    #expect(
      shapes[0]
        == .tuple(elements: [
          TupleElement(type: named("Int")), TupleElement(label: "name", type: named("String")),
        ]))
    #expect(
      shapes[1]
        == .dictionary(
          key: named("String"),
          value: TypeRef(text: "[Int]", shape: .array(element: named("Int")))))
    #expect(shapes[2] == .optional(wrapped: named("Int")))
    #expect(shapes[3] == .existential(constraint: named("Error")))
    #expect(
      shapes[4]
        == .opaque(
          constraint: TypeRef(
            text: "Sequence<Int>",
            shape: .named(name: "Sequence", genericArguments: [named("Int")]))))
    #expect(shapes[5] == .metatype(base: named("Int"), isProtocolMetatype: false))
    guard case .existential(let composition) = shapes[6] else {
      Issue.record("not an existential: \(shapes[6])")
      return
    }
    #expect(composition.shape == .composition(types: [named("Hashable"), named("Sendable")]))
    #expect(shapes[7] == .member(base: named("Swift"), name: "Int", genericArguments: []))
  }

  @Test func propertiesSubscriptsAndInitializers() throws {
    let proto = try catalog.proto("Members")
    let readOnly = try proto.requirement("readOnly")
    #expect(readOnly.kind == .property && !readOnly.isSettable && readOnly.type == named("Int"))
    #expect(try proto.requirement("readWrite").isSettable)
    let effectful = try proto.requirement("effectful")
    #expect(effectful.effects == Effects(isAsync: true, throwing: .throws))
    #expect(effectful.declaration == "var effectful: Celsius { get async throws }")
    #expect(try proto.requirement("shared").isStatic)

    let byIndex = try proto.requirement("subscript(_:)")
    #expect(byIndex.kind == .subscript && !byIndex.isSettable)
    #expect(byIndex.parameters[0].label == nil && byIndex.parameters[0].name == "index")
    #expect(byIndex.declaration == "subscript(index: Int) -> String { get }")
    let byKey = try proto.requirement("subscript(key:)")
    #expect(byKey.isSettable && byKey.parameters[0].label == "key")
    #expect(byKey.declaration == "subscript(key key: String) -> Int? { get set }")
    let typed = try proto.requirement("subscript(typed:as:)")
    #expect(typed.genericParameters.map(\.name) == ["T"])
    #expect(
      typed.parameters[1].type.shape == .metatype(base: named("T"), isProtocolMetatype: false))

    let initializers = try catalog.proto("Initializers")
    let plainInit = try initializers.requirement("init(celsius:)")
    #expect(plainInit.kind == .initializer && plainInit.failability == nil)
    let failable = try initializers.requirement("init(string:)")
    #expect(failable.failability == .optional)
    #expect(failable.effects == Effects(isAsync: true, throwing: .throws))
    #expect(failable.declaration == "init?(string: String) async throws")
  }

  @Test func conditionalCompilation() throws {
    let proto = try catalog.proto("Conditional")
    #expect(proto.requirements.map(\.name) == ["always", "debugOnly", "linuxOnly", "otherwise"])
    #expect(
      proto.requirements.map(\.conditions) == [
        [], ["DEBUG"], ["!DEBUG && os(Linux)"], ["!DEBUG && !os(Linux)"],
      ])
    #expect(try catalog.proto("CompiledWithFoundation").conditions == ["canImport(Foundation)"])
  }

  @Test func attributesAndConstraints() throws {
    let view = try catalog.proto("MainActorView")
    #expect(view.globalActor == "MainActor")
    #expect(view.isClassBound && !view.isSendable)
    let available = try catalog.proto("Available")
    #expect(
      available.attributes == [Attribute(name: "available", arguments: "macOS 13, iOS 16, *")])
    #expect(available.globalActor == nil)
    #expect(try catalog.proto("ClassBound").isClassBound)
    let actorBound = try catalog.proto("ActorBound")
    #expect(actorBound.isActorBound && actorBound.isClassBound && actorBound.isSendable)
  }

  @Test func associatedTypesAndWhereClauses() throws {
    let proto = try catalog.proto("Container")
    #expect(proto.whereClause == ["Item: Sendable"])
    #expect(proto.associatedTypes.map(\.name) == ["Item", "Index", "Items"])
    #expect(proto.associatedTypes[1].defaultType == named("Int"))
    #expect(proto.associatedTypes[2].whereClause == ["Items.Element == Item"])
  }

  @Test func nestedProtocols() throws {
    #expect(try catalog.proto("Outer.Nested").enclosingTypes == ["Outer"])
    let inExtension = try catalog.proto("Outer.InExtension")
    #expect(inExtension.name == "InExtension")
    #expect(inExtension.accessLevel == .public)
  }

  @Test func inheritedRequirementsAreDeduplicated() throws {
    let leaf = try catalog.proto("Leaf")
    #expect(leaf.requirements.map(\.name) == ["leaf"])
    // Hashable's requirements, and Equatable's through it, come from the standard protocols.
    #expect(leaf.inheritedRequirements.map(\.name) == ["root", "left", "right", "==", "hash"])
    #expect(
      leaf.inheritedRequirements.map(\.declaredIn) == [
        "Base", "Left", "Right", "Equatable", "Hashable",
      ])
    #expect(leaf.externalProtocols == [])
    #expect(leaf.standardProtocols == ["Hashable", "Equatable"])
    #expect(try catalog.proto("Left").inheritedRequirements.map(\.name) == ["root"])
  }

  /// Of requirements that differ only in effects, the one with the fewest meets the others, so
  /// the others are dropped; overloads, and a requirement only another with more effects has,
  /// stay.
  @Test func inheritedRequirementsWithFewerEffectsMeetTheirOthers() throws {
    let source = """
      protocol Throwing { func f() throws; func g(_ x: Int) }
      protocol Plain { func f(); func g(_ x: String) }
      protocol Both: Throwing, Plain { func h() async throws }
      protocol Stronger: Plain { func f() async throws }
      protocol Weaker: Throwing { func f() }
      """
    let parsed = ProtocolParser.withBuiltIns.parse(source: source, file: "Effects.swift")
    let catalog = ProtocolParser.resolve([parsed])
    func inherited(_ name: String) throws -> [String] {
      try catalog.proto(name).inheritedRequirements.map {
        "\($0.selector)\($0.effects.text.isEmpty ? "" : " \($0.effects.text)")"
      }
    }
    // Plain's `f()` meets Throwing's `f() throws`; the two `g`s are overloads.
    #expect(try inherited("Both") == ["g(_:)", "f()", "g(_:)"])
    // Its own `f() async throws` does not meet Plain's `f()`, which stays.
    #expect(try inherited("Stronger") == ["f()", "g(_:)"])
    // Its own `f()` meets Throwing's.
    #expect(try inherited("Weaker") == ["g(_:)"])
  }

  @Test func skipAnnotation() throws {
    #expect(try catalog.proto("Skipped").annotations.map(\.key) == ["skip"])
  }
}

/// A plain named type such as `Int`.
func named(_ name: String) -> TypeRef {
  TypeRef(text: name, shape: .named(name: name, genericArguments: []))
}
