import Foundation
@_exported import TestSupport
import VeneerGenerator

/// Parses `yaml` as `veneer.yml` in `directory`.
func configuration(_ yaml: String, directory: String = ".") -> (
  configuration: Configuration, diagnostics: [String]
) {
  let result = ConfigurationFile.parse(yaml, file: "veneer.yml", directory: directory)
  return (result.configuration, result.diagnostics.map(\.description))
}
