/// Shapes from real packages' public protocols that decorators once got wrong.

/// Class-bound and Sendable: so is every protocol that inherits it.
public protocol Reader: AnyObject, Sendable {
  // veneer: cache
  func read() -> Int
}

/// Class-bound through its parent alone: its decorators are classes too.
public protocol Writer: Reader {
  func write(_ value: Int)
}

@MainActor
public protocol Screen {
  func show()
}

/// Isolated to the main actor through its parent alone.
public protocol DetailScreen: Screen {
  func detail() -> String
}

/// A setter that does not mutate the value it is called on: the decorator's must not either.
public protocol Traced {
  var operationName: String { get nonmutating set }
}

/// A generic parameter that only the result mentions: the forwarding call must name it.
public protocol Serializer<Input> {
  associatedtype Input
  func serialize<Bytes: RangeReplaceableCollection<UInt8>>(_ message: Input) throws -> Bytes
}

/// Closures that are no completion handlers: an async method's, an async one, and one that
/// does work, each called any number of times.
public protocol Listener: Sendable {
  func listen(streamHandler: @escaping @Sendable (Int, String) async -> Void) async throws
  func subscribe(_ onValue: @escaping @Sendable (Int) async -> Void)
  func each(body: @escaping @Sendable (Int) -> Void)
}

/// Constrained through an alias declared in another file, under `#if`.
public protocol Clock: PackageSendableMetatype {
  func now() -> Int
}

/// Inherits two protocols through one alias: class-bound and Sendable through `Reader`.
public protocol Journal: ReadingAndNaming {
  // veneer: cache
  func entries() -> [String]
}

/// A parent's throwing requirement, declared again without `throws` by a refinement: one
/// method meets both, and the decorators declare it once.
public protocol ThrowingByteEncoder {
  func encode(into buffer: inout [UInt8]) throws
}

public protocol ByteEncoder: ThrowingByteEncoder {
  func encode(into buffer: inout [UInt8])
}

/// `Self.Span` names an associated type, as a tracer's `startSpan` returns one: decorators
/// name their base's alike.
public protocol SpanMaker {
  associatedtype Span
  func startSpan(named name: String) -> Self.Span
  func end(_ span: Self.Span)
}

/// A lookup whose spans record the id asked for, never the token, which is a secret.
public protocol Lookup: Sendable {
  // veneer: tracing(span: "lookup.find", attributes: [id, token])
  func find(id: Int, token: String) async throws -> String
}

/// An implicitly unwrapped result: a closure or a cast must name the optional, not `String!`.
public protocol LegacyDirectory {
  // veneer: cache
  func displayName(for id: Int) -> String!
}

/// One generic parameter the arguments name, one only the result names: the call names it.
public protocol Converter {
  func convert<Input, Output: BinaryInteger>(_ value: Input) -> Output
}

/// `throws(Never)` is Swift's spelling of not throwing: nothing to catch, nothing to `try`.
public protocol Ticker {
  // veneer: cache
  func next() throws(Never) -> Int
  var ticks: Int { get throws(Never) }
}

/// A fluent builder, as GRDB's requests and Hummingbird's router are: each instance method
/// returns `Self`, `Self?` or `[Self]`, which a decorator returns as a copy of itself around the
/// value its base built, so that the calls that follow are decorated too.
public protocol QueryBuilder: Sendable {
  var sql: String { get }
  func filter(_ condition: String) -> Self
  func limit(_ count: Int) async throws -> Self
  func parent() -> Self?
  func split() -> [Self]
  // veneer: cache
  func count() -> Int
}

/// Type aliases a protocol declares, as WasmKit's clock does: in a decorator, `Duration` must
/// still name the protocol's `UInt64`, not Swift's `Duration`.
public protocol MonotonicTicks: Sendable {
  typealias Instant = UInt64
  typealias Duration = UInt64
  func now() throws -> Instant
  func resolution() throws -> Duration
}

/// A requirement marked `@inlinable`, as SwiftNIO's `wrapOutboundOut` is: it says how a base's
/// body is compiled, and a decorator's calls the runtime's generated-code interface.
public protocol Wrapping {
  @inlinable
  func wrap(_ value: Int) -> [Int]
}

/// A parent's property declared again with another type, as ConsoleKit's `CommandGroup` does
/// its `AsyncCommandGroup`'s `commands`: a type has one property of a name, so the refinement
/// gives the parent's a default, and decorators declare the refinement's.
public protocol AsyncCommands {
  var commands: [String: any Sendable] { get }
}

public protocol Commands: AsyncCommands {
  var commands: [String: Int] { get }
  func run(_ name: String) -> Int
}

extension Commands {
  public var commands: [String: any Sendable] { [:] }
}

/// Values a decorator can only pass on, as swift-configuration's `watchSnapshot<Return:
/// ~Copyable>` and swift-subprocess's `RawSpan` outputs are: every decorator forwards them.
public protocol Unmovable {
  func watch<Return: ~Copyable>(_ body: () throws -> Return) rethrows -> Return
  func write(_ bytes: RawSpan) -> Int
  func enqueue(_ job: consuming ExecutorJob)
  // veneer: cache
  func count() -> Int
}

/// A result builder that conformers' bodies get, as swift-parsing's `@ParserBuilder var body`:
/// it would build a decorator's forwarding body too, so decorators do without it.
@resultBuilder
public enum TextBuilder {
  public static func buildBlock(_ parts: String...) -> String { parts.joined() }
}

/// Generic, as swift-parsing's `@ParserBuilder<Input>`, and taking only numbers: a decorator's
/// `base.tagged`, a `String`, built by it would not compile.
@resultBuilder
public enum TaggedBuilder<Tag> {
  public static func buildExpression(_ number: Int) -> String { "#\(number)" }
  public static func buildBlock(_ parts: String...) -> String { parts.joined() }
}

public protocol Composed {
  @TextBuilder var body: String { get }
  @TaggedBuilder<Int> var tagged: String { get }
}
