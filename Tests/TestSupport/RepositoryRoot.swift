import Foundation

/// The repository's root, found from this file's path so that tests run from any directory.
public let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
