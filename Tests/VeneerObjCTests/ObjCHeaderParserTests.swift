import Foundation
import TestSupport
import Testing
import VeneerModel
import VeneerObjC

/// The Objective-C front end reads `@protocol`s of headers through libclang, with types as
/// written, in headers that do not compile on their own. CI installs libclang-dev and requires
/// them (`VENEER_REQUIRE_OBJC=1`); elsewhere, without it, they are skipped and say why.
@Suite(
  "Objective-C headers through libclang",
  .enabled(
    if: ObjCHeaderParser.unavailableReason == nil || ObjCToolchain.isRequired,
    "libclang is not installed"))
struct ObjCHeaderParserTests {
  static let headers = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../FixtureHeaders").standardizedFileURL.path

  static func read(_ name: String) -> (protocols: [ObjCProtocol], diagnostics: [Diagnostic]) {
    ObjCHeaders.read([headers + "/" + name])
  }

  static func proto(_ name: String, in header: String = "Services.h") throws -> ObjCProtocol {
    try #require(read(header).protocols.first { $0.name == name })
  }

  /// Foundation is imported but not found, and `Post` and `User` are only declared: nothing is
  /// reported, and every declaration is read.
  @Test func aHeaderThatDoesNotCompileAloneIsReadWhole() {
    let read = Self.read("Services.h")
    #expect(read.diagnostics == [])
    #expect(read.protocols.map(\.name) == ["LoaderService", "PostRepo", "Untyped"])
  }

  @Test func protocolsKeepTheirPlaceDocumentationAndAdoptedProtocols() throws {
    let loader = try Self.proto("LoaderService")
    #expect(loader.location.description == Self.headers + "/Services.h:12:11")
    #expect(loader.documentation == "Loads the app's items.")
    #expect(loader.inheritedProtocols == ["NSObject"])
    #expect(loader.annotations.map(\.description) == ["logging", "analytics"])
    #expect(try Self.proto("PostRepo").inheritedProtocols == ["LoaderService"])
  }

  @Test func methodsAreReadWithFullSelectorsSectionsAndTypesAsWritten() throws {
    let repo = try Self.proto("PostRepo")
    #expect(
      repo.methods.map(\.selector) == [
        "getPostWithID:completion:", "createPostWithTitle:body:completion:",
        "authenticateWithUsername:password:", "deletePostWithID:error:", "sharedRepository",
        "refresh", "logFormat:", "legacyReset",
      ])
    let create = repo.methods[1]
    #expect(
      create.parameters.map(\.selectorPiece) == ["createPostWithTitle", "body", "completion"])
    #expect(create.parameters.map(\.name) == ["title", "body", "completion"])
    #expect(create.parameters[0].type.text == "NSString *")
    #expect(create.returnType.text == "void")
    let authenticate = repo.methods[2]
    #expect(authenticate.returnType.text == "nullable User *")
    #expect(authenticate.returnType.nullability == .nullable)
    #expect(authenticate.annotations.map(\.description) == ["redact(password)"])
    let shared = repo.methods[4]
    #expect(shared.isClassMethod)
    #expect(shared.swiftName == "shared()")
    #expect(
      repo.methods.filter(\.isOptional).map(\.selector) == ["refresh", "logFormat:", "legacyReset"])
    #expect(repo.methods.filter(\.isVariadic).map(\.selector) == ["logFormat:"])
    #expect(repo.methods.filter(\.isDeprecated).map(\.selector) == ["legacyReset"])
  }

  /// Inside `NS_ASSUME_NONNULL_BEGIN` a pointer is nonnull unless it says otherwise; an
  /// out-parameter (`NSError **`) is nullable; outside, nothing is assumed.
  @Test func nullabilityIsWrittenOrAssumedByRegion() throws {
    let repo = try Self.proto("PostRepo")
    let delete = try #require(repo.methods.first { $0.selector == "deletePostWithID:error:" })
    #expect(delete.parameters.map(\.type.nullability) == [.unspecified, .nullable])
    #expect(repo.methods[2].parameters.map(\.type.nullability) == [.nonnull, .nonnull])
    let untyped = try Self.proto("Untyped")
    #expect(untyped.methods[0].parameters[0].type.nullability == .unspecified)
  }

  @Test func blockParametersAreReadWithTheirOwnParameters() throws {
    let load = try #require(try Self.proto("LoaderService").methods.first)
    let block = try #require(load.parameters[0].type.block)
    #expect(block.returnType == "void")
    #expect(block.parameters.map(\.name) == ["items", "error"])
    #expect(
      block.parameters.map(\.type) == ["NSArray<NSString *> *_Nullable", "NSError *_Nullable"])
    #expect(block.parameters.map(\.nullability) == [.nullable, .nullable])
    // The block itself, in a nonnull region, is nonnull.
    #expect(load.parameters[0].type.nullability == .nonnull)
  }

  @Test func propertiesKeepTheirAttributes() throws {
    let properties = try Self.proto("PostRepo").properties
    #expect(properties.map(\.name) == ["name", "enabled", "version", "delegate"])
    #expect(properties[0].attributes == ["nonatomic", "readonly", "copy"])
    #expect(properties[0].isReadOnly && properties[0].type.text == "NSString *")
    #expect(properties[1].getter == "isEnabled" && !properties[1].isReadOnly)
    #expect(properties[2].isClassProperty)
    #expect(properties[3].isOptional && properties[3].type.nullability == .nullable)
  }

  /// `// veneer:`, `///` and `/** */` comments carry annotations alike.
  @Test func annotationsAreReadFromEveryCommentForm() throws {
    let refresh = try #require(
      try Self.proto("PostRepo").methods.first { $0.selector == "refresh" })
    #expect(refresh.annotations.map(\.description) == [#"analytics(event: "post_repo_refreshed")"#])
    #expect(refresh.annotations[0].location.line == 41)
  }

  /// Checked as strictly as Swift's: a misspelt parameter, a value of the wrong kind and an
  /// unknown key, each where it is written.
  @Test func annotationsAreCheckedAsSwiftsAre() throws {
    let folder = try TemporaryFolder()
    let header = try folder.write(
      "Bad.h",
      """
      // veneer: cachng
      @protocol Bad
      // veneer: redact(pasword)
      - (void)signInWithPassword:(NSString *)password;
      // veneer: cache(ttl: "soon")
      - (int)count;
      @end

      """)
    let diagnostics = ObjCHeaders.read([header]).diagnostics.map(\.description)
    #expect(diagnostics.count == 3)
    #expect(diagnostics[0].hasPrefix(header + ":1:12: warning: unknown veneer annotation 'cachng'"))
    #expect(diagnostics[1].hasPrefix(header + ":3:12: error:"))
    #expect(diagnostics[1].contains("pasword"))
    #expect(diagnostics[2].hasPrefix(header + ":5:12: error:"))
  }

  /// A macro that hides a declaration, a protocol split by `#if`, a syntax error: located
  /// diagnostics, the rest read, never a crash.
  @Test func carelessHeadersGiveLocatedDiagnostics() throws {
    let read = Self.read("Hostile.h")
    let file = Self.headers + "/Hostile.h"
    #expect(read.protocols.map(\.name) == ["Hidden", "Split", "Broken"])
    #expect(read.protocols[0].methods.map(\.selector) == ["visible"])
    #expect(read.protocols[1].methods.map(\.selector) == ["always", "otherwise"])
    #expect(read.protocols[2].methods.map(\.selector) == ["fine"])
    let messages = read.diagnostics.map(\.description)
    #expect(
      messages.contains(
        file + ":6:1: warning: cannot read the declaration of reset; Veneer ignores it"))
    #expect(messages.contains(file + ":21:20: error: expected ')'"))
  }

  @Test func aHeaderThatIsNotUTF8IsALocatedError() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/Latin1.h"
    try Data("@protocol P\n- (void)caf\u{E9};\n@end\n".utf8.map { $0 }).write(
      to: URL(fileURLWithPath: path))
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    bytes[bytes.firstIndex(of: 0xC3)!] = 0xE9
    try bytes.write(to: URL(fileURLWithPath: path))
    let read = ObjCHeaders.read([path])
    #expect(read.protocols.isEmpty)
    #expect(
      read.diagnostics.map(\.description) == [
        path + ":2:12: error: file is not valid UTF-8 (byte 0xE9)"
      ])
  }

  /// A type nested thousands of parentheses deep, and a line of a megabyte: read, no crash.
  @Test func deepAndLongDeclarationsAreRead() throws {
    let folder = try TemporaryFolder()
    let depth = 5_000
    let deep = try folder.write(
      "Deep.h",
      "@protocol Deep\n- (void)take:(" + String(repeating: "(", count: depth) + "int"
        + String(repeating: ")", count: depth) + ")value;\n// veneer: logging"
        + String(repeating: " ", count: 1_000_000) + "\n- (void)after;\n@end\n")
    let read = ObjCHeaders.read([deep])
    #expect(read.protocols.first?.methods.map(\.selector) == ["take:", "after"])
    #expect(read.protocols.first?.methods.last?.annotations.map(\.key) == ["logging"])
  }

  /// Bytes of every kind where a header is expected: diagnostics, never a crash or a hang.
  @Test func randomBytesNeverCrash() throws {
    let folder = try TemporaryFolder()
    var generator = SystemRandomNumberGenerator()
    let pieces = [
      "@protocol ", "P", " <", ">", "@end", "- (", "void", ")", ":", "(^)", "(", ";", "\n",
      "// veneer: ", "logging(", "@optional", "@property", " * ", "NS_ASSUME_NONNULL_BEGIN",
      "#if 1\n", "#endif\n", "/*", "*/", ", ...", "\"", "@",
    ]
    for round in 0..<40 {
      let text = (0..<60).map { _ in pieces.randomElement(using: &generator)! }.joined()
      let path = try folder.write("Random\(round).h", text)
      // Every diagnostic names the header, never the prelude Veneer gives clang.
      #expect(ObjCHeaders.read([path]).diagnostics.allSatisfy { $0.file == path }, "\(text)")
    }
  }
}
