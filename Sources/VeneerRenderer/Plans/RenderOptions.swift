import Foundation
import VeneerModel

/// Project-wide choices that change generated code, set in `veneer.yml`.
package struct RenderOptions: Sendable, Equatable, Encodable {
  /// The most visible access decorators get; `nil` gives them the protocol's own.
  package var maximumAccess: AccessLevel?
  /// `{template}{protocol}`: the type name of each decorator.
  package var decoratorNaming = "{template}{protocol}"
  /// Each built-in's own settings from `veneer.yml` or `@Decorated`, by `built-in.setting`
  /// (`logging.level`): read and written through the typed properties each built-in's folder
  /// declares (`logLevel`, `cacheCapacity`), so that a built-in's settings live beside it. A
  /// setting equal to its default is not kept: options that say the default equal options that
  /// say nothing.
  private var builtInSettings: [String: BuiltInSetting] = [:]
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
  /// Decorator names that the run's own protocols have (`LoggingSystem`, a protocol, is the
  /// Logging decorator's name for a protocol `System`): such a decorator, like one named as a
  /// library's type, is named `SystemLoggingDecorator` instead.
  package var takenTypeNames: Set<String> = []
  /// Libraries' module names that a protocol of the run also has (FlyingSocks' `Logging`):
  /// there `Logging.Logger` would be read as a member of the protocol, so decorators name the
  /// library's declaration unqualified.
  package var shadowedModules: Set<String> = []

  package init() {}

  /// The decorator type name for a template and a protocol's decorator suffix: a raw
  /// identifier in backticks when the protocol's name is one (`` `Logginghello world` ``), and
  /// never a name a library or a protocol of the run already has.
  package func decoratorName(template: String, protocolSuffix: String) -> String {
    Naming.rawIdentifierIfNeeded(
      ReservedTypeNames.avoiding(
        patternName(template: template, protocolSuffix: protocolSuffix), template: template,
        protocolSuffix: protocolSuffix, taken: takenTypeNames))
  }

  /// The name `decoratorNaming` gives, before any clash is avoided.
  package func patternName(template: String, protocolSuffix: String) -> String {
    decoratorNaming.replacingPlaceholders { name in
      switch name {
      case "template": template
      case "protocol": protocolSuffix
      default: nil
      }
    }
  }

  /// How decorators name `name` of the library `module`: qualified (`Logging.Logger`), so that
  /// an app's own `Logger` changes nothing, unless a protocol of the run has the module's name.
  package func libraryName(_ name: String, in module: String) -> String {
    shadowedModules.contains(module) ? name : "\(module).\(name)"
  }

  /// The setting `key` (`logging.level`), as it was set.
  package func setting(_ key: String) -> BuiltInSetting? { builtInSettings[key] }

  /// Sets `key` to `value`; `nil` removes it, so that the built-in's default holds.
  package mutating func set(_ key: String, _ value: BuiltInSetting?) {
    builtInSettings[key] = value
  }
}

/// One built-in's setting: a word, a whole number or a number of seconds, or a flag.
package enum BuiltInSetting: Sendable, Equatable, Encodable {
  case word(String)
  case whole(Int)
  case seconds(Double)
  case flag(Bool)

  var word: String? { if case .word(let word) = self { word } else { nil } }
  var whole: Int? { if case .whole(let whole) = self { whole } else { nil } }
  var seconds: Double? { if case .seconds(let seconds) = self { seconds } else { nil } }
  var flag: Bool? { if case .flag(let flag) = self { flag } else { nil } }
}
