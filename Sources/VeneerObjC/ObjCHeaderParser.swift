import CVeneerClang
import Foundation
import VeneerModel
import VeneerParser

/// Reads the `@protocol` declarations of Objective-C headers through libclang, into
/// `ObjCProtocol`s: libclang finds the declarations, their selectors, sections, availability and
/// places even in a header that does not compile on its own; their types are read from the text
/// as written, and their annotations from the comments above them, as for Swift.
package struct ObjCHeaderParser: Sendable {
  package var annotationKeys: AnnotationKeys

  package init(annotationKeys: AnnotationKeys = .common) {
    self.annotationKeys = annotationKeys
  }

  /// Why headers cannot be read on this machine, or nil when they can.
  package static var unavailableReason: String? { LibClang.unavailableReason }

  /// What Veneer says when a header is given and libclang is missing.
  package static func unavailableMessage(_ reason: String) -> String {
    "reading Objective-C headers needs libclang (\(reason)): install libclang-dev (Debian, "
      + "Ubuntu) or Xcode's command-line tools, or set VENEER_LIBCLANG to the library's path"
  }

  /// Macros of Foundation a header uses around declarations, defined for headers that do not
  /// import it (or whose include paths are not given), so that what they mark is still read.
  static let foundationMacros = [
    "-DNS_ASSUME_NONNULL_BEGIN=_Pragma(\"clang assume_nonnull begin\")",
    "-DNS_ASSUME_NONNULL_END=_Pragma(\"clang assume_nonnull end\")",
    "-DNS_SWIFT_NAME(name)=__attribute__((swift_name(#name)))",
    "-DNS_SWIFT_UNAVAILABLE(message)=__attribute__((unavailable(message)))",
    "-DNS_REFINED_FOR_SWIFT=", "-DNS_DESIGNATED_INITIALIZER=",
    "-DNS_UNAVAILABLE=__attribute__((unavailable))",
    "-DDEPRECATED_ATTRIBUTE=__attribute__((deprecated))",
    "-DAPI_AVAILABLE(...)=", "-DAPI_UNAVAILABLE(...)=",
    "-DAPI_DEPRECATED(...)=__attribute__((deprecated))",
    "-DNS_AVAILABLE(...)=", "-DNS_DEPRECATED(...)=__attribute__((deprecated))",
  ]

  /// Foundation's commonest types, for a header whose import of Foundation is not found.
  static let foundationPrelude = """
    @protocol NSObject @end
    @protocol NSCopying @end
    @protocol NSCoding @end
    @protocol NSSecureCoding @end
    @class NSString, NSError, NSNumber, NSData, NSDate, NSURL, NSValue, NSObject;
    @class NSArray<ObjectType>, NSMutableArray<ObjectType>, NSSet<ObjectType>;
    @class NSOrderedSet<ObjectType>, NSDictionary<KeyType, ObjectType>;
    @class NSMutableDictionary<KeyType, ObjectType>;
    typedef signed char BOOL;
    typedef long NSInteger;
    typedef unsigned long NSUInteger;
    typedef double NSTimeInterval;
    typedef double CGFloat;
    typedef struct _NSRange { NSUInteger location, length; } NSRange;
    typedef struct CGPoint { CGFloat x, y; } CGPoint;
    typedef struct CGSize { CGFloat width, height; } CGSize;
    typedef struct CGRect { CGPoint origin; CGSize size; } CGRect;

    """

  /// The name of the prelude's file, which is never written.
  private static let preludeName = "/veneer-objc-prelude.h"

  /// `files` parsed from the first, with `prelude` included first; clang reads no file but those
  /// handed to it, `overlay` telling it that nothing else exists. Function bodies are skipped
  /// unless `bodies` is set.
  static func parseUnit(
    _ files: [(path: String, bytes: [UInt8])], prelude: String, overlay: String,
    arguments extra: [String] = [], bodies: Bool = false
  ) -> UnsafeMutableRawPointer? {
    let arguments =
      ["-x", "objective-c", "-fblocks", "-ferror-limit=0", "-include", Self.preludeName]
      + ["-ivfsoverlay", overlay] + Self.foundationMacros + extra
    let files = [(path: Self.preludeName, bytes: Array(prelude.utf8))] + files
    // All contents in one buffer, each file's at its offset.
    let buffer = files.flatMap(\.bytes).map { CChar(bitPattern: $0) }
    let lengths = files.map { UInt($0.bytes.count) }
    return buffer.withUnsafeBufferPointer { buffer in
      var offset = 0
      let contents = files.map { file -> UnsafePointer<CChar>? in
        defer { offset += file.bytes.count }
        return buffer.baseAddress.map { $0 + offset }
      }
      return withCStrings(arguments) { argumentPointers in
        withCStrings(files.map(\.path)) { names in
          veneer_clang_parse(
            files[1].path, argumentPointers, Int32(arguments.count), names, contents,
            lengths, UInt32(files.count), bodies ? 1 : 0)
        }
      }
    }
  }

  /// `parseUnit` again, with the classes and protocols the first parse did not find declared
  /// in the prelude, so that clang reads the declarations that use them; `identifier` is the
  /// identifier at a diagnostic's file, line and column.
  static func parseDeclaringMissing(
    _ files: [(path: String, bytes: [UInt8])], overlay: String, arguments: [String] = [],
    bodies: Bool = false, identifier: (String?, Int, Int) -> String?
  ) -> UnsafeMutableRawPointer? {
    guard
      var unit = parseUnit(
        files, prelude: foundationPrelude, overlay: overlay, arguments: arguments, bodies: bodies)
    else { return nil }
    let missing = missingNames(unit, identifier: identifier)
    if !missing.classes.isEmpty || !missing.protocols.isEmpty,
      let again = parseUnit(
        files,
        prelude: foundationPrelude
          + missing.classes.sorted().map { "@class \($0);\n" }.joined()
          + missing.protocols.sorted().map { "@protocol \($0) @end\n" }.joined(),
        overlay: overlay, arguments: arguments, bodies: bodies)
    {
      veneer_clang_dispose(unit)
      unit = again
    }
    return unit
  }

  /// The classes and protocols clang did not find: named by its message, or the identifier
  /// where it expected a type.
  private static func missingNames(
    _ unit: UnsafeMutableRawPointer, identifier: (String?, Int, Int) -> String?
  ) -> (classes: Set<String>, protocols: Set<String>) {
    var classes: Set<String> = []
    var protocols: Set<String> = []
    for diagnostic in ClangDiagnostic.all(of: unit) {
      let message = diagnostic.message
      if let name = Self.quotedName(in: message, after: "unknown type name '") {
        classes.insert(name)
      } else if let name = Self.quotedName(
        in: message, after: "cannot find protocol declaration for '")
      {
        protocols.insert(name)
      } else if message.hasPrefix("expected a type"), diagnostic.line > 0,
        let name = identifier(diagnostic.file, diagnostic.line, diagnostic.column)
      {
        classes.insert(name)
      }
    }
    return (classes, protocols)
  }

  /// The name between `prefix` and the next quote in `message`, when it is an identifier: it
  /// goes into the prelude.
  private static func quotedName(in message: String, after prefix: String) -> String? {
    guard let start = message.range(of: prefix) else { return nil }
    let name = message[start.upperBound...].prefix { $0 != "'" }
    guard let first = name.first, first.isLetter || first == "_",
      name.allSatisfy(\.isIdentifierCharacter)
    else { return nil }
    return String(name)
  }

  /// Messages of a header that misses an import or another header's types: the types are read
  /// as written, so these do not stop a protocol from being read.
  private static let missingDeclarations = [
    "unknown type name", "expected a type", "cannot find protocol declaration", "file not found",
    "redefined", "property with 'copy' attribute must be of object type",
    "type arguments cannot be applied", "no type or protocol named",
    // A value type of a missing header, declared for clang as a class.
    "cannot be returned by value", "cannot be passed by value",
  ]

  /// The protocols of the header `file`, and every file handed to clang for it (the header
  /// first, then what it includes), as read: what its decorators are checked beside.
  package func parse(file: String, contents: [UInt8]) -> (
    protocols: [ObjCProtocol], diagnostics: [Diagnostic], inputs: [(path: String, bytes: [UInt8])]
  ) {
    if let invalid = ProtocolParser.invalidUTF8(in: contents, file: file) {
      return ([], [invalid], [])
    }
    if let reason = LibClang.unavailableReason {
      return ([], [Diagnostic(.error, Self.unavailableMessage(reason), file: file)], [])
    }
    let text = HeaderText(file: file, bytes: contents)
    let inputs = HeaderInputs(header: file, bytes: contents)
    let overlay: TemporaryFile
    do {
      overlay = try TemporaryFile(contents: HeaderInputs.overlay)
    } catch {
      return ([], inputs.diagnostics + [Diagnostic(.error, "\(error)", file: file)], [])
    }
    defer { overlay.remove() }
    LibClang.lock.lock()
    defer { LibClang.lock.unlock() }
    // Parsed once with Foundation's common types declared; again, when types of other headers
    // are missing, with those declared too, so that clang reads the declarations that use them.
    guard
      let unit = Self.parseDeclaringMissing(
        inputs.files, overlay: overlay.path,
        identifier: { _, line, column in text.identifier(atLine: line, column: column) })
    else {
      return (
        [],
        inputs.diagnostics + [
          Diagnostic(.error, "libclang could not parse the header", file: file)
        ],
        []
      )
    }
    defer { veneer_clang_dispose(unit) }
    var diagnostics = inputs.diagnostics + clangDiagnostics(unit, file: file)
    var protocols: [ObjCProtocol] = []
    for cursor in veneer_clang_root(unit).children where cursor.cursorKind == .protocolDeclaration {
      let place = cursor.place(start: false)
      guard place.isMain, text.text(cursor.extent).contains("@end") else { continue }
      protocols.append(readProtocol(cursor, text: text, diagnostics: &diagnostics))
    }
    return (protocols, diagnostics, inputs.files)
  }

  private func readProtocol(
    _ cursor: VeneerCursor, text: HeaderText, diagnostics: inout [Diagnostic]
  ) -> ObjCProtocol {
    let children = cursor.children
    let name = cursor.spelling
    let comments = text.leadingComments(before: cursor.extent.lowerBound)
    var proto = ObjCProtocol(
      name: name,
      swiftName: ObjCSignature.argument(of: "NS_SWIFT_NAME", in: declarationHead(cursor, text)),
      isDeprecated: veneer_clang_availability(cursor) == 1, documentation: comments.documentation,
      annotations: annotations(comments.directives, on: .protocol, text: text, &diagnostics),
      location: location(of: cursor, text))
    let properties = children.filter { $0.cursorKind == .property }
    // clang declares a property's accessors as methods at the property's place.
    let propertyPlaces = Set(properties.map { $0.place(start: false).offset })
    for child in children {
      switch child.cursorKind {
      case .protocolReference:
        proto.inheritedProtocols.append(child.spelling)
      case .instanceMethod, .classMethod:
        guard !propertyPlaces.contains(child.place(start: false).offset) else { continue }
        if let method = readMethod(child, text: text, diagnostics: &diagnostics) {
          proto.methods.append(method)
        }
      case .property:
        proto.properties.append(readProperty(child, text: text, diagnostics: &diagnostics))
      default:
        break
      }
    }
    return proto
  }

  private func readMethod(
    _ cursor: VeneerCursor, text: HeaderText, diagnostics: inout [Diagnostic]
  ) -> ObjCMethod? {
    let extent = cursor.extent
    guard let signature = ObjCSignature(text.text(extent)) else {
      diagnostics.append(
        Diagnostic(
          .warning, "cannot read the declaration of \(cursor.spelling); Veneer ignores it",
          at: location(of: cursor, text)))
      return nil
    }
    let assumesNonnull = text.assumesNonnull(at: extent.lowerBound)
    let parameters = signature.parameters.map { parameter in
      ObjCParameter(
        selectorPiece: parameter.piece, name: parameter.name,
        type: type(parameter.type, assumingNonnull: assumesNonnull))
    }
    let comments = text.leadingComments(before: extent.lowerBound)
    let target = AnnotationKeys.Target.callable(
      parameters.map {
        Parameter(
          label: $0.selectorPiece, name: $0.name,
          type: TypeRef(text: $0.type.text, shape: .named(name: $0.type.text, genericArguments: []))
        )
      })
    let availability = veneer_clang_availability(cursor)
    return ObjCMethod(
      selector: cursor.spelling, isClassMethod: cursor.cursorKind == .classMethod,
      isOptional: veneer_clang_is_optional(cursor) != 0,
      isVariadic: veneer_clang_is_variadic(cursor) != 0,
      returnType: type(signature.returnType, assumingNonnull: assumesNonnull),
      parameters: parameters, swiftName: signature.swiftName, isDeprecated: availability == 1,
      isUnavailable: availability == 2, documentation: comments.documentation,
      annotations: annotations(comments.directives, on: target, text: text, &diagnostics),
      location: location(of: cursor, text))
  }

  private func readProperty(
    _ cursor: VeneerCursor, text: HeaderText, diagnostics: inout [Diagnostic]
  ) -> ObjCProperty {
    let extent = cursor.extent
    let name = cursor.spelling
    let nameOffset = cursor.place(start: false).offset
    let declaration = text.text(extent.lowerBound..<max(extent.lowerBound, nameOffset))
    var attributes: [String] = []
    var typeText = declaration
    if let open = declaration.firstIndex(of: "("), let close = declaration.firstIndex(of: ")") {
      attributes = declaration[declaration.index(after: open)..<close]
        .split(separator: ",").map { String($0).trimmingSpaces }
      typeText = String(declaration[declaration.index(after: close)...])
    } else if let range = declaration.range(of: "@property") {
      typeText = String(declaration[range.upperBound...])
    }
    let flags = veneer_clang_property_attributes(cursor)
    let comments = text.leadingComments(before: extent.lowerBound)
    let isReadOnly = flags & 0x01 != 0
    let assumesNonnull = text.assumesNonnull(at: extent.lowerBound)
    var type = type(typeText.trimmingSpaces, assumingNonnull: assumesNonnull)
    if attributes.contains(where: { $0 == "nullable" || $0 == "null_resettable" }) {
      type.nullability = .nullable
    } else if attributes.contains("nonnull") {
      type.nullability = .nonnull
    }
    return ObjCProperty(
      name: name, type: type, attributes: attributes, isReadOnly: isReadOnly,
      getter: takeString(veneer_clang_property_getter(cursor)).flatMap { $0.isEmpty ? nil : $0 }
        ?? name,
      isClassProperty: flags & 0x1000 != 0, isOptional: veneer_clang_is_optional(cursor) != 0,
      documentation: comments.documentation,
      annotations: annotations(comments.directives, on: .property, text: text, &diagnostics),
      location: location(of: cursor, text))
  }

  private func type(_ text: String, assumingNonnull: Bool) -> ObjCType {
    ObjCType(
      text: text,
      nullability: ObjCSignature.nullability(of: text, assumingNonnull: assumingNonnull),
      block: ObjCSignature.block(text, assumingNonnull: assumingNonnull))
  }

  /// A protocol's text up to its first member: where `NS_SWIFT_NAME` and availability are.
  private func declarationHead(_ cursor: VeneerCursor, _ text: HeaderText) -> String {
    let declaration = text.text(cursor.extent)
    guard let newline = declaration.firstIndex(of: "\n") else { return declaration }
    return String(declaration[..<newline])
  }

  private func annotations(
    _ directives: [HeaderText.Directive], on target: AnnotationKeys.Target, text: HeaderText,
    _ diagnostics: inout [Diagnostic]
  ) -> [Annotation] {
    var annotations: [Annotation] = []
    for directive in directives {
      let read = DirectiveAnnotations.read(directive.text, on: target, keys: annotationKeys) {
        text.location(of: directive.offset + $0)
      }
      annotations += read.annotations
      diagnostics += read.diagnostics
    }
    return annotations
  }

  private func location(of cursor: VeneerCursor, _ text: HeaderText) -> SourceLocation {
    let place = cursor.place(start: false)
    return SourceLocation(file: text.file, line: place.line, column: place.column)
  }

  /// clang's errors in the header itself, but for those a missing import or another header's
  /// type causes.
  private func clangDiagnostics(_ unit: UnsafeMutableRawPointer, file: String) -> [Diagnostic] {
    ClangDiagnostic.all(of: unit).compactMap { diagnostic in
      guard diagnostic.severity >= 3, diagnostic.file == file || diagnostic.file == nil,
        !Self.missingDeclarations.contains(where: diagnostic.message.contains)
      else { return nil }
      return diagnostic.line > 0
        ? Diagnostic(
          .error, diagnostic.message,
          at: SourceLocation(file: file, line: diagnostic.line, column: diagnostic.column))
        : Diagnostic(.error, diagnostic.message, file: file)
    }
  }
}

/// `strings` as C strings, alive while `body` runs.
private func withCStrings<Result>(
  _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
  let copies = strings.map { strdup($0) }
  defer {
    for copy in copies { free(copy) }
  }
  let pointers = copies.map { UnsafePointer($0) }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
