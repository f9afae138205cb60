import VeneerModel
import VeneerRenderer

/// One Objective-C protocol's decorators, each template's halves in template order.
struct ObjCRendered {
  var proto: ObjCProtocol
  /// Whether forwarding must not warn about deprecated members.
  var hasDeprecatedMembers: Bool
  var headers: [String]
  var implementations: [String]
}

extension FileAssembly {
  /// The Objective-C back end's files: each protocol's decorators in a header and an
  /// implementation of their own, with Veneer's header, and the runtime they call beside them.
  static func objectiveCFiles(of rendered: [ObjCRendered]) -> [GeneratedSource] {
    var files: [GeneratedSource] = []
    for item in rendered {
      let stem = OutputFileName.component(item.proto.name) + "+Decorators"
      let headerName = String(item.proto.location.file.split(separator: "/").last ?? "")
      let origin = OutputOrigin.objectiveCDecorators(
        name: item.proto.name, at: item.proto.location)
      let description =
        "// Decorators of \(item.proto.name), declared in \(headerName.escapedForComment)."
      let header =
        [
          GeneratedFile.header, description, "", "#import <Foundation/Foundation.h>", "",
          "#import \"\(headerName)\"", "#import \"VNRRuntime.h\"", "", "NS_ASSUME_NONNULL_BEGIN",
          "", item.headers.joined(separator: "\n"), "NS_ASSUME_NONNULL_END",
        ]
      files.append(
        GeneratedSource(
          name: stem + ".h", contents: header.joined(separator: "\n") + "\n", origin: origin))
      var implementation = [
        GeneratedFile.header, description, "", "#import \"\(stem).h\"", "",
        "#import <objc/runtime.h>", "",
      ]
      if item.hasDeprecatedMembers {
        implementation += [
          "// Forwarding a deprecated method is not using it.",
          "#pragma clang diagnostic push",
          "#pragma clang diagnostic ignored \"-Wdeprecated-declarations\"",
          "#pragma clang diagnostic ignored \"-Wdeprecated-implementations\"", "",
        ]
      }
      implementation.append(item.implementations.joined(separator: "\n"))
      if item.hasDeprecatedMembers { implementation.append("#pragma clang diagnostic pop") }
      files.append(
        GeneratedSource(
          name: stem + ".m", contents: implementation.joined(separator: "\n") + "\n",
          origin: origin))
    }
    guard !files.isEmpty else { return [] }
    return files + [
      GeneratedSource(
        name: "VNRRuntime.h",
        contents: GeneratedFile.header + "\n" + BuiltInObjCTemplates.runtimeHeader,
        origin: .objectiveCRuntime),
      GeneratedSource(
        name: "VNRRuntime.m",
        contents: GeneratedFile.header + "\n" + BuiltInObjCTemplates.runtimeImplementation,
        origin: .objectiveCRuntime),
    ]
  }
}
