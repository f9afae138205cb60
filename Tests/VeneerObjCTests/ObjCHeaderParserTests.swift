import Foundation
import TestSupport
import Testing
import VeneerGenerator
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
  /// With the annotation keys of the built-ins that have an Objective-C template, as
  /// `veneer generate` reads headers.
  static let headerParser = ObjCHeaderParser(annotationKeys: ParsedHeaders.builtInKeys)
  static let headers = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../FixtureHeaders").standardizedFileURL.path

  static func read(_ name: String) -> (protocols: [ObjCProtocol], diagnostics: [Diagnostic]) {
    ObjCHeaders.read([headers + "/" + name], parser: headerParser)
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
    let diagnostics = ObjCHeaders.read([header], parser: Self.headerParser).diagnostics.map(
      \.description)
    #expect(diagnostics.count == 3)
    #expect(diagnostics[0].hasPrefix(header + ":1:12: warning: unknown veneer annotation 'cachng'"))
    #expect(diagnostics[1].hasPrefix(header + ":3:12: error:"))
    #expect(diagnostics[1].contains("pasword"))
    #expect(diagnostics[2].hasPrefix(header + ":5:12: error:"))
  }

  /// A selector piece given twice is a label two arguments answer to: `public` of it shows both,
  /// which the header's author may not have meant.
  @Test func publicOfASelectorPieceGivenTwiceIsAWarning() throws {
    let folder = try TemporaryFolder()
    let header = try folder.write(
      "Pair.h",
      """
      @protocol Pair
      // veneer: public(with)
      - (void)join:(NSString *)left with:(NSString *)middle with:(NSString *)right;
      @end

      """)
    let diagnostics = ObjCHeaders.read([header], parser: Self.headerParser).diagnostics.map(
      \.description)
    #expect(
      diagnostics == [
        header + ":2:12: warning: 'public' names 'with', which 2 parameters answer to "
          + "('middle', 'right'): both are shown; to mean one, name it: 'middle' or 'right'"
      ])
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
    let read = ObjCHeaders.read([path], parser: Self.headerParser)
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
    let read = ObjCHeaders.read([deep], parser: Self.headerParser)
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
      #expect(
        ObjCHeaders.read([path], parser: Self.headerParser).diagnostics.allSatisfy {
          $0.file == path
        },
        "\(text)")
    }
  }

  /// A folder of what a hostile header includes: a FIFO, links to devices, a sparse file past
  /// the size limit, and a header of macros that a protocol needs.
  static func hostileIncludes() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    #expect(mkfifo(folder.path + "/fifo", 0o600) == 0)
    #expect(symlink("/dev/zero", folder.path + "/zero.h") == 0)
    #expect(symlink("/dev/stdin", folder.path + "/stdin.h") == 0)
    #expect(symlink("fifo", folder.path + "/fifo.h") == 0)
    let huge = open(folder.path + "/Huge.h", O_CREAT | O_WRONLY, 0o600)
    #expect(ftruncate(huge, 65 << 20) == 0)
    close(huge)
    _ = try folder.write("sub/Defs.h", "#define MY_NULLABLE _Nullable\ntypedef int MyInt;\n")
    return folder
  }

  /// Includes of a FIFO, a device, `/dev/stdin`, a huge file, named as they are, through a
  /// link or a macro: each is a header not found, said where it is included, never a hang or
  /// an unbounded read; a header of macros beside the header is still read.
  @Test func includesAreReadOnlyWhenTheyAreRegularFilesOfBoundedSize() throws {
    let folder = try Self.hostileIncludes()
    let header = try folder.write(
      "Hostile.h",
      """
      #include "fifo"
      #import "zero.h"
      #include "/dev/zero"
      #include "stdin.h"
      #include "Huge.h"
      #define NAMED "fifo.h"
      #include NAMED
      #include <fifo.h>
      #import "sub/Defs.h"
      #import "Hostile.h"
      // veneer: logging
      @protocol Reader
      - (MyInt)count:(NSString * MY_NULLABLE)name;
      @end
      """)
    let read = try #require(
      returning(within: 60) { ObjCHeaders.read([header], parser: Self.headerParser) })
    #expect(read.protocols.first?.methods.map(\.selector) == ["count:"])
    #expect(
      read.diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" } == [
        "1: 'fifo' is not read: not a regular file (a FIFO, device, socket or folder); Veneer "
          + "reads the header as if it were not found",
        "2: 'zero.h' is not read: not a regular file (a FIFO, device, socket or folder); Veneer "
          + "reads the header as if it were not found",
        "3: '/dev/zero' is not read: not a regular file (a FIFO, device, socket or folder); "
          + "Veneer reads the header as if it were not found",
        "4: 'stdin.h' is not read: not a regular file (a FIFO, device, socket or folder); Veneer "
          + "reads the header as if it were not found",
        "5: 'Huge.h' is not read: larger than 64 MiB, the limit for a source; Veneer reads the "
          + "header as if it were not found",
      ])
  }

  /// Includes are followed 32 deep and 256 headers wide, each bound said once, where it stops.
  @Test func includesAreFollowedWithinBounds() throws {
    let folder = try TemporaryFolder()
    for depth in 0..<40 {
      _ = try folder.write("Chain\(depth).h", "#include \"Chain\(depth + 1).h\"\n")
    }
    for index in 0..<300 { _ = try folder.write("Wide\(index).h", "typedef int W\(index);\n") }
    let deep = try folder.write("Deep.h", "#include \"Chain0.h\"\n@protocol Deep\n@end\n")
    let wide = try folder.write(
      "Wide.h",
      (0..<300).map { "#include \"Wide\($0).h\"\n" }.joined() + "@protocol Wide\n@end\n")
    let read = ObjCHeaders.read([deep, wide], parser: Self.headerParser)
    #expect(read.protocols.map(\.name) == ["Deep", "Wide"])
    #expect(
      read.diagnostics.map(\.description) == [
        folder.path + "/Chain31.h:1:1: warning: 'Chain32.h' is not read: includes are followed "
          + "32 deep; Veneer reads the header as if it were not found",
        folder.path + "/Wide.h:256:1: warning: 'Wide255.h' is not read: a header brings in at "
          + "most 256 headers, and no more are read; Veneer reads the header as if it were not "
          + "found",
      ])
  }

  /// Property: headers made of include directives (of FIFOs, devices, huge files, each other,
  /// themselves, through macros) and declarations are read within seconds, every diagnostic
  /// on a header of the folder.
  @Test func randomIncludesNeverHang() throws {
    let folder = try Self.hostileIncludes()
    var generator = SystemRandomNumberGenerator()
    let pieces = [
      "#include \"", "#import \"", "#include_next \"", "#include <", "#define N ", "#include N",
      "fifo", "fifo.h", "zero.h", "stdin.h", "Huge.h", "/dev/zero", "sub/Defs.h", "../", "./",
      "Random0.h", "Random1.h", "Random2.h", "\"", ">", "\n", "@protocol P", "- (void)a;",
      "@end", "// veneer: logging\n", "#if 1\n", "#endif\n",
    ]
    for round in 0..<30 {
      for index in 0..<3 {
        let text = (0..<30).map { _ in pieces.randomElement(using: &generator)! }.joined()
        _ = try folder.write("Random\(index).h", text)
      }
      let header = folder.path + "/Random\(round % 3).h"
      let read = returning(within: 60) { ObjCHeaders.read([header], parser: Self.headerParser) }
      #expect(read != nil, "round \(round): \(folder.read("Random\(round % 3).h") ?? "")")
      #expect(read?.diagnostics.allSatisfy { $0.file.hasPrefix(folder.path + "/") } != false)
    }
  }
}
