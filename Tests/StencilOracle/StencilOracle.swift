import Stencil
import VeneerModel
import VeneerRenderer
import VeneerTemplates

/// Renders templates with Stencil 0.15.1 itself, the engine whose syntax Veneer's templates use:
/// the oracle `CompiledTemplate` must agree with, byte for byte.
package enum StencilOracle {
  /// Stencil's output, before layout.
  package static func renderUnformatted(_ template: TemplateSource, plan: ProtocolPlan)
    throws(TemplateError)
    -> String
  {
    // Parts are found by the names tags give, as a loader over the template's folder finds them.
    let environment =
      template.parts.isEmpty
      ? Self.environment
      : Environment(
        loader: DictionaryLoader(templates: template.parts.mapValues(\.text)),
        extensions: Self.environment.extensions, trimBehaviour: .smart)
    let stencilTemplate = Template(
      templateString: template.text, environment: environment, name: template.path)
    do {
      return try stencilTemplate.render([
        "plan": StencilObject(plan), "decorator": plan.decoratorName(template: template.name),
        "options": template.options,
      ])
    } catch let error as TemplateSyntaxError {
      let location = error.token.map {
        SourceLocation(
          file: template.path, line: Int($0.sourceMap.location.lineNumber),
          column: Int($0.sourceMap.location.lineOffset) + 1)
      }
      let message = "template error: \(error.reason)"
      throw TemplateError(
        diagnostic: location.map { Diagnostic(.error, message, at: $0) }
          ?? Diagnostic(.error, message, file: template.path))
    } catch {
      throw TemplateError(
        diagnostic: Diagnostic(.error, "template error: \(error)", file: template.path))
    }
  }

  /// Built once: Stencil's environment and extensions are only read while rendering, so
  /// sharing them between threads is safe (a fresh `Template` per render avoids Stencil's
  /// lazily computed token state).
  nonisolated(unsafe) private static let environment: Environment = {
    let templateExtension = Extension()
    templateExtension.registerFilter("skips") { value, arguments in
      guard
        let requirement =
          ((value as? StencilObject)?.object as? TemplateReference<RequirementPlan>)?
          .value,
        let template = arguments.first as? String
      else {
        throw TemplateSyntaxError("'skips' applies to a requirement and takes a template name")
      }
      return requirement.isSkipped(by: template)
    }
    return Environment(extensions: [templateExtension], trimBehaviour: .smart)
  }()
}

/// A template object as Stencil reads values: through its `DynamicMemberLookup`, with lists
/// and nested objects wrapped the same way.
struct StencilObject: DynamicMemberLookup {
  let object: any TemplateObject

  init(_ object: any TemplateObject) {
    self.object = object
  }

  subscript(dynamicMember member: String) -> Any? {
    Self.wrap(object.templateMember(member))
  }

  static func wrap(_ value: Any?) -> Any? {
    switch value {
    case let object as any TemplateObject: StencilObject(object)
    case let list as [any TemplateObject]: list.map(StencilObject.init)
    default: value
    }
  }
}
