import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerModel

/// A template's parts are read from its folder (or are Veneer's own), are inputs like the
/// template itself, and their paths never leave the folder.
@Suite("Template parts")
struct TemplatePartTests {
  static let template = """
    {# Audits each call. #}
    {% extends "Parts/Decorator.stencil" %}

    {% block summary %}
    /// Audits `{{ plan.protocolName }}`.
    {% endblock %}

    {% block members %}
    {{ plan.memberAccess }}init(_ base: {{ plan.baseType }}) {
    self.{{ plan.storage.base }} = base
    }
    {% for r in plan.requirements %}
    {% include "Parts/Forward.stencil" %}
    {% endfor %}
    {% endblock %}

    {% block extension %}
    {{ plan.memberAccess }}func audited() -> {{ decorator }}<Self> { {{ decorator }}(self) }
    {% endblock %}
    """

  static func workspace() throws -> (TemporaryFolder, Configuration) {
    let folder = try TemporaryFolder()
    try folder.write(
      "Sources/Store.swift",
      "// veneer: audit\npublic protocol Store {\n  func load(id: Int) async throws -> String\n}\n")
    let template = try folder.write("Templates/Audit.stencil", template)
    try folder.write(
      "Templates/Parts/Forward.stencil", "\n// forwarded\n{{ r.forwardingImplementation }}\n")
    let configuration = Configuration(
      sources: [folder.path + "/Sources"], output: folder.path + "/Out", templates: [template])
    return (folder, configuration)
  }

  /// A part on disk beside the template, and Veneer's skeleton, compose one decorator; an edit
  /// to the part renders it again through the cache.
  @Test func partsAreReadBesideTheTemplateAndAreInputs() throws {
    let (folder, configuration) = try Self.workspace()
    let cache = GenerationCache(folder: folder.path + "/Cache")
    let first = Generator().generate(configuration, cache: cache)
    #expect(first.diagnostics.isEmpty, "\(first.diagnostics)")
    let contents = try #require(first.files.first?.contents)
    #expect(contents.contains("public nonisolated struct AuditStore<Base: Store>: Store {"))
    #expect(contents.contains("// forwarded\n  public func load(id: Int) async throws -> String"))
    let written = try folder.write("Out/Store+Decorators.swift", contents)
    let checked = try typeCheck([folder.path + "/Sources/Store.swift", written])
    #expect(checked.status == 0, "\(checked.errors)")
    let output = OutputFolder(path: configuration.output?.value ?? "")
    try output.apply(try output.plan(first.files, unchanged: first.unchangedFiles))
    cache.save(first, outputFolder: configuration.output?.value ?? "")

    try folder.write(
      "Templates/Parts/Forward.stencil", "\n// passed on\n{{ r.forwardingImplementation }}\n")
    let second = Generator().generate(configuration, cache: cache)
    #expect(second.files.first?.contents.contains("// passed on") == true)
    #expect(configuration.inputPaths.contains(folder.path + "/Templates/Parts/Forward.stencil"))
  }

  /// A part whose path leaves the template's folder is not read, whatever is there: the tag is
  /// the error.
  @Test func aPartOutsideTheFolderIsNeverRead() throws {
    let (folder, configuration) = try Self.workspace()
    try folder.write("Secret.stencil", "SECRET")
    try folder.write(
      "Templates/Parts/Forward.stencil", "{% include \"../../Secret.stencil\" %}\n")
    let generation = Generator().generate(configuration)
    #expect(generation.files.allSatisfy { !$0.contents.contains("SECRET") })
    let error = try #require(generation.diagnostics.first { $0.severity == .error })
    #expect(error.location?.file == folder.path + "/Templates/Parts/Forward.stencil")
    #expect(error.message.contains("'../../Secret.stencil' leaves it"), "\(error)")
  }

  /// A part reached through a symbolic link — the part itself, or a folder on its way — is
  /// read when the user owns the link, as a build system's sandbox links every input (Bazel).
  @Test(arguments: ["file", "folder"])
  func aPartThroughTheUsersOwnLinkIsRead(linked: String) throws {
    let (folder, configuration) = try Self.workspace()
    try Self.link(linked, in: folder, to: "// linked part\n{{ r.forwardingImplementation }}\n")
    let generation = Generator().generate(configuration)
    #expect(!generation.diagnostics.contains { $0.severity == .error }, "\(generation.diagnostics)")
    #expect(generation.files.contains { $0.contents.contains("// linked part") })
  }

  /// A link another user made is never followed, for the part or a folder on its way: the part
  /// is an error naming the link's owner, not read and not replaced by Veneer's own.
  @Test(
    .enabled(if: geteuid() == 0, "only root can make a link that is another user's"),
    arguments: ["file", "folder"])
  func aPartThroughAnotherUsersLinkIsNeverRead(linked: String) throws {
    let (folder, configuration) = try Self.workspace()
    let link = try Self.link(linked, in: folder, to: "SECRET\n")
    #expect(lchown(link, 65534, 65534) == 0)
    let generation = Generator().generate(configuration)
    #expect(generation.files.allSatisfy { !$0.contents.contains("SECRET") })
    let messages = generation.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(
      messages.contains {
        $0.contains("is a symbolic link that belongs to another user (uid 65534)")
      },
      "\(messages)")
  }

  /// A link to nothing where a part is named is something there: an error, never replaced by
  /// Veneer's part of that name.
  @Test func aLinkToNothingIsNotReplacedByVeneersPart() throws {
    let (folder, configuration) = try Self.workspace()
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/Templates/Parts/Decorator.stencil",
      withDestinationPath: folder.path + "/Nowhere.stencil")
    let generation = Generator().generate(configuration)
    #expect(generation.files.isEmpty)
    let messages = generation.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(
      messages.contains { $0.contains("'Decorator.stencil' is a symbolic link to nothing") },
      "\(messages)")
  }

  /// The workspace's part, or its folder, made a link to a copy elsewhere holding `text`; the
  /// link's path.
  @discardableResult
  private static func link(_ linked: String, in folder: TemporaryFolder, to text: String) throws
    -> String
  {
    try folder.write("Elsewhere/Forward.stencil", text)
    let manager = FileManager.default
    let (link, target) =
      linked == "file"
      ? ("/Templates/Parts/Forward.stencil", "/Elsewhere/Forward.stencil")
      : ("/Templates/Parts", "/Elsewhere")
    try manager.removeItem(atPath: folder.path + link)
    try manager.createSymbolicLink(
      atPath: folder.path + link, withDestinationPath: folder.path + target)
    return folder.path + link
  }
}
