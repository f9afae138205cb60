import Foundation
import TestSupport
import Testing

/// What moves between a check and a use: a link flipped by another user in a shared folder
/// while Veneer runs, and times too coarse to tell an edit.
@Suite("Correct under races")
struct RaceTests {
  /// Whether this run may act as two users: root, with `runuser` and the `nobody` user.
  static let canActAsAnotherUser =
    geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")
    && getpwnam("nobody") != nil

  /// The files below `path`, each with its size and modification time: what must not change.
  static func snapshot(_ path: String) -> [String] {
    (FileManager.default.subpaths(atPath: path) ?? []).sorted().map { name in
      var status = stat()
      lstat(path + "/" + name, &status)
      return "\(name) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }
  }

  /// Another user (`nobody`) flips a link of theirs in a shared sticky folder, at the victim's
  /// cache path, between the victim's own cache folder and one of theirs holding a cache made
  /// from protocols of theirs (sealed with the victim's key, the worst case), as fast as it can,
  /// while the victim runs Veneer 200 times: every run writes the victim's decorators, none of
  /// the other user's files is read into a run or touched, and runs say why they keep no cache.
  /// Before Veneer used the folder by its descriptor, a link followed by a check and then by a
  /// use fed a run the other user's cache within 100 runs.
  @Test(.enabled(if: canActAsAnotherUser, "needs root, runuser and the nobody user"))
  func aLinkFlippedByAnotherUserNeverPoisonsOrTouches() throws {
    let workspace = try Workspace()
    let shared = workspace.path + "/shared"
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
    #expect(chmod(shared, 0o1777) == 0)
    // Sources of one size and one time, so that a cache of either is taken for the other's.
    func write(_ method: String) throws {
      try workspace.write(
        "Sources/P.swift", "// veneer: logging\nprotocol P { func \(method)() }\n")
      for path in ["Sources/P.swift", "Sources"] {
        FileTimes.set(workspace.path + "/" + path, toSeconds: 1_577_836_800)
      }
    }
    func generate(_ cachePath: String) throws -> (status: Int32, output: String, errors: String) {
      try workspace.veneer(
        "generate", "--sources", "Sources", "--output", "Out", "--cache-path", cachePath)
    }
    let attacker = shared + "/attacker"
    try write("poison")
    #expect(try generate(attacker + "/cache").status == 0)
    try write("honest")
    try FileManager.default.removeItem(atPath: workspace.path + "/Out")
    #expect(try generate(shared + "/victim").status == 0)
    let chown = try runProcess(
      URL(fileURLWithPath: "/bin/chown"), ["-R", "nobody:nogroup", attacker])
    #expect(chown.status == 0)
    let before = Self.snapshot(attacker)
    #expect(before.contains { $0.hasPrefix("cache/index ") })

    // The other user flips until the victim is done, and at most two minutes.
    let stop = workspace.path + "/stop"
    let flipper = Process()
    flipper.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
    flipper.arguments = [
      "-u", "nobody", "--", "/bin/sh", "-c",
      "end=$(($(date +%s) + 120)); while [ ! -e \(stop) ] && [ $(date +%s) -lt $end ]; do "
        + "ln -sfn \(shared)/victim \(shared)/cache; "
        + "ln -sfn \(attacker)/cache \(shared)/cache; done",
    ]
    flipper.standardOutput = FileHandle.nullDevice
    flipper.standardError = FileHandle.nullDevice
    try flipper.run()
    defer { _ = FileManager.default.createFile(atPath: stop, contents: nil) }
    var refused = 0
    for run in 0..<200 {
      let result = try generate(shared + "/cache")
      #expect(result.status == 0, "run \(run): \(result.errors)")
      let output = workspace.read("Out/P+Decorators.swift") ?? ""
      #expect(
        output.contains("func honest()") && !output.contains("poison"),
        "run \(run) wrote \(output)")
      if result.errors.contains("is a link that belongs to another user") { refused += 1 }
      try write("honest")
    }
    _ = FileManager.default.createFile(atPath: stop, contents: nil)
    flipper.waitUntilExit()
    #expect(Self.snapshot(attacker) == before, "the other user's folder was touched")
    #expect(refused > 0, "no run met the link")
  }

  /// The walk of a cache path, component by component, as ssh judges a key's folders.
  @Test func aCachePathIsJudgedComponentByComponent() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func a() }\n")
    func run(_ cachePath: String) throws -> String {
      let result = try workspace.veneer(
        "generate", "--sources", "Sources", "--output", "Out", "--cache-path", cachePath)
      #expect(result.status == 0, "\(result.errors)")
      return result.errors
    }
    // A link of the user's own on the way is followed.
    try FileManager.default.createDirectory(
      atPath: workspace.path + "/Real", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: workspace.path + "/Linked", withDestinationPath: workspace.path + "/Real")
    #expect(try run(workspace.path + "/Linked/Cache") == "")
    #expect(FileManager.default.fileExists(atPath: workspace.path + "/Real/Cache/index"))
    // A folder on the way others may write to, and not sticky: refused.
    try FileManager.default.createDirectory(
      atPath: workspace.path + "/Open/Deeper", withIntermediateDirectories: true)
    #expect(chmod(workspace.path + "/Open", 0o777) == 0)
    #expect(
      try run(workspace.path + "/Open/Deeper/Cache").contains(
        "others may write to the folder \(workspace.path)/Open above it (mode 777)"))
    #expect(!FileManager.default.fileExists(atPath: workspace.path + "/Open/Deeper/Cache"))
    // Sticky, as /tmp is: its entries are theirs alone to rename or remove.
    #expect(chmod(workspace.path + "/Open", 0o1777) == 0)
    #expect(try run(workspace.path + "/Open/Deeper/Cache") == "")
    // `..` in a cache path is refused rather than resolved through whatever it passes.
    #expect(try run(workspace.path + "/Real/../Cache").contains("its path goes up with '..'"))
    // Owned by another user, a link on the way is refused.
    if Self.canActAsAnotherUser {
      try FileManager.default.createSymbolicLink(
        atPath: workspace.path + "/Theirs", withDestinationPath: workspace.path + "/Real")
      #expect(lchown(workspace.path + "/Theirs", 65534, 65534) == 0)
      #expect(
        try run(workspace.path + "/Theirs/Cache").contains(
          "\(workspace.path)/Theirs is a link that belongs to another user (uid 65534)"))
    }
  }
}

/// Sets a file's times as `touch -d` does.
enum FileTimes {
  static func set(_ path: String, toSeconds seconds: Int) {
    var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
    utimensat(AT_FDCWD, path, &times, 0)
  }
}
