import VeneerModel
import VeneerRenderer

extension ConfigurationFile {
  /// What `veneer init` writes: every setting with its default, and a comment on each.
  package static let starter = """
    # Settings for Veneer, the decorator generator. Flags on the command line override them.
    # Paths are relative to this file.

    # The Swift files to read: folders, files or globs, and globs of files to leave out.
    sources:
      include:
        - Sources
      exclude:
        - "**/Generated"

    # Swift files read only for the protocols that yours inherit from, such as a dependency's
    # sources: never decorated. (The plugins pass the target's dependencies themselves.)
    references: []

    # Where decorators are written. Veneer owns the files there that start with its header,
    # and writes, replaces or deletes no others.
    output: Sources/Generated

    # Whether the source folders are searched for Objective-C headers too, whose @protocols
    # then get Objective-C decorators (reading them needs libclang). Headers listed under
    # 'include' are always read.
    objc: false

    """ + commonSettings

  /// What `veneer init --target` writes into a target's folder, for the plugins: without
  /// `sources` and `output`, which default to the folder and `Generated` beside this file.
  package static let targetStarter = """
    # Settings for Veneer, the decorator generator, for the target in this folder.
    # Paths are relative to this file.

    # The Swift files to read: by default, this folder (Veneer never reads its own output).
    # sources: [Services]

    # Where the command plugin writes decorators: by default, Generated beside this file. The
    # build plugin writes them into the build folder instead. Veneer owns the files there that
    # start with its header, and writes, replaces or deletes no others.
    # output: Generated

    # Swift files read only for the protocols that this target's inherit from, never
    # decorated; the plugins add the target's dependencies themselves.
    # references: [../Dependency]

    """ + commonSettings

  /// The `annotations:` section of a starter file: what decorators may show and cache, with
  /// each method of `protocols` that takes or returns a value listed, commented, as the
  /// declaration that would show its values, so that the choice is visible and is the user's.
  package static func declarations(of protocols: [ProtocolDecl], limit: Int = 60) -> String {
    var lines = [
      "",
      "# What decorators may show and cache, declared here or in a '// veneer:' comment above a",
      "# requirement. Until declared, every value is private (numbers by value, text as",
      "# <private>, other values by their type) and no call is answered from a cache: a name",
      "# decides nothing, but a secret's name (password, token, pin, ...) hides a value even when",
      "# declared. Uncomment what may be shown, and add 'cache' where a call only reads.",
      "annotations: {}",
    ]
    var listed: [String] = []
    for proto in protocols {
      for requirement in proto.allRequirements where requirement.kind == .method {
        let disclosure = Disclosure(
          name: requirement.bareName,
          parameters: requirement.parameters.map { ($0.name, $0.label) },
          annotations: requirement.annotations, protocolAnnotations: proto.annotations)
        var shown: [String] = []
        var hidden: [String] = []
        for parameter in requirement.parameters where !parameter.isClosure {
          let level = disclosure.level(ofParameter: parameter.name, label: parameter.label)
          if level == .redacted {
            hidden.append(parameter.name)
          } else {
            shown.append(parameter.name)
          }
        }
        let returns = requirement.returnType.map { !$0.isVoid } ?? false
        if returns && disclosure.result != .redacted { shown.append("result") }
        // Every value hidden by its name: said, with the declaration that would show one.
        if shown.isEmpty, !hidden.isEmpty {
          let names = hidden.joined(separator: ", ")
          let line =
            "#   \(proto.qualifiedName).\(requirement.selector): every value is hidden by its "
            + "name (\(names)); \("reveal(\(names))".swiftLiteral) would show one that is no secret"
          listed.append(line.escapedForComment)
          continue
        }
        guard !shown.isEmpty else { continue }
        let types = requirement.parameters.filter { !$0.isClosure }.map {
          "\($0.name): \($0.type.text)"
        }
        let facts =
          (types + (returns ? ["returns \(requirement.returnType?.text ?? "")"] : []))
          .joined(separator: ", ")
          + (hidden.isEmpty ? "" : "; hidden by name: \(hidden.joined(separator: ", "))")
        listed.append(
          "#   \(proto.qualifiedName).\(requirement.selector): "
            + "\("public(\(shown.joined(separator: ", ")))".swiftLiteral)  # \(facts)"
            .escapedForComment)
      }
    }
    guard !listed.isEmpty else { return lines.joined(separator: "\n") + "\n" }
    lines.append("# annotations:")
    lines += listed.prefix(limit)
    if listed.count > limit { lines.append("#   … and \(listed.count - limit) more") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The opt-in built-ins, as the comment on `templates` names them: `metrics, timeout, tracing`.
  private static let optInList = BuiltInDecorators.optInTypedNames.sorted().joined(
    separator: ", ")

  private static let commonSettings = """

    # The templates to use: paths to .stencil files, or built-ins:
    # \(BuiltInDecorators.typedNames).
    # Without a list, a protocol gets the built-ins its annotation names and, with
    # 'selection: all' or 'public', every built-in but those only an annotation or a list asks
    # for (\(optInList)): they import libraries a target adds
    # itself, or change what a call does. A list limits both: an annotation asking for a
    # built-in left out of it is an error.
    # templates: [logging, analytics, caching]

    # Which protocols get decorators: annotated (those with a '// veneer: logging, ...'
    # comment, with the templates it names), all (every template), or a list of protocol
    # names and globs that get every template, beside the annotated ones.
    selection: annotated

    # Modules the generated files import, such as the one that declares your protocols.
    imports: []

    # The module that declares your protocols, when decorators go into another: it is
    # imported, and protocol names are qualified with it (Services.Store, not another Store).
    # module: Services

    # The most visible access decorators get: inherit (the protocol's own), internal,
    # package or public.
    access: inherit

    # Availability macros your protocols use (@available(MyPackage 2.0, *)), as for
    # -define-availability: decorators carry the platforms they stand for. Without one, a
    # macro is kept in the protocols' own module and left out with 'selection: public'.
    availability_macros: []

    naming:
      decorator: "{template}{protocol}"
      file: "{protocol}+Decorators.swift"

    options:
      logging:
        level: debug
        error_level: error
      analytics:
        naming: snake_case  # snake_case, camelCase or kebab-case
        track: all  # all, or mapped: only the calls under 'events'
        # Which calls are tracked, under which names, with which arguments as properties.
        # An entry naming a protocol, method or parameter that does not exist is an error.
        events: {}
        # events:
        #   LoaderService.load:
        #     event: feed_loaded
        #     failure: feed_failed
        #     properties: [source]
        #   PostRepo.createPost: post_created
        #   PostRepo.getPost: false  # forwarded, not tracked
      caching:
        # ttl: 300  # seconds a value stays fresh; without it, until it is evicted
        capacity: 1000

    """
}
