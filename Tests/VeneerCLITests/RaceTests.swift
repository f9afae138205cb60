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

  /// Another user (`nobody`) flips a link in a shared sticky folder, at the victim's cache path,
  /// between nothing and a folder of theirs holding a cache of their making, as fast as it can,
  /// while the victim runs Veneer 200 times: every run writes the victim's decorators, no file
  /// of the other user's is read into a run or touched, and the runs that met the link say so.
  @Test(.enabled(if: canActAsAnotherUser, "needs root, runuser and the nobody user"))
  func aLinkFlippedByAnotherUserNeverPoisonsOrTouches() throws {
    let workspace = try Workspace()
    let shared = workspace.path + "/shared"
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
    #expect(chmod(shared, 0o1777) == 0)
    // The other user's folder holds a cache made from protocols of theirs, which must never
    // become the victim's decorators.
    try workspace.write("Poison/P.swift", "// veneer: logging\nprotocol P { func poisoned() }\n")
    let attacker = shared + "/attacker"
    let made = try workspace.veneer(
      "generate", "--sources", "Poison", "--output", "PoisonOut", "--cache-path",
      attacker + "/cache")
    #expect(made.status == 0, "\(made.errors)")
    let chown = try runProcess(
      URL(fileURLWithPath: "/bin/chown"), ["-R", "nobody:nogroup", attacker])
    #expect(chown.status == 0)
    let before = Self.snapshot(attacker)
    #expect(before.contains { $0.hasPrefix("cache/index ") })

    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func honest() }\n")
    // The other user flips until the victim is done, and at most two minutes.
    let stop = workspace.path + "/stop"
    let flipper = Process()
    flipper.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
    flipper.arguments = [
      "-u", "nobody", "--", "/bin/sh", "-c",
      "end=$(($(date +%s) + 120)); while [ ! -e \(stop) ] && [ $(date +%s) -lt $end ]; do "
        + "for i in 1 2 3 4 5 6 7 8; do ln -s \(attacker)/cache \(shared)/cache 2>/dev/null; "
        + "rm -f \(shared)/cache; done; done",
    ]
    flipper.standardOutput = FileHandle.nullDevice
    flipper.standardError = FileHandle.nullDevice
    try flipper.run()
    defer { FileManager.default.createFile(atPath: stop, contents: nil) }
    var refused = 0
    for run in 0..<200 {
      let result = try workspace.veneer(
        "generate", "--sources", "Sources", "--output", "Out", "--cache-path", shared + "/cache")
      #expect(result.status == 0, "run \(run): \(result.errors)")
      let output = workspace.read("Out/P+Decorators.swift") ?? ""
      #expect(
        output.contains("func honest()") && !output.contains("poisoned"),
        "run \(run) wrote \(output)")
      if result.errors.contains("is a link that belongs to another user") { refused += 1 }
      // A victim that made the folder first keeps it: the other user cannot remove it from a
      // sticky folder, and the contest is over. Start again from nothing.
      var status = stat()
      if lstat(shared + "/cache", &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        try FileManager.default.removeItem(atPath: shared + "/cache")
      }
    }
    FileManager.default.createFile(atPath: stop, contents: nil)
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
