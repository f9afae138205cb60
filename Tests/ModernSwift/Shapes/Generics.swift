// Generics as Swift 6 writes them.

nonisolated public enum ParseError: Error, Equatable {
  case empty
}

/// Primary associated types: the articles' `Service<Input, Output>`.
public protocol Service<Input, Output> {
  associatedtype Input
  associatedtype Output
  func callAsFunction(input: Input) async throws -> Output
}

public protocol Packs {
  func all<each Value: Sendable>(_ values: repeat each Value) async -> (repeat each Value)
  func count<each Value>(_ values: repeat each Value) -> Int
}

/// Integer generic parameters (SE-0452) and fixed-size arrays (SE-0453).
public protocol FixedSize {
  func sum<let N: Int>(_ values: InlineArray<N, Int>) -> Int
  func triple(_ value: Int) -> InlineArray<3, Int>
}

/// Typed throws (SE-0413).
public protocol Parser {
  func parse(_ text: String) throws(ParseError) -> Int
  func parseLater(_ text: String) async throws(ParseError) -> Int
  func never(_ text: String) throws(Never) -> Int
}

/// Opaque and existential parameters, as `ExistentialAny` spells them.
public protocol Describer {
  func describe(_ value: some CustomStringConvertible & Sendable) -> String
  func handle(_ error: any Error) -> String
  func pick(_ values: [any Sendable]) -> Int
}
