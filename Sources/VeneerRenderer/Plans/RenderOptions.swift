import Foundation
import VeneerModel

/// Project-wide choices that change generated code, set in `veneer.yml`.
package struct RenderOptions: Sendable, Equatable, Encodable {
  /// The most visible access decorators get; `nil` gives them the protocol's own.
  package var maximumAccess: AccessLevel?
  /// `{template}{protocol}`: the type name of each decorator.
  package var decoratorNaming = "{template}{protocol}"
  /// The default `Logger.Level` of logged calls, and of failed ones.
  package var logLevel = "debug"
  package var logErrorLevel = "error"
  /// How many characters of a logged value are kept; `nil` keeps the runtime's default.
  package var logValueLimit: Int?
  package var eventNaming = EventNaming.snakeCase
  /// Whether the analytics decorator tracks calls no annotation or event-map entry names.
  package var tracksUnnamedCalls = true
  /// How long cached values stay fresh when no `cache(ttl:)` says otherwise; `nil` keeps them
  /// until they are evicted.
  package var cacheTimeToLive: Double?
  /// How many values `withCaching()` keeps by default.
  package var cacheCapacity = 1_000
  /// The module that declares the protocols, for decorators in another: protocol names are
  /// qualified with it (`Stencil.Expression`), so that a type of the same name that another
  /// import brings (Foundation's `Expression`) is not ambiguous.
  package var protocolModule: String?
  /// Availability macros spelt out in decorators: `gRPCSwift 2.0` → `macOS 15.0, iOS 18.0`.
  package var availabilityMacros: [String: String] = [:]
  /// Whether decorators go into another module than their protocols (`--public`), where the
  /// protocols' module's availability macros are not defined.
  package var decoratorsInAnotherModule = false
  /// The templates the run's list names (`templates:`, `--template`, the macro's), lowercased:
  /// each asked for by name says what it leaves undone, as one an annotation asks for does.
  package var listedTemplates: Set<String> = []

  package init() {}

  /// How default analytics event names are spelt.
  package enum EventNaming: String, Sendable, CaseIterable, Encodable {
    /// `post_repo.create_post`
    case snakeCase = "snake_case"
    /// `postRepo.createPost`
    case camelCase
    /// `post-repo.create-post`
    case kebabCase = "kebab-case"

    /// The part of event names before the dot: the protocol's name in this style, the same for
    /// all its requirements.
    func eventPrefix(protocol name: String) -> String {
      switch self {
      case .snakeCase: Naming.snakeCase(name)
      case .kebabCase: Naming.snakeCase(name).replacingOccurrences(of: "_", with: "-")
      case .camelCase: Naming.lowerCamelCase(name)
      }
    }

    /// `post_repo.create_post` for `createPost`, after the prefix `post_repo`.
    func event(prefix: String, requirement: String) -> String {
      switch self {
      case .snakeCase: "\(prefix).\(Naming.snakeCase(requirement))"
      case .kebabCase:
        "\(prefix).\(Naming.snakeCase(requirement).replacingOccurrences(of: "_", with: "-"))"
      case .camelCase: "\(prefix).\(requirement.trimmingBackticks)"
      }
    }
  }

  /// The decorator type name for a template and a protocol's decorator suffix: a raw
  /// identifier in backticks when the protocol's name is one (`` `Logginghello world` ``).
  package func decoratorName(template: String, protocolSuffix: String) -> String {
    Naming.rawIdentifierIfNeeded(
      decoratorNaming.replacingPlaceholders { name in
        switch name {
        case "template": template
        case "protocol": protocolSuffix
        default: nil
        }
      })
  }

  /// The log levels `Logger.Level` knows, for checking configured levels.
  package static let logLevels = [
    "trace", "debug", "info", "notice", "warning", "error", "critical",
  ]
}
