import Foundation
import Stencil
import VeneerModel

/// A template's text and where it came from, for error messages.
public struct TemplateSource: Sendable, Hashable {
  /// The name protocols select it by, e.g. `Logging`.
  public var name: String
  /// `Templates/Logging.stencil`, or the user's path.
  public var path: String
  public var text: String
  /// Settings from `veneer.yml` for this template, which it reads as `options.NAME`.
  public var options: [String: String]

  /// What the template's leading `{# … #}` comment says it does.
  public var summary: String? {
    guard text.hasPrefix("{#"), let end = text.range(of: "#}") else { return nil }
    return text[text.index(text.startIndex, offsetBy: 2)..<end.lowerBound]
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Modules the generated code needs, from a `{# imports: Logging, VeneerRuntime #}` comment.
  public var imports: [String] {
    guard let start = text.range(of: "{# imports:"),
      let end = text[start.upperBound...].range(of: "#}")
    else { return [] }
    return text[start.upperBound..<end.lowerBound].split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }.filter { !$0.isEmpty }
  }

  public init(name: String, path: String, text: String, options: [String: String] = [:]) {
    self.name = name
    self.path = path
    self.text = text
    self.options = options
  }
}

/// A template that failed to render, located in the template.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
  public var diagnostic: Diagnostic
  public var description: String { diagnostic.description }
}

/// Renders templates over protocol plans. The one seam between Veneer and its template engine.
public protocol TemplateRenderer: Sendable {
  /// The template's output for one protocol, laid out like `swift format` would.
  func render(_ template: TemplateSource, plan: ProtocolPlan) throws(TemplateError) -> String
}

/// Renders Stencil templates.
public struct StencilRenderer: TemplateRenderer {
  public init() {}

  public func render(_ template: TemplateSource, plan: ProtocolPlan) throws(TemplateError)
    -> String
  {
    SwiftLayout.format(try renderUnformatted(template, plan: plan))
  }

  /// Stencil's output, before layout.
  func renderUnformatted(_ template: TemplateSource, plan: ProtocolPlan) throws(TemplateError)
    -> String
  {
    let stencilTemplate = Template(
      templateString: template.text, environment: Self.environment, name: template.path)
    do {
      return try stencilTemplate.render([
        "plan": plan, "decorator": plan.decoratorName(template: template.name),
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
      guard let requirement = value as? RequirementPlan, let template = arguments.first as? String
      else {
        throw TemplateSyntaxError("'skips' applies to a requirement and takes a template name")
      }
      return requirement.isSkipped(by: template)
    }
    return Environment(extensions: [templateExtension], trimBehaviour: .smart)
  }()
}
