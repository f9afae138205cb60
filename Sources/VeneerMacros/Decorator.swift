/// A built-in decorator `@Decorated` writes, with its settings: `.logging`,
/// `.logging(level: .info)`.
///
/// Only the macro reads it, from the attribute's text; the compiler checks each setting's label
/// and type first. A class, so that `.caching` and `.caching(ttl: .seconds(60))` are one member:
/// a misspelt label is then the compiler's own "incorrect argument label", where a property and
/// a method of one name made it "cannot call value of non-function type".
public class Decorator: @unchecked Sendable {
  init() {}
}
