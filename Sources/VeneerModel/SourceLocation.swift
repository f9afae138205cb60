/// A position in a source file, 1-based, with the column counted in UTF-8 bytes like the Swift compiler.
package struct SourceLocation: Codable, Sendable, Hashable, CustomStringConvertible {
  package var file: String
  package var line: Int
  package var column: Int

  package init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  package var description: String { "\(file):\(line):\(column)" }
}

/// A message for the user about an input, in the format editors and CI logs understand.
package struct Diagnostic: Codable, Sendable, Hashable, CustomStringConvertible {
  package enum Severity: String, Codable, Sendable, Hashable {
    case error
    case warning
    case note
  }

  package var severity: Severity
  package var message: String
  /// The file the message is about when no finer position is known.
  package var file: String
  /// The position in `file`, when the message is about one.
  package var location: SourceLocation?

  package init(_ severity: Severity, _ message: String, at location: SourceLocation) {
    self.severity = severity
    self.message = message
    self.file = location.file
    self.location = location
  }

  package init(_ severity: Severity, _ message: String, file: String) {
    self.severity = severity
    self.message = message
    self.file = file
    self.location = nil
  }

  /// `file:line:column: error: message`, or `file: error: message` without a position. Names
  /// and values from outside are in many messages, and in the file: control characters are
  /// escaped here, once for every message, so none reaches a terminal.
  package var description: String {
    "\(location?.description ?? file): \(severity.rawValue): \(message)".escapedForComment
  }
}
