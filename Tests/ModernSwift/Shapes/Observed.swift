import Observation

// A model observed through Observation: the protocol inherits `Observable`, whose decorators
// conform too and read through to the base.

@MainActor
public protocol SettingsModel: Observable, AnyObject {
  var theme: String { get }
  func reset() async -> String
}
