import Foundation
import Testing
import VeneerGenerator

/// What is shown and what is cached is declared — by an annotation in the sources or under
/// `annotations:` in `veneer.yml` — and every declaration is checked as strictly as the rest of
/// the configuration.
@Suite("Declarations: what is shown, what is cached")
struct DeclarationTests {
  static let posts = """
    public protocol PostRepo {
      func getPost(id: Int, slug: String) -> String
      func getPost(id: Int) -> String
      func createPost(title: String) -> Int
    }

    """

  /// `veneer.yml` declares as a `// veneer:` comment would: the protocol's templates, a
  /// requirement cached (both overloads, by the bare name) and two values public.
  @Test func veneerYMLDeclaresAsAnAnnotationWould() throws {
    let project = try Project([
      "Sources/Posts.swift": Self.posts,
      "veneer.yml": """
      sources: Sources
      output: Out
      annotations:
        PostRepo: logging, caching
        PostRepo.getPost: [cache, "public(id, result)"]
        PostRepo.createPost(title:): public(title)
      """,
    ])
    let (generation, diagnostics) = project.generate()
    #expect(
      diagnostics == [
        "Sources/Posts.swift:1:1: note: the caching decorator of PostRepo caches only what is "
          + "declared cacheable, and forwards 1 requirement uncached (createPost(title:)); "
          + "annotate each that only reads '// veneer: cache'"
      ])
    let file = try #require(generation.files.first).contents
    #expect(file.contains(#"cache.key(requirement: "PostRepo.getPost(id:slug:) -> String""#))
    #expect(file.contains(#"cache.key(requirement: "PostRepo.getPost(id:) -> String""#))
    #expect(!file.contains(#"requirement: "PostRepo.createPost(title:) -> Int""#))
    #expect(
      file.contains(#""id": __LoggedCall.publicValue(id), "slug": __LoggedCall.privateValue(slug)"#)
    )
    #expect(file.contains(#""title": __LoggedCall.publicValue(title)"#))
    #expect(file.contains("results: .public"))
    let compiled = try project.typeCheckGenerated()
    #expect(compiled.status == 0, "\(compiled.errors)")
  }

  /// Each mistake is an error at its place in `veneer.yml`, with the closest name: a protocol or
  /// requirement that does not exist, a parameter that is not one, a malformed annotation.
  @Test func aDeclarationThatNamesNothingIsAnErrorAtItsLine() throws {
    let project = try Project([
      "Sources/Posts.swift": Self.posts,
      "veneer.yml": """
      sources: Sources
      output: Out
      annotations:
        PostRepp: logging
        PostRepo.getPots: cache
        PostRepo.createPost: "public(titel)"
        PostRepo.getPost: "cache(ttl: )"
        PostRepo: [cachng]
      """,
    ])
    let (generation, diagnostics) = project.generate()
    #expect(generation.files.isEmpty)
    #expect(
      diagnostics == [
        "veneer.yml:4:3: error: 'annotations' names protocol 'PostRepp', which is not declared "
          + "in the sources; did you mean 'PostRepo'?",
        "veneer.yml:5:3: error: 'annotations' names 'getPots', which is not a requirement of "
          + "PostRepo; did you mean 'getPost'?",
        "veneer.yml:6:25: error: 'public' names 'titel', which is not a parameter here; did "
          + "you mean 'title'?",
        "veneer.yml:7:33: error: malformed veneer annotation: expected a value",
        "veneer.yml:8:14: warning: unknown veneer annotation 'cachng'; did you mean 'caching'?",
      ])
  }

  /// A protocol's `caching` and `cache(ttl:)` set options and declare nothing: what no
  /// requirement declares is forwarded, and said once; a bare `cache` on the protocol, which
  /// would declare nothing either, is a warning.
  @Test func aProtocolsCachingDeclaresNoRequirementCacheable() throws {
    let project = try Project([
      "Sources/Queue.swift": """
      // veneer: caching, cache(ttl: 60), cache
      public protocol TicketQueue {
        func nextQueueNumber() -> Int
        func purchase(reservation: Int, card: String) -> Bool
        // veneer: cache
        func price(of seat: Int) -> Int
        func reset()
      }

      """,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    let (generation, diagnostics) = project.generate()
    #expect(
      diagnostics == [
        "Sources/Queue.swift:1:37: warning: 'cache' on a protocol declares no requirement "
          + "cacheable, and sets nothing: annotate each requirement that only reads "
          + "'// veneer: cache'",
        "Sources/Queue.swift:2:1: note: the caching decorator of TicketQueue caches only what is "
          + "declared cacheable, and forwards 2 requirements uncached (nextQueueNumber(), "
          + "purchase(reservation:card:)); annotate each that only reads '// veneer: cache'",
      ])
    let file = try #require(generation.files.first).contents
    #expect(file.contains(#"requirement: "TicketQueue.price(of:) -> Int""#))
    #expect(file.contains("timeToLive: .seconds(60)"))
    #expect(!file.contains(#"requirement: "TicketQueue.nextQueueNumber() -> Int""#))
    #expect(!file.contains(#"requirement: "TicketQueue.purchase(reservation:card:) -> Bool""#))
  }

  /// On a protocol, `public` and `redact` name parameters of any of its requirements: a name
  /// none has would declare nothing, and is a warning with the closest name.
  @Test func aProtocolsPublicOrRedactNamingNoParameterIsAWarning() throws {
    let project = try Project([
      "Sources/Weather.swift": """
      // veneer: logging, public(city, result), redact(pasword)
      public protocol Weather {
        func celsius(of city: String) -> Int
        func login(password: String) -> Bool
      }

      """,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    #expect(
      project.generate().diagnostics == [
        "Sources/Weather.swift:1:43: error: 'redact' names 'pasword', which is no parameter of "
          + "any requirement of Weather; did you mean 'password'?"
      ])
  }

  /// `public` is checked as `redact` is: a name that is no parameter, with the closest one
  /// (`result` among them), and `public()` naming nothing.
  @Test func publicNamesParametersOrTheResult() throws {
    let project = try Project([
      "Sources/Weather.swift": """
      // veneer: logging
      public protocol Weather {
        // veneer: public(cty, reslt)
        func celsius(of city: String) -> Int
        // veneer: public()
        func kelvin(of city: String) -> Int
      }

      """,
      "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    #expect(
      project.generate().diagnostics == [
        "Sources/Weather.swift:3:14: error: 'public' names 'cty', which is not a parameter "
          + "here; did you mean 'city'?",
        "Sources/Weather.swift:3:14: error: 'public' names 'reslt', which is not a parameter "
          + "here; did you mean 'result'?",
        "Sources/Weather.swift:5:14: error: 'public' takes the names it applies to: "
          + "public(name, …)",
      ])
  }
}

/// A value whose name looks secret stays `<redacted>` under `public`, which says so; `reveal`
/// shows it, with a warning a reviewer finds by its key; an error of a call given a secret is
/// written by its type, whatever `log(full)` says.
@Suite("Names that look secret")
struct SecretNameDeclarationTests {
  static let gateway = """
    // veneer: logging
    public protocol Gateway {
      // veneer: public(authorizationID)
      func capture(authorizationID: String) throws -> Int
      // veneer: reveal(authorizationID)
      func void(authorizationID: String) throws -> Int
      // veneer: log(full)
      func charge(amount: Int, pin: String) throws -> Int
    }

    """

  @Test func publicSaysWhatStaysRedactedAndRevealShowsIt() throws {
    let project = try Project([
      "Sources/Gateway.swift": Self.gateway, "veneer.yml": "sources: Sources\noutput: Out\n",
    ])
    #expect(
      project.generate().diagnostics == [
        "Sources/Gateway.swift:3:14: warning: 'public' names 'authorizationID', whose name looks "
          + "secret, so it stays <redacted> in logs, events and spans; if it is no secret (an "
          + "opaque ID), write 'reveal(authorizationID)' to show it by value",
        "Sources/Gateway.swift:5:14: warning: 'reveal' shows 'authorizationID' by value in logs, "
          + "events and spans although its name looks secret: keep it only for a value that is "
          + "no secret",
      ])
    let output = project.file("Gateway+Decorators.swift")
    #expect(output.contains(#"["authorizationID": __LoggedCall.redacted]"#))
    #expect(output.contains(#"["authorizationID": __LoggedCall.publicValue(authorizationID"#))
    // log(full), but given a PIN: values whole, but the PIN, the result and errors not.
    #expect(output.contains(#""amount": __LoggedCall.fullValue(amount"#))
    #expect(output.contains(#""pin": __LoggedCall.redacted"#))
    #expect(!output.contains("errors: .full"))
  }
}

/// Under a build system, a run reads only what the build declared as its inputs: a template or
/// reference that `veneer.yml` names beyond them is an error that says where to declare it.
@Suite("Inputs a build system declares")
struct DeclaredInputsTests {
  @Test func aFileTheBuildDidNotDeclareIsAnErrorNamingIt() throws {
    let project = try Project([
      "Sources/Posts.swift": "// veneer: audit\npublic protocol Posts: Base {\n  func a()\n}\n",
      "Dependency/Base.swift": "public protocol Base {\n  func b()\n}\n",
      "Templates/Audit.stencil": "{# Nothing. #}\n{% include \"Parts/Footer.stencil\" %}\n",
      "Templates/Parts/Footer.stencil": "// audited\n",
      "veneer.yml": """
      sources: Sources
      references: [Dependency]
      output: Out
      templates: [Templates/Audit.stencil]
      """,
    ])
    let folder = project.folder.path
    func generate(declaring declared: [String]) throws -> [String] {
      var (configuration, _) = ConfigurationFile.load(path: folder + "/veneer.yml")
      configuration.declaredInputs = DeclaredInputs(
        listing: declared.joined(separator: "\n"), directory: folder)
      return Generator().generate(configuration).diagnostics.filter { $0.severity == .error }
        .map { $0.description.replacingOccurrences(of: folder + "/", with: "") }
    }
    let undeclared = try generate(declaring: ["Sources", "veneer.yml"])
    #expect(undeclared.count == 2, "\(undeclared)")
    #expect(
      undeclared.contains {
        $0.hasPrefix(
          "Dependency/Base.swift: error: this run reads the source 'Dependency/Base.swift'")
      })
    #expect(
      undeclared.contains {
        $0.hasPrefix(
          "veneer.yml:4:13: error: this run reads the template 'Templates/Audit.stencil'")
          && $0.contains("which the build did not declare as an input")
      })
    let everything = [
      "Sources", "veneer.yml", "Dependency/Base.swift", "Templates/Audit.stencil",
      "Templates/Parts/Footer.stencil",
    ]
    // A part the template includes is an input too.
    let partUndeclared = try generate(declaring: everything.dropLast())
    #expect(
      partUndeclared.map {
        $0.hasPrefix("Templates/Parts/Footer.stencil: error: this run reads the template part")
      } == [true],
      "\(partUndeclared)")
    #expect(try generate(declaring: everything) == [])
    // One a sandbox hides is not there to read: a note says why, beside the error at its tag.
    try FileManager.default.removeItem(atPath: folder + "/Templates/Parts/Footer.stencil")
    var (configuration, _) = ConfigurationFile.load(path: folder + "/veneer.yml")
    configuration.declaredInputs = DeclaredInputs(
      listing: everything.joined(separator: "\n"), directory: folder)
    let hidden = Generator().generate(configuration).diagnostics.map(\.message)
    #expect(
      hidden.contains {
        $0.contains("is not there to read: a build reads only its declared inputs")
      })
    #expect(hidden.contains { $0.contains("no template part named 'Parts/Footer.stencil'") })
  }
}
