// Every shape of requirement the model covers, in code that compiles.

public struct Celsius: Hashable, Sendable {
  public var degrees: Double

  public init(degrees: Double) {
    self.degrees = degrees
  }
}

/// Requirements spelled with keywords.
public protocol Spelling {
  func `default`() -> Int
  func `for`(_ `in`: Int) -> Int
  /// Parameters named after keywords need no backticks here, but do where they are used.
  // veneer: cache
  func index(in: [Int], of: Int, default: Int) -> Int
  var `self`: Int { get }
  /// Raw identifiers (Swift 6.2), overloaded: the names decorators build from them stay ones.
  // veneer: cache
  func `count (all)`(of: [Int]) -> Int
  // veneer: cache
  func `count (all)`(in: String) -> Int
}

// Requirements a decorator cannot meet: Swift allows no decorator of these protocols.

public protocol Operators {
  static func == (lhs: Self, rhs: Self) -> Bool
  static prefix func - (value: Self) -> Self
}

public protocol SelfReturning {
  static func make() -> Self
}

/// A builder a class decorator cannot return: it would have to copy itself around another
/// instance without knowing what it stores.
public protocol ClassBuilder: AnyObject {
  func adding(_ value: Int) -> Self
}

public protocol Variadic {
  func sum(_ values: Int...) -> Int
}

public protocol Initializers {
  init(celsius: Celsius)
  init?(string: String) async throws
}

public protocol Effects {
  func plain()
  func asynchronous() async
  func throwing() throws
  func both() async throws -> Int
  func typed() throws(PostError)
  func rethrowing(_ body: () throws -> Void) rethrows
  func generic<T: Codable & Sendable, U>(_ value: T, other: U) -> [T] where U: Hashable
  func parameterPack<each Element>(_ elements: repeat each Element)
  static func version() -> String
  mutating func reset()
  // veneer: cache
  nonisolated func describe() -> String
}

public protocol Parameters {
  func labels(_ unlabeled: Int, label name: String, same: Bool)
  func wildcard(_: Int)
  func inoutParameter(_ counter: inout Int)
  func closures(
    escaping: @escaping () -> Void,
    sendable: @escaping @Sendable (Int) async throws -> String,
    autoclosure: @autoclosure () -> Bool,
    optional: ((Int) -> Void)?)
  func types(
    tuple: (Int, name: String), dictionary: [String: [Int]], optional: Int?,
    existential: any Error, opaque: some Sequence<Int>, metatype: Int.Type,
    composition: any Hashable & Sendable, member: Swift.Int)
}

public protocol Members {
  var readOnly: Int { get }
  var readWrite: String { get set }
  var effectful: Celsius { get async throws }
  static var shared: Int { get }
  subscript(index: Int) -> String { get }
  subscript(key key: String) -> Int? { get set }
  subscript<T>(typed index: Int, as type: T.Type) -> T? { get }
}

public protocol Conditional {
  func always()
  #if DEBUG
    func debugOnly()
  #elseif os(Linux)
    func linuxOnly()
  #else
    func otherwise()
  #endif
}

#if canImport(Foundation)
  public protocol CompiledWithFoundation {
    func available()
  }
#endif

@MainActor
public protocol MainActorView: AnyObject {
  var title: String { get set }
  func render() async
}

@available(macOS 13, iOS 16, *)
public protocol Available: Sendable {
  func run()
}

public protocol ClassBound: AnyObject {
  func ping()
}

public protocol ActorBound: Actor {
  func work() async
}

public protocol Container where Item: Sendable {
  associatedtype Item
  associatedtype Index: Comparable = Int
  associatedtype Items: Collection where Items.Element == Item
  var items: Items { get }
}

public struct Outer {
  public protocol Nested {
    func inner()
  }
}

extension Outer {
  public protocol InExtension {
    func extended()
  }
}

// Inheritance: Leaf gets Base's requirements once, through two paths.
public protocol Base {
  func root()
}

public protocol Left: Base {
  func left()
}

public protocol Right: Base {
  func right()
}

public protocol Leaf: Left, Right, Hashable, Sendable {
  func leaf()
}

// veneer: skip
public protocol Skipped {
  func ignored()
}

/// A Sendable protocol whose associated type is not: its arguments cannot be captured by a
/// computation that callers share, so the caching decorator computes in place.
public protocol KeyedLookup: Sendable {
  associatedtype Key: Hashable
  // veneer: cache
  func value(for key: Key) async -> Int
}

/// `CaseIterable` requires `Self == AllCases.Element`, which no decorator can meet.
public protocol Choice: CaseIterable {
  func label() -> String
}

/// Ties an associated type to the conformer itself in its own where clause, as swift-case-paths'
/// `CasePathIterable` does: a decorator is another type.
public protocol TiedToItself where Paths: Sequence, Paths.Element == PartialKeyPath<Self> {
  associatedtype Paths
  var paths: Paths { get }
}
