/// A position in a source file, 1-based, with the column counted in UTF-8 bytes like the Swift compiler.
public struct SourceLocation: Codable, Sendable, Hashable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  public var description: String { "\(file):\(line):\(column)" }
}

/// A message for the user about an input, in the format editors and CI logs understand.
public struct Diagnostic: Codable, Sendable, Hashable, CustomStringConvertible {
  public enum Severity: String, Codable, Sendable, Hashable {
    case error
    case warning
    case note
  }

  public var severity: Severity
  public var message: String
  /// The file the message is about when no finer position is known.
  public var file: String
  /// The position in `file`, when the message is about one.
  public var location: SourceLocation?

  public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
    self.severity = severity
    self.message = message
    self.file = location.file
    self.location = location
  }

  public init(_ severity: Severity, _ message: String, file: String) {
    self.severity = severity
    self.message = message
    self.file = file
    self.location = nil
  }

  /// `file:line:column: error: message`, or `file: error: message` without a position.
  public var description: String {
    "\(location?.description ?? file): \(severity.rawValue): \(message)"
  }
}
