import VeneerSupport

/// How a checked-in file differs from what it should be: a unified diff from the checked-in
/// text to the expected one, then the command that brings it up to date; nil when it is current.
public func checkedInDifference(
  _ name: String, onDisk: String?, expected: String, regenerate: String
) -> String? {
  guard onDisk != expected else { return nil }
  return UnifiedDiff.make(
    old: onDisk, new: expected, oldLabel: "\(name) (checked in)",
    newLabel: "\(name) (as generated)") + "to update it: \(regenerate)"
}
