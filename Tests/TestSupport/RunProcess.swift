import Foundation

/// Runs a program to the end and returns its exit status and what it printed on each stream,
/// both read at once, so that neither pipe fills up and blocks it.
public func runProcess(
  _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
  in directory: String? = nil
) throws -> (status: Int32, output: String, errors: String) {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let environment { process.environment = environment }
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  let errorData = LockedData()
  let errorReader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
  errorReader.start()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  while !errorData.isSet { usleep(1_000) }
  return (
    process.terminationStatus, String(decoding: outputData, as: UTF8.self),
    String(decoding: errorData.value, as: UTF8.self)
  )
}

/// Data handed from a reading thread.
public final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?

  public init() {}

  public func set(_ value: Data) { lock.withLock { data = value } }
  public var isSet: Bool { lock.withLock { data != nil } }
  public var value: Data { lock.withLock { data ?? Data() } }
}
