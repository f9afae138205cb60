/// Identifies one cached result: the requirement called and the arguments it was called with.
///
/// `@unchecked Sendable`: the key is immutable, and its arguments are the values of a call, which
/// the caller already handed across isolation to make it.
public struct CacheKey: Hashable, @unchecked Sendable, CustomStringConvertible {
  /// The requirement's qualified selector, e.g. `PostRepo.getPost(id:completion:)`.
  public let requirement: String
  private let arguments: [AnyHashable]
  /// The arguments' dynamic types: `AnyHashable` finds `1` and `1.0` equal, and an `Any`
  /// parameter given each must not share a cached value.
  private let argumentTypes: [ObjectIdentifier]

  /// A key for a call, or `nil` when an argument is not `Hashable` (checked at run time, so
  /// that any requirement can be decorated): such a call is forwarded, never cached.
  @_spi(Generated)
  public init?<each Argument>(requirement: String, arguments: repeat each Argument) {
    var hashableArguments: [AnyHashable] = []
    for argument in repeat each arguments {
      guard let hashable = argument as? AnyHashable else { return nil }
      hashableArguments.append(hashable)
    }
    self.requirement = requirement
    self.arguments = hashableArguments
    argumentTypes = hashableArguments.map { ObjectIdentifier(type(of: $0.base)) }
  }

  /// `PostRepo.getPost(id:)[42]`: the requirement and its arguments.
  public var description: String {
    "\(requirement)[\(arguments.map { String(describing: $0.base) }.joined(separator: ", "))]"
  }
}

/// A cached value of any type.
///
/// `@unchecked Sendable`: values are only stored and handed back; a caching decorator shares a
/// result between callers exactly as a hand-written cache would.
public struct CachedValue: @unchecked Sendable {
  /// The value a decorator stored.
  public let value: Any

  /// Wraps a value to store; made by generated code.
  @_spi(Generated)
  public init(_ value: Any) {
    self.value = value
  }
}

/// Storage for caching decorators. Implementations must be safe to call from any thread.
public protocol DecoratorCache: Sendable {
  /// The value stored for `key`, unless it has expired.
  func value(for key: CacheKey) -> CachedValue?
  /// Stores `value` for `key`; `timeToLive` overrides the cache's default.
  func store(_ value: CachedValue, for key: CacheKey, timeToLive: Duration?)
  /// Removes every value stored for calls of `requirement`.
  func removeValues(forRequirement requirement: String)
  func removeAll()
}
