import Testing
import VeneerModel
import VeneerTemplates

/// The template language on its own: a vocabulary of two made-up objects, no plan, no layout.
/// What it checks, composes and renders is the language's, whatever it renders for.
@Suite("The template language, with a vocabulary of its own")
struct TemplateLanguageTests {
  final class Shelf: TemplateObject, Sendable {
    let title: String
    let books: [Book]
    init(title: String, books: [Book]) {
      self.title = title
      self.books = books
    }
    func templateMember(_ name: String) -> Any? { nil }
  }

  final class Book: TemplateObject, Sendable {
    let name: String
    let isOld: Bool
    init(name: String, isOld: Bool) {
      self.name = name
      self.isOld = isOld
    }
    func templateMember(_ name: String) -> Any? { nil }
  }

  /// A member read from the object a value holds, as a vocabulary's giver erases its members.
  static func reader<Owner: Sendable & TemplateObject>(
    _ owner: Owner.Type, group: Int? = nil, _ read: @escaping @Sendable (Owner) -> TemplateValue
  ) -> TemplateVocabulary.Reader {
    TemplateVocabulary.Reader(
      read: { value in
        guard case .object(let object) = value.pointee,
          let reference = object as? TemplateReference<Owner>
        else { return .nothing }
        return read(reference.value)
      }, text: nil, flag: nil, group: group)
  }

  static let vocabulary = TemplateVocabulary(
    variables: [.swift: [("plan", .object("Shelf"), "the shelf")]],
    objects: [
      "Shelf": .init(
        entries: [("title", .text, "its title"), ("books", .list(.object("Book")), "its books")],
        readers: [
          "title": reader(Shelf.self) { .text($0.title) },
          "books": reader(Shelf.self) { .list($0.books.map { .object(TemplateReference($0)) }) },
        ]),
      "Book": .init(
        entries: [("name", .text, "its name"), ("isOld", .bool, "whether it is old")],
        readers: [
          "name": reader(Book.self) { .text($0.name) },
          "isOld": reader(Book.self, group: 7) { .bool($0.isOld) },
        ]),
    ], filters: [])

  static let shelf = TemplateValue.object(
    TemplateReference(
      Shelf(
        title: "Poems", books: [Book(name: "Odes", isOld: true), Book(name: "Haiku", isOld: false)])
    ))

  func render(_ text: String, parts: [String: String] = [:]) throws -> String {
    let source = TemplateSource(
      name: "Shelf", path: "Shelf.stencil", text: text,
      parts: Dictionary(
        uniqueKeysWithValues: parts.map {
          ($0.key, TemplatePart(name: $0.key, path: $0.key, text: $0.value))
        }))
    let compiled = try CompiledTemplate.compile(source, vocabulary: Self.vocabulary).get()
    return try compiled.renderBytes(Self.shelf, decorator: "D", protocolName: "P")
      .withBytes { String(decoding: $0, as: UTF8.self) }
  }

  @Test func rendersItsOwnObjects() throws {
    #expect(
      try render("{{ plan.title|uppercase }}:{% for b in plan.books %} {{ b.name }}{% endfor %}")
        == "POEMS: Odes Haiku")
  }

  @Test func composesWithItsOwnParts() throws {
    let base = "[{% block body %}base{% endblock %}]"
    let line = "{% if b.isOld %}old-{% endif %}{{ b.name }};"
    let output = try render(
      "{% extends \"Base.stencil\" %}{% block body %}{% for b in plan.books %}"
        + "{% include \"Line.stencil\" %}{% endfor %}{{ block.super }}{% endblock %}",
      parts: ["Base.stencil": base, "Line.stencil": line])
    #expect(output == "[old-Odes;Haiku;base]")
  }

  @Test func checksNamesAgainstTheVocabulary() {
    let source = TemplateSource(
      name: "Shelf", path: "Shelf.stencil", text: "{{ plan.titel }}\n{{ plan|skips:\"x\" }}")
    let messages = source.check(vocabulary: Self.vocabulary).map(\.description)
    #expect(
      messages == [
        "Shelf.stencil:1:9: error: template error: 'plan' has no member 'titel'; did you mean "
          + "'title'?",
        "Shelf.stencil:2:9: error: template error: unknown filter 'skips' (known: default, join, "
          + "lowercase, uppercase, capitalize)",
      ], "\(messages)")
  }

  /// A compiled template knows which groups of members it reads, so that values of the others
  /// need not be made.
  @Test func knowsTheGroupsItReads() throws {
    let reads = { (text: String) in
      try CompiledTemplate.compile(
        TemplateSource(name: "Shelf", path: "Shelf.stencil", text: text),
        vocabulary: Self.vocabulary
      ).get().groupsRead
    }
    #expect(try reads("{% for b in plan.books %}{{ b.name }}{% endfor %}") == [])
    #expect(try reads("{% for b in plan.books %}{% if b.isOld %}x{% endif %}{% endfor %}") == [7])
  }
}
