import Foundation

/// A failure that describes itself: a decorator must answer with the base's descriptions and
/// the base's own implementations, not the defaults Foundation and this file's extension give.
// veneer: logging
public protocol DescribedFailure: LocalizedError, CustomStringConvertible, CustomReflectable,
  Sendable
{
  var code: Int { get }
  func retryDelay() -> Int
}

extension DescribedFailure {
  public func retryDelay() -> Int { 0 }
  public var customMirror: Mirror { Mirror(self, children: []) }
}
