/// Decorated by a template of the workspace's own, with settings of a veneer.yml, inheriting a
/// protocol of its references: each an input Bazel must know, tested by editing it.
// veneer: logging, probe
public protocol Probed: Base {
  func a() async throws -> Int
}
