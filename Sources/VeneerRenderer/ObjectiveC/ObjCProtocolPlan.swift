import VeneerModel
import VeneerTemplates

/// Why a protocol gets no Objective-C decorator: a rule of the language, located.
package struct ObjCUndecoratable: Error, Sendable {
  package var diagnostic: Diagnostic
}

/// What Objective-C templates need to decorate one `@protocol`: its methods and properties,
/// those of the protocols it adopts first, each worked out once for every template.
package struct ObjCProtocolPlan: Sendable {
  package let proto: ObjCProtocol
  /// The instance methods the decorators implement, inherited ones first.
  let methods: [TemplateReference<ObjCMethodPlan>]
  /// Getters and setters forwarding each instance property.
  let propertyImplementations: [String]
  /// `@selector(cancel)` for each optional method and property accessor, which a decorator
  /// answers `respondsToSelector:` for as its base does.
  let optionalSelectors: [String]
  package let hasDeprecatedMembers: Bool
  /// Warnings about members no decorator can do anything for.
  package let diagnostics: [Diagnostic]

  /// Protocols every `NSObject` subclass conforms to: a decorator implements nothing for them.
  private static let rootProtocols: Set<String> = ["NSObject"]

  /// The plan for `proto`, reading the protocols it adopts from `catalog`; an error when no
  /// decorator can conform to it, saying which rule of Objective-C stands in the way.
  package static func make(
    for proto: ObjCProtocol, catalog: [String: ObjCProtocol], options: RenderOptions
  ) -> Result<ObjCProtocolPlan, ObjCUndecoratable> {
    var diagnostics: [Diagnostic] = []
    var adopted: [ObjCProtocol] = []
    var visited: Set<String> = [proto.name]
    // Depth first, ancestors before the protocols adopting them, as Swift's inherited
    // requirements are.
    func visit(_ name: String, from location: SourceLocation) -> Diagnostic? {
      guard !rootProtocols.contains(name), visited.insert(name).inserted else { return nil }
      guard let ancestor = catalog[name] else {
        return Diagnostic(
          .warning,
          "\(proto.name) is not decorated: it adopts \(name), which no header Veneer read "
            + "declares, so its methods, which a decorator must implement, are unknown; add "
            + "the header declaring \(name) to the sources", at: location)
      }
      for grandparent in ancestor.inheritedProtocols {
        if let failure = visit(grandparent, from: location) { return failure }
      }
      adopted.append(ancestor)
      return nil
    }
    for name in proto.inheritedProtocols {
      if let failure = visit(name, from: proto.location) {
        return .failure(ObjCUndecoratable(diagnostic: failure))
      }
    }
    var seenSelectors: Set<String> = []
    var methods: [ObjCMethod] = []
    var properties: [ObjCProperty] = []
    for member in adopted + [proto] {
      for method in member.methods where seenSelectors.insert(method.selector).inserted {
        methods.append(method)
      }
      for property in member.properties where seenSelectors.insert(property.getter).inserted {
        properties.append(property)
      }
    }

    var kept: [ObjCMethod] = []
    for method in methods where !method.isUnavailable {
      let kind = method.isClassMethod ? "class method" : "variadic method"
      let reason =
        method.isClassMethod
        ? "a decorator wraps one object and has no class to forward a class method to"
        : "Objective-C cannot forward a variadic method's arguments"
      guard method.isClassMethod || method.isVariadic else {
        kept.append(method)
        continue
      }
      let selector = (method.isClassMethod ? "+" : "-") + method.selector
      guard method.isOptional else {
        return .failure(
          ObjCUndecoratable(
            diagnostic: Diagnostic(
              .warning,
              "\(proto.name) is not decorated: its required \(kind) \(selector) must be "
                + "implemented by a conforming class, and \(reason)", at: method.location)))
      }
      diagnostics.append(
        Diagnostic(
          .warning,
          "\(proto.name)'s optional \(kind) \(selector) is not forwarded by its decorators: "
            + reason, at: method.location))
    }
    for property in properties where property.isClassProperty {
      guard property.isOptional else {
        return .failure(
          ObjCUndecoratable(
            diagnostic: Diagnostic(
              .warning,
              "\(proto.name) is not decorated: its required class property \(property.name) must "
                + "be implemented by a conforming class, and a decorator wraps one object and has "
                + "no class to forward it to", at: property.location)))
      }
      diagnostics.append(
        Diagnostic(
          .warning,
          "\(proto.name)'s optional class property \(property.name) is not forwarded by its "
            + "decorators: a decorator wraps one object and has no class to forward it to",
          at: property.location))
    }
    let instanceProperties = properties.filter { !$0.isClassProperty }

    let eventPrefix = options.eventNaming.eventPrefix(protocol: proto.name)
    var hookNames: Set<String> = []
    // `checkout:didComplete:` and `checkout:didFailWith:` would share the event `….checkout`.
    let firstPieceCounts = Dictionary(
      kept.map { ($0.firstSelectorPiece, 1) }, uniquingKeysWith: +)
    let methodPlans = kept.map { method in
      var hookName = ObjCText.upperCamelCase(selector: method.selector)
      // `load` and `load:` would share a name.
      while !hookNames.insert(hookName).inserted { hookName += "_" }
      return TemplateReference(
        ObjCMethodPlan(
          method, protocolName: proto.name, eventPrefix: eventPrefix, options: options,
          protocolAnnotations: proto.annotations, hookName: hookName,
          eventFromWholeSelector: firstPieceCounts[method.firstSelectorPiece, default: 0]
            > 1, diagnostics: &diagnostics))
    }
    diagnostics += Disclosure.unmatchedNames(
      in: proto.annotations, of: proto.name,
      parameters: kept.flatMap { $0.parameters.map { ($0.name, $0.selectorPiece) } })
    let optionalSelectors =
      kept.filter(\.isOptional).map(\.selector)
      + instanceProperties.filter(\.isOptional).flatMap { property in
        [property.getter] + (property.isReadOnly ? [] : [setter(of: property)])
      }
    return .success(
      ObjCProtocolPlan(
        proto: proto, methods: methodPlans,
        propertyImplementations: instanceProperties.map(forwarding),
        optionalSelectors: optionalSelectors.map { "@selector(\($0))" },
        hasDeprecatedMembers: proto.isDeprecated || kept.contains(where: \.isDeprecated)
          || adopted.contains(where: \.isDeprecated),
        diagnostics: diagnostics))
  }

  /// `setEnabled:`, or the property's `setter=` attribute.
  private static func setter(of property: ObjCProperty) -> String {
    for attribute in property.attributes where attribute.hasPrefix("setter=") {
      return String(attribute.dropFirst(7)).replacingOccurrences(of: " ", with: "")
    }
    return "set" + property.name.prefix(1).uppercased() + property.name.dropFirst() + ":"
  }

  /// The getter and, unless read-only, the setter of `property`, forwarding to the base.
  private static func forwarding(_ property: ObjCProperty) -> String {
    let type = property.type.text
    var text = "- (\(type))\(property.getter) {\nreturn [_base \(property.getter)];\n}"
    if !property.isReadOnly {
      let setter = setter(of: property)
      text += "\n\n- (void)\(setter)(\(type))value {\n[_base \(setter)value];\n}"
    }
    return text
  }

  /// The file name of the header declaring the protocol; the generator refuses one that an
  /// `#import` cannot spell.
  package var headerName: String { String(proto.location.file.split(separator: "/").last ?? "") }

  /// `VNRLoggingLoaderService`: Veneer's prefix, then the template, then the protocol.
  package func decoratorName(template: String) -> String { "VNR\(template)\(proto.name)" }
}

extension ObjCProtocolPlan: TemplateObject {
  static let templateMembers: [String: TemplateMember<ObjCProtocolPlan>] = [
    "protocolName": .init(.text, "the protocol's name", { $0.proto.name }),
    "article": .init(
      .text, "`a` or `an`, to precede the protocol's name", { Naming.article(for: $0.proto.name) }),
    "headerImport": .init(
      .text, "`#import \"Services.h\"`: the header declaring the protocol, by its file name",
      { "#import \"\($0.headerName)\"" }),
    "methods": .init(
      .list(.object("ObjCMethodPlan")),
      "the instance methods a decorator implements, adopted protocols' first", { $0.methods }),
    "propertyImplementations": .init(
      .list(.text), "getters and setters forwarding each property to `_base`",
      { $0.propertyImplementations }),
    "respondsToSelectorImplementation": .init(
      .text,
      "`respondsToSelector:`, answering for optional members as the base does, or empty",
      { (plan: borrowing ObjCProtocolPlan) -> String in
        guard !plan.optionalSelectors.isEmpty else { return "" }
        return "- (BOOL)respondsToSelector:(SEL)selector {\n"
          + plan.optionalSelectors.map {
            "if (sel_isEqual(selector, \($0))) return [_base respondsToSelector:selector];\n"
          }.joined() + "return [super respondsToSelector:selector];\n}"
      }),
    "hasDeprecatedMembers": .init(
      .bool, "whether it or its members are deprecated, which forwarding must not warn about",
      { $0.hasDeprecatedMembers }),
  ]

  package func templateMember(_ name: String) -> Any? {
    Self.templateMembers[name]?.value(self).any
  }
}
