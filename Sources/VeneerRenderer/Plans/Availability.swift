import VeneerModel

/// `@available` attributes as decorators carry them: a decorator of a deprecated or
/// platform-limited protocol must be as deprecated or limited, or the compiler warns (or fails)
/// where it names the protocol.
///
/// Availability macros (`@available(gRPCSwift 2.0, *)`) are defined by their module's compiler
/// flags (`-define-availability`) and mean nothing elsewhere: one `availabilityMacros` maps is
/// spelt out; another is kept in the protocol's own module and left out of decorators in
/// another, which then compile on Linux but need the mapping for Apple platforms.
package struct Availability {
  /// Domains Swift itself knows, which need no macro.
  static let knownDomains: Set<String> = [
    "*", "swift", "macOS", "OSX", "iOS", "tvOS", "watchOS", "visionOS", "xrOS", "macCatalyst",
    "macOSApplicationExtension", "OSXApplicationExtension", "iOSApplicationExtension",
    "tvOSApplicationExtension", "watchOSApplicationExtension", "visionOSApplicationExtension",
    "macCatalystApplicationExtension", "anyAppleOS", "_PackageDescription", "Embedded",
  ]

  var macros: [String: String]
  var keepsUnknownMacros: Bool

  init(options: RenderOptions) {
    macros = options.availabilityMacros
    keepsUnknownMacros = !options.decoratorsInAnotherModule
  }

  /// The attributes as a decorator writes them: macros spelt out or left out.
  func attributes(_ attributes: [Attribute]) -> [Attribute] {
    // Without macros to spell out or to leave out, every attribute stays as written.
    guard !macros.isEmpty || !keepsUnknownMacros else { return attributes }
    return attributes.compactMap { attribute in
      guard attribute.name == "available", let arguments = attribute.arguments else {
        return attribute
      }
      let entries = arguments.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      var changed = false
      let kept = entries.flatMap { entry -> [String] in
        let domain = entry.prefix { $0 != " " && $0 != ":" }
        guard Self.isMacroUse(entry), !Self.knownDomains.contains(String(domain))
        else { return [entry] }
        if let spelt = macros[entry] {
          changed = true
          return spelt.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        if keepsUnknownMacros { return [entry] }
        changed = true
        return []
      }
      guard changed else { return attribute }
      let platforms = kept.filter { $0 != "*" }
      guard !platforms.isEmpty else { return nil }
      return Attribute(
        name: "available",
        arguments: (platforms + (kept.contains("*") ? ["*"] : [])).joined(separator: ", "))
    }
  }

  /// `Name 1.2` or `Name 1.2.3`: a domain and a version, as availability macros and the
  /// platforms they stand for are written.
  static func isMacroUse(_ text: String) -> Bool {
    let parts = text.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 2, let first = parts[0].first, first.isLetter || first == "_",
      parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    else { return false }
    let numbers = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return (1...3).contains(numbers.count)
      && numbers.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
  }

  /// A `-define-availability` value, `gRPCSwift 2.0:macOS 15.0, iOS 18.0`: the macro and the
  /// platforms it stands for, or `nil` when it is not one.
  package static func definition(_ text: String) -> (macro: String, platforms: String)? {
    let sides = text.split(separator: ":", omittingEmptySubsequences: false)
    guard sides.count == 2 else { return nil }
    let macro = sides[0].trimmingCharacters(in: .whitespaces)
    let platforms = sides[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard isMacroUse(macro), !platforms.isEmpty, platforms.allSatisfy(isMacroUse) else {
      return nil
    }
    return (macro, platforms.joined(separator: ", "))
  }
}
