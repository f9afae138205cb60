// What the decorators `@Decorated` writes use, so that `import VeneerMacros` is the one import
// a file with it needs.
@_exported import Logging
@_exported @_spi(Generated) import VeneerRuntime

/// Generates the decorators of the protocol it is attached to, as `veneer generate` would:
/// each built-in named writes a decorator type beside the protocol (`LoggingPostRepo`) and its
/// composition helper in an extension of it (`withLogging(_:)`).
///
///     @Decorated(.logging, .caching(ttl: 300))
///     public protocol PostRepo: Sendable { … }
///
/// A macro sees only the declaration it is attached to: a protocol that inherits one declared
/// elsewhere, and templates of your own, need the build plugin or the CLI.
@attached(
  peer,
  names: prefixed(Logging), prefixed(Analytics), prefixed(Caching), prefixed(Intercepting),
  prefixed(Tracing), prefixed(Metrics), prefixed(Timeout))
@attached(
  extension,
  names: named(withLogging), named(withAnalytics), named(withCaching), named(intercepted),
  named(withTracing), named(withMetrics), named(withTimeout))
public macro Decorated(_ decorators: Decorator...) =
  #externalMacro(module: "VeneerMacrosPlugin", type: "DecoratedMacro")

/// A built-in decorator `@Decorated` writes, with its settings: those of `veneer.yml`'s
/// `options:` for it.
public struct Decorator: Sendable {
  public static let logging = Decorator()
  public static let analytics = Decorator()
  public static let caching = Decorator()
  public static let intercepting = Decorator()
  public static let tracing = Decorator()
  public static let metrics = Decorator()
  public static let timeout = Decorator()

  /// Logging at `level` (`"debug"` unless said), failures at `errorLevel` (`"error"`), each
  /// value cut at `valueLimit` characters.
  public static func logging(
    level: String? = nil, errorLevel: String? = nil, valueLimit: Int? = nil
  ) -> Decorator { Decorator() }

  /// Analytics events named in the `naming` style (`"snake_case"`, `"camelCase"`,
  /// `"kebab-case"`), for every call or only those an annotation names (`track: "mapped"`).
  public static func analytics(naming: String? = nil, track: String? = nil) -> Decorator {
    Decorator()
  }

  /// Caching for `ttl` seconds (until evicted unless said), `capacity` values by default.
  public static func caching(ttl: Double? = nil, capacity: Int? = nil) -> Decorator {
    Decorator()
  }

  /// Calls past `seconds` throw `TimeoutError`.
  public static func timeout(seconds: Double) -> Decorator { Decorator() }
}
