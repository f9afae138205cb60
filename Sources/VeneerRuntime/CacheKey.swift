import Foundation

/// Identifies one cached result: the decorator that asked, the requirement called and the
/// arguments it was called with.
///
/// Two calls share a result only when their arguments are the same value: strings are compared
/// by their UTF-8 bytes (Swift's `==` finds the two spellings of `é` equal, which name two files
/// on Linux), floating-point numbers by their bits (`-0.0` is not `0.0`, and a NaN is itself).
///
/// `@unchecked Sendable`: the key is immutable, and its arguments are the values of a call, which
/// the caller already handed across isolation to make it.
public struct CacheKey: Hashable, @unchecked Sendable, CustomStringConvertible {
  /// The requirement by its selector and result type, e.g. `PostRepo.getPost(id:) -> Post`:
  /// overloads that differ only by their result type are told apart.
  public let requirement: String
  @usableFromInline let arguments: any CacheKeyArguments
  /// The requirement's, the arguments' and the scope's hash, made once: a cache hashes a key on
  /// every lookup.
  @usableFromInline var hash: Int
  /// The caching decorator whose call it is (`__CallCache.key`), part of the key's identity: one
  /// cache given to decorators of two bases keeps their results apart. Set by `scoped(_:)`.
  @usableFromInline private(set) var scope: UInt64 = 0
  /// How many invalidations that decorator had made when the call began: what the call computes
  /// is stored, or shared with later calls, only while no invalidation has come since. Not part
  /// of the key's identity.
  @usableFromInline var epoch: UInt64 = 0

  /// A key for a call of one argument, `Hashable` by its type; see the overload for several.
  /// Apart and inlinable, so that the commonest key is made in code specialized for its type,
  /// without a parameter pack, whose generic metadata Swift looks up on every call.
  @inlinable
  package init?<Argument: Hashable>(requirement: String, arguments argument: Argument) {
    var hasher = Hasher()
    hasher.combine(requirement)
    hasher.combine(argument)
    self.requirement = requirement
    self.arguments = OneArgument(argument)
    self.hash = hasher.finalize()
  }

  /// A key for a call whose arguments are `Hashable` by their types, compared by `==` and told
  /// apart by their dynamic types (an `AnyHashable` finds `1` and `1.0` equal, and an
  /// `AnyHashable` parameter given each must not share a cached value). Never `nil`: failable,
  /// like the overload it is chosen over, for the code generated for both.
  package init?<each Argument: Hashable>(requirement: String, arguments: repeat each Argument) {
    var hasher = Hasher()
    hasher.combine(requirement)
    for argument in repeat each arguments { hasher.combine(argument) }
    self.requirement = requirement
    self.arguments = TypedArguments(repeat each arguments)
    self.hash = hasher.finalize()
  }

  /// A key for a call, or `nil` when an argument is not `Hashable` (checked at run time, so
  /// that any requirement can be decorated): such a call is forwarded, never cached.
  @_disfavoredOverload
  package init?<each Argument>(requirement: String, arguments: repeat each Argument) {
    var hashableArguments: [AnyHashable] = []
    for argument in repeat each arguments {
      guard let hashable = argument as? AnyHashable else { return nil }
      hashableArguments.append(hashable)
    }
    var hasher = Hasher()
    hasher.combine(requirement)
    hasher.combine(hashableArguments)
    self.requirement = requirement
    self.arguments = CheckedArguments(hashableArguments)
    self.hash = hasher.finalize()
  }

  /// Whether two keys are of one decorator, one requirement and the same arguments.
  public static func == (left: CacheKey, right: CacheKey) -> Bool {
    // The requirement is Veneer's identity string, never text a user typed: `==` suffices, and
    // finds two keys of one decorator's call site the same string at once.
    left.hash == right.hash && left.scope == right.scope && left.requirement == right.requirement
      && left.arguments.isEqual(to: right.arguments)
  }

  /// Feeds the hash made when the key was.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// The key in `scope`, its hash mixed with it: a multiply and an exclusive or, where a second
  /// value fed to every lookup's hasher cost each cache hit its share.
  @inlinable
  mutating func scope(_ scope: UInt64) {
    hash ^= Int(truncatingIfNeeded: (scope ^ self.scope) &* 0x9E37_79B9_7F4A_7C15)
    self.scope = scope
  }

  /// `Store.get(id:pin:) -> String[Int, Int]`: the requirement and its arguments' types, never
  /// their values: a cache of the user's may log its keys, and a key knows no argument's name,
  /// which may say that a number is a secret.
  public var description: String {
    "\(requirement)[\(arguments.descriptions.joined(separator: ", "))]"
  }
}

/// A key's arguments, compared only with arguments of the same requirement's keys.
@usableFromInline
protocol CacheKeyArguments: AnyObject {
  func isEqual(to other: any CacheKeyArguments) -> Bool
  var descriptions: [String] { get }
}

/// One argument whose type is `Hashable`, kept with its type.
@usableFromInline
final class OneArgument<Argument: Hashable>: CacheKeyArguments {
  let value: Argument

  @usableFromInline
  init(_ value: Argument) {
    self.value = value
  }

  @usableFromInline
  func isEqual(to other: any CacheKeyArguments) -> Bool {
    guard type(of: other) == Self.self else { return false }
    let other = unsafeDowncast(other, to: Self.self).value
    return sameArgument(value, other)
  }

  @usableFromInline
  var descriptions: [String] { [describe(value)] }
}

/// Arguments whose types are `Hashable`, kept with their types.
private final class TypedArguments<each Argument: Hashable>: CacheKeyArguments {
  let values: (repeat each Argument)

  init(_ values: repeat each Argument) {
    self.values = (repeat each values)
  }

  func isEqual(to other: any CacheKeyArguments) -> Bool {
    guard type(of: other) == Self.self else { return false }
    let other = unsafeDowncast(other, to: Self.self)
    for (left, right) in repeat (each values, each other.values) {
      guard sameArgument(left, right) else { return false }
    }
    return true
  }

  var descriptions: [String] {
    var descriptions: [String] = []
    for value in repeat each values { descriptions.append(describe(value)) }
    return descriptions
  }
}

/// Whether two arguments of one type are the same value, as `CacheKey` says: `==`, but strings
/// by their bytes and floating-point numbers by their bits, also inside an optional, an array
/// or an `AnyHashable`; values of two types (an `AnyHashable` finds `1` and `1.0` equal) are
/// not. By metatype rather than by a cast to a protocol: this runs on every cache hit, and a
/// failed conformance check costs more than the comparison of an `Int`.
@usableFromInline
func sameArgument<Value: Hashable>(_ left: Value, _ right: Value) -> Bool {
  if Value.self == String.self {
    return sameBytes(unsafeBitCast(left, to: String.self), unsafeBitCast(right, to: String.self))
  } else if Value.self == Double.self {
    return unsafeBitCast(left, to: Double.self).bitPattern
      == unsafeBitCast(right, to: Double.self).bitPattern
  } else if Value.self == String?.self {
    let (left, right) = (
      unsafeBitCast(left, to: String?.self), unsafeBitCast(right, to: String?.self)
    )
    guard let left, let right else { return left == nil && right == nil }
    return sameBytes(left, right)
  } else if Value.self == AnyHashable.self || Value.self == Float.self
    || Value.self == Substring.self || Value.self == Character.self
    || Value.self == [String].self || Value.self == Double?.self
  {
    return sameHashable(AnyHashable(left), AnyHashable(right))
  }
  return left == right && type(of: left) == type(of: right)
}

/// `sameArgument` of values whose types are known at run time only.
private func sameHashable(_ left: AnyHashable, _ right: AnyHashable) -> Bool {
  // An `AnyHashable` of an `AnyHashable` or an optional holds what they hold.
  switch (left.base, right.base) {
  case (let left as String, let right as String): sameBytes(left, right)
  case (let left as Substring, let right as Substring): left.utf8.elementsEqual(right.utf8)
  case (let left as Character, let right as Character): left.utf8.elementsEqual(right.utf8)
  case (let left as Double, let right as Double): left.bitPattern == right.bitPattern
  case (let left as Float, let right as Float): left.bitPattern == right.bitPattern
  case (let left as [String], let right as [String]):
    left.count == right.count && zip(left, right).allSatisfy(sameBytes)
  default: left == right && type(of: left.base) == type(of: right.base)
  }
}

/// Whether two strings hold the same UTF-8 bytes: one comparison of contiguous memory, where a
/// walk of their `utf8` views went byte by byte.
@usableFromInline
func sameBytes(_ left: String, _ right: String) -> Bool {
  guard left.utf8.count == right.utf8.count else { return false }
  let compared = left.utf8.withContiguousStorageIfAvailable { left in
    right.utf8.withContiguousStorageIfAvailable { right in
      left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
    }
  }
  // A string bridged from Objective-C may keep no contiguous UTF-8.
  return (compared ?? nil) ?? left.utf8.elementsEqual(right.utf8)
}

/// An argument as a key's description shows it: its type alone.
private func describe<Value>(_ value: Value) -> String {
  guard let hashable = value as? AnyHashable, Value.self == AnyHashable.self else {
    return String(describing: type(of: value))
  }
  return String(describing: type(of: hashable.base))
}

/// Arguments found `Hashable` at run time, kept with their dynamic types.
private final class CheckedArguments: CacheKeyArguments {
  let values: [AnyHashable]
  let types: [ObjectIdentifier]

  init(_ values: [AnyHashable]) {
    self.values = values
    types = values.map { ObjectIdentifier(type(of: $0.base)) }
  }

  func isEqual(to other: any CacheKeyArguments) -> Bool {
    guard let other = other as? CheckedArguments, types == other.types else { return false }
    return zip(values, other.values).allSatisfy(sameHashable)
  }

  var descriptions: [String] { values.map { String(describing: type(of: $0.base)) } }
}

/// A cached value of any type.
///
/// `@unchecked Sendable`: values are only stored and handed back; a caching decorator shares a
/// result between callers exactly as a hand-written cache would.
public struct CachedValue: @unchecked Sendable {
  /// The value a decorator stored.
  public let value: Any

  /// Wraps a value to store; made by generated code.
  @usableFromInline
  package init(_ value: Any) {
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
