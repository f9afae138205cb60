import Logging

/// A request context as servers declare one: it carries its own logger, so a logging
/// decorator's storage must take another name.
public protocol RequestContext {
  var logger: Logger { get }
}
