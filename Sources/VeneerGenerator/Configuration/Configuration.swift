import VeneerModel
import VeneerParser
import VeneerRenderer

/// The settings of one Veneer run, as `veneer.yml` gives them; command-line flags override them.
///
/// Paths are resolved against the folder holding the configuration file, so a file means the
/// same wherever Veneer is run from.
package struct Configuration: Sendable, Equatable, Encodable {
  /// Folders, files or globs (`Sources/**/*Service.swift`) to read.
  package var include: [Located<String>] = []
  /// Folders, files or globs read only for the protocols that sources inherit from (a
  /// dependency's sources): never decorated, and what they say about themselves is not reported.
  package var references: [Located<String>] = []
  /// The module compiling each reference source, by its path, when a build system says: for
  /// messages that name the target to change.
  package var referenceModules: [String: String] = [:]
  /// Globs of files not to read, matched against paths relative to the configuration folder.
  package var exclude: [Located<String>] = []
  package var output: Located<String>?
  /// Built-in template names or paths to `.stencil` files; empty means the built-ins.
  package var templates: [Located<String>] = []
  /// Built-ins another run writes, when runs split a module's decorators between targets by
  /// the libraries they import: an annotation asking for one is not a mistake of this run's
  /// `templates`.
  package var writtenElsewhere: [Located<String>] = []
  package var selection: Selection = .annotated
  package var imports: [String] = []
  package var render = RenderOptions()
  /// The global actor the target isolates what it declares to by default (SE-0466,
  /// `.defaultIsolation(MainActor.self)`), as `default_isolation: MainActor` declares it: its
  /// protocols that say no isolation of their own are that actor's, and so are their decorators.
  package var defaultIsolation: String?
  /// `render` with what the run's own settings add to it: the templates its list names.
  package var renderOptions: RenderOptions {
    var options = render
    options.listedTemplates = Set(templates.map { $0.value.lowercased() })
    return options
  }
  /// `{protocol}+Decorators.swift`: the name of each protocol's file.
  package var fileNaming = "{protocol}+Decorators.swift"
  /// When set, one file is written for every source file, named after its path under this
  /// folder, instead of one per decorated protocol: the build plugin must declare its outputs
  /// before Veneer has read a line.
  package var sourceFileRoot: String?
  /// The target the decorators are compiled in, when a plugin says: what it depends on.
  package var target: Target?
  /// The inputs a build system declared for the run, when one runs it: it reads no other file.
  package var declaredInputs: DeclaredInputs?

  /// A target and the modules it depends on.
  package struct Target: Sendable, Equatable, Encodable {
    package var name: String
    package var modules: Set<String>

    package init(name: String, modules: Set<String>) {
      self.name = name
      self.modules = modules
    }
  }
  /// Calls the analytics decorator tracks under names chosen here instead of in the sources.
  package var eventMap: [EventMapEntry] = []
  /// Annotations given in `veneer.yml` rather than in the sources, as `// veneer:` comments
  /// would: for sources that cannot be edited, or choices a team keeps in one place.
  package var annotationMap: [AnnotationMapEntry] = []
  /// Options of user templates, by template name, given to the template as `options`.
  package var templateOptions: [String: Located<[String: String]>] = [:]
  /// Whether folders among `include` are searched for Objective-C headers too (`.h` files
  /// named one by one always are): reading them needs libclang, which a Swift-only package
  /// with a C target's headers in its sources should not.
  package var readsObjectiveCHeaders = false
  /// The configuration file, when there is one.
  package var file: String?
  /// The folder `exclude` globs are relative to: the configuration file's.
  package var directory = "."
  /// Whether the configuration file could not be read or is not YAML: then nothing else it
  /// would say is known, and a run stops at that error.
  package var isUnreadable = false

  package init() {}

  /// A configuration made of command-line flags alone.
  package init(
    sources: [String], output: String, templates: [String] = [], writtenElsewhere: [String] = [],
    imports: [String] = [], decorateAll: Bool = false
  ) {
    include = sources.map { Located($0) }
    self.output = Located(output)
    self.templates = templates.map { Located($0) }
    self.writtenElsewhere = writtenElsewhere.map { Located($0) }
    self.imports = imports
    selection = decorateAll ? .all : .annotated
  }

  /// The folders and files whose changes call for a new run: where the sources are (a glob
  /// from its fixed leading folders), template files, and the configuration file.
  package var inputPaths: [String] {
    var paths = include.map { entry in
      guard Glob.isPattern(entry.value) else { return entry.value }
      let folder = Glob.fixedFolder(of: entry.value)
      return folder.isEmpty ? "." : folder
    }
    paths += references.map { entry in
      guard Glob.isPattern(entry.value) else { return entry.value }
      let folder = Glob.fixedFolder(of: entry.value)
      return folder.isEmpty ? "." : folder
    }
    for template in templates.map(\.value) where template.hasSuffix(".stencil") {
      // Either half of an Objective-C template names both.
      paths +=
        template.hasSuffix(".h.stencil") || template.hasSuffix(".m.stencil")
        ? [".h.stencil", ".m.stencil"].map { template.dropLast(".h.stencil".count) + $0 }
        : [template]
      // Its parts on disk, so that `--watch` renders again when one changes.
      if let bytes = try? FileBytes.readWithStamp(template, limit: FileBytes.settingsSizeLimit)
        .bytes
      {
        var ignored: [Diagnostic] = []
        paths += TemplateSources.parts(
          of: String(decoding: bytes, as: UTF8.self), at: template, self, &ignored
        ).values.filter { !BuiltInTemplates.parts.contains($0) }.map(\.path).sorted()
      }
    }
    paths.append(file ?? ConfigurationFile.defaultName)
    return paths
  }

  /// Which protocols get decorators.
  package enum Selection: Sendable, Equatable, Encodable {
    /// Protocols annotated `// veneer: …`, with the templates they name.
    case annotated
    /// Every protocol, with every template.
    case all
    /// Every public or open protocol but `@_spi` ones, with every template: what decorators in
    /// another module than the protocols' can name.
    case `public`
    /// Annotated protocols, and those matching these names or globs with every template.
    case protocols([Located<String>])
  }
}

/// A value read from a file, with where it was read.
package struct Located<Value: Sendable & Equatable & Encodable>: Sendable, Equatable, Encodable {
  package var value: Value
  package var location: SourceLocation?

  package init(_ value: Value, at location: SourceLocation? = nil) {
    self.value = value
    self.location = location
  }
}

/// One entry of the analytics event map: `PostRepo.createPost: post_created`.
/// One entry of `annotations:` in `veneer.yml`: a protocol, or one of its requirements, and the
/// annotations it gets, written as after `// veneer:`.
package struct AnnotationMapEntry: Sendable, Equatable, Encodable {
  /// `PostRepo`, `PostRepo.getPost` or `PostRepo.getPost(id:)`; for Objective-C, a selector.
  package var target: Located<String>
  /// `cache, public(id, result)`, located where its text starts in `veneer.yml`.
  package var text: Located<String>

  package init(target: Located<String>, text: Located<String>) {
    self.target = target
    self.text = text
  }
}

package struct EventMapEntry: Sendable, Equatable, Encodable {
  /// `PostRepo.createPost` or `PostRepo.createPost(title:body:completion:)`.
  package var requirement: Located<String>
  package var success: String?
  package var failure: String?
  package var properties: [Located<String>]
  /// `false` to forward the call without tracking it.
  package var isTracked: Bool
  /// Whether its event may be another requirement's too (`shared: true`).
  package var isShared = false

  package init(
    requirement: Located<String>, success: String? = nil, failure: String? = nil,
    properties: [Located<String>] = [], isTracked: Bool = true
  ) {
    self.requirement = requirement
    self.success = success
    self.failure = failure
    self.properties = properties
    self.isTracked = isTracked
  }
}
