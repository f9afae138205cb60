import Foundation

/// The `veneer.yml` files below the current folder, for a run that found none of its own
/// (`swift run veneer generate` from a package whose configuration is in a target's folder):
/// bounded, since the folder may be anything.
enum NearbyConfigurations {
  /// Up to `limit` paths, relative to the current folder, nearest and then alphabetically
  /// first, found within `depth` folders and `visits` entries; hidden folders and build
  /// folders are not entered.
  static func find(limit: Int = 3, depth: Int = 6, visits: Int = 20_000) -> [String] {
    var found: [String] = []
    var level = [""]
    var visited = 0
    for _ in 0..<depth where !level.isEmpty && found.count < limit {
      var next: [String] = []
      for folder in level {
        let path = folder.isEmpty ? "." : folder
        guard
          let names = try? FileManager.default.contentsOfDirectory(atPath: path).sorted()
        else { continue }
        for name in names {
          visited += 1
          if visited > visits { return found }
          let relative = folder.isEmpty ? name : folder + "/" + name
          var isDirectory: ObjCBool = false
          // A link is not followed: it may lead anywhere, or around in a circle.
          guard
            let attributes = try? FileManager.default.attributesOfItem(atPath: relative),
            attributes[.type] as? FileAttributeType != .typeSymbolicLink,
            FileManager.default.fileExists(atPath: relative, isDirectory: &isDirectory)
          else { continue }
          if isDirectory.boolValue {
            if !name.hasPrefix("."), !name.hasPrefix("Generated") { next.append(relative) }
          } else if name == "veneer.yml", !folder.isEmpty, found.count < limit {
            found.append(relative)
          }
        }
      }
      level = next
    }
    return found
  }
}
