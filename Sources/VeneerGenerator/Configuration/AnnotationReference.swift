import VeneerModel
import VeneerParser
import VeneerRenderer

/// `Documentation/Annotations.md`, written from the annotation keys: the common keys' uses in
/// `AnnotationKeys.commonUses`, each built-in's in its descriptor, the kinds of values in
/// `AnnotationArgumentKind`. A key added to any of them is documented when this file is
/// written again; a test fails while it is not.
package enum AnnotationReference {
  /// The file's path in the repository.
  package static let path = "Documentation/Annotations.md"

  /// The file's text.
  package static var markdown: String {
    var rows: [AnnotationUse] = AnnotationKeys.commonUses.keys.sorted().compactMap {
      AnnotationKeys.commonUses[$0]
    }
    for builtIn in BuiltInDecorators.all {
      rows += builtIn.annotations.keys.sorted().compactMap { builtIn.annotationUses[$0] }
    }
    let table = rows.map { use in
      "| `\(use.spelling)` | \(use.onProtocol ?? "—") | \(use.onRequirement ?? "—") |"
    }
    let kinds = AnnotationArgumentKind.allCases.map { "| `\($0.rawValue)` | \($0.summary) |" }
    return ([header] + table + [kindsHeader] + kinds + [footer]).joined(separator: "\n") + "\n"
  }

  private static let header = """
    # Annotations

    <!-- Generated from the annotation keys by `bash Scripts/regenerate`; do not edit. -->

    A `// veneer:` (or `/// veneer:`) comment directly above a protocol or a requirement, with no
    blank line in between, tells Veneer what to do with it. What leaves the process and what is
    cached is only ever what an annotation (or `veneer.yml`, or `@Decorated`) declares: a name
    may hide a value, never show one.

    ```swift
    public struct Article: Sendable {}
    public struct Account: Sendable {}

    // veneer: logging, analytics, caching
    public protocol ArticleRepo {
      // veneer: cache(ttl: 300), public(id)
      func article(id: Int) async throws -> Article
      // veneer: invalidates(article), analytics(event: "article_created", properties: [title])
      func createArticle(title: String, body: String) async throws -> Article
      // veneer: redact(password)
      func authenticate(username: String, password: String) -> Account?
    }
    ```

    Grammar:

    ```text
    line      := directive ("," directive)*
    directive := key ("(" [argument ("," argument)*] ")")?
    argument  := (label ":")? value
    value     := string | number | true | false | name | "[" [value ("," value)*] "]"
    name      := identifier ("." identifier)*
    ```

    ## Keys

    | key | on a protocol | on a requirement |
    | --- | --- | --- |
    """

  private static let kindsHeader = """

    A template of your own is a key too, named after its file (`Retry.stencil`: `retry`), with
    the arguments its `{# arguments: attempts: number #}` comment declares.

    ## Values

    | kind | what it takes |
    | --- | --- |
    """

  private static let footer = """

    ## Declared elsewhere

    The same declarations can be made without touching the sources: `annotations:` in
    `veneer.yml` maps a protocol, or `Protocol.requirement`, to the text of a comment
    ([Configuration](Configuration.md)); `@Decorated` takes `public:` and `cached:`
    ([The macro](Macro.md)). Both are checked as the comments are, and located at their line.

    ## Checked as strictly as `veneer.yml`

    A built-in key with an unknown argument label (`analytics(evnt: "x")`, with the closest known
    one), a value of the wrong kind (`cache(ttl: "soon")`), `redact`, `public` or
    `analytics(properties:)` naming no parameter (with the closest name), a label given twice, an
    empty event or span name, and lists nested over 16 levels are errors at their line and
    column, and nothing is written. `skip(x)` naming no template in use, an unknown key (it may
    select a template this run does not use), a bare `cache` on a protocol, an annotation
    separated from its declaration by a blank line, and `public`, `reveal` or
    `analytics(properties:)` on a requirement naming what two of its parameters answer to (a
    label or selector piece given twice: `public` shows both, `properties:` takes the first) are
    warnings, each with the closest name, or the names that tell them apart, where there is one.
    """
}
