import Foundation
import TestSupport
import Testing

/// Input from an attacker or a careless user, at the boundaries where it enters: protocol
/// names, file names, configuration values, template names, special files, the cache folder.
@Suite("Hostile input: no write outside the output folder, no crash, no user file lost")
struct HostileInputTests {
  /// Every regular file under `folder`, relative to it, sorted.
  private func tree(_ folder: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory)
      if !isDirectory.boolValue { files.append(path) }
    }
    return files.sorted()
  }

  @Test func rawIdentifierProtocolNamesNeverLeaveTheOutputFolder() throws {
    let workspace = try Workspace()
    try workspace.write(
      "Sources/Evil.swift",
      """
      // veneer: logging
      protocol `/../../../pwned` { func a() -> Int }
      // veneer: logging, analytics
      protocol `hello world` { func a() -> Int }

      """)
    // Folders whose names a path made of the protocol's name would climb through.
    try FileManager.default.createDirectory(
      atPath: workspace.path + "/Out/`", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: workspace.path + "/Out/.`", withIntermediateDirectories: true)
    let run = try workspace.veneer("generate", "--sources", "Sources", "--output", "Out")
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      tree(workspace.path) == [
        "Out/__________pwned+Decorators.swift", "Out/hello_world+Decorators.swift",
        "Sources/Evil.swift",
      ])
    // Decorators of raw identifiers are raw identifiers, and compile.
    let hello = try #require(workspace.read("Out/hello_world+Decorators.swift"))
    #expect(hello.contains("struct `Logginghello world`<Base: `hello world`>: `hello world` {"))
    let checked = try typeCheck([
      workspace.path + "/Sources/Evil.swift",
      workspace.path + "/Out/__________pwned+Decorators.swift",
      workspace.path + "/Out/hello_world+Decorators.swift",
    ])
    #expect(checked.status == 0, "\(checked.errors)")
  }

  @Test func outputNamesDifferingOnlyInCaseAreAnErrorOnEveryPlatform() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/A.swift", "// veneer: logging\nprotocol Foo { func a() }\n")
    try workspace.write("Sources/B.swift", "// veneer: logging\nprotocol FOO { func a() }\n")
    let run = try workspace.veneer("generate", "--sources", "Sources", "--output", "Out")
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        "Sources/B.swift:2:1: error: the decorators of FOO (here) and the decorators of Foo (at "
          + "Sources/A.swift:2:1) would be written to FOO+Decorators.swift and "
          + "Foo+Decorators.swift, whose names differ only in case"), "\(run.errors)")
    #expect(workspace.files(in: "Out").isEmpty)
  }

  @Test func twoProtocolsForOneFileAreNamedWithBothPlacesAndAWayOut() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/A/P.swift", "// veneer: logging\nprotocol P { func a() }\n")
    try workspace.write("Sources/B/P.swift", "// veneer: logging\nprotocol P { func b() }\n")
    let run = try workspace.veneer("generate", "--sources", "Sources", "--output", "Out")
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        "Sources/B/P.swift:2:1: error: the decorators of P (here) and the decorators of P (at "
          + "Sources/A/P.swift:2:1) would both be written to P+Decorators.swift; rename the "
          + "protocol"), "\(run.errors)")
  }

  @Test func aSourceFileNameWithALineBreakStaysInTheHeaderComment() throws {
    let workspace = try Workspace()
    try workspace.write(
      "Sources/a\nimport Evil\r\u{202E}.swift", "// veneer: logging\nprotocol P { func a() }\n")
    let run = try workspace.veneer("generate", "--sources", "Sources", "--output", "Out")
    #expect(run.status == 0, "\(run.errors)")
    let generated = try #require(workspace.read("Out/P+Decorators.swift"))
    #expect(
      generated.contains("// Decorators of P, declared in a\\u{A}import Evil\\u{D}\\u{202E}.swift.")
    )
    #expect(!generated.contains("\nimport Evil"))
  }

  /// Every diagnostic is printed with its control characters escaped, whatever message or file
  /// name carries them: a `selection` entry and a source that does not parse, both named with a
  /// terminal escape sequence, never send it to the terminal.
  @Test func controlCharactersNeverReachTheTerminal() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/b\u{1B}[2J.swift", "protocol Broken {\n")
    try workspace.write("Sources/P.swift", "protocol P { func a() }\n")
    try workspace.write(
      "veneer.yml",
      "sources: [Sources]\noutput: Out\nselection: [\"P\\e[2J\", \"Q\\u202E\"]\n")
    let run = try workspace.veneer("generate")
    #expect(run.status == 1)
    #expect(!run.errors.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
    #expect(run.errors.contains("'selection' names pattern 'P\\u{1B}[2J'"), "\(run.errors)")
    #expect(run.errors.contains("'selection' names protocol 'Q\\u{202E}'"), "\(run.errors)")
    #expect(run.errors.contains("Sources/b\\u{1B}[2J.swift:"), "\(run.errors)")
  }

  @Test(arguments: [
    (
      "imports: ['Foundation; func x() {}']",
      "veneer.yml:1:11: error: 'imports' entries must be module names"
    ),
    (
      "naming:\n  decorator: '{template}-{protocol}'",
      "veneer.yml:2:14: error: 'decorator' must make a Swift type name"
    ),
    (
      "naming:\n  file: '.{protocol}.swift'",
      "veneer.yml:2:9: error: 'file' must contain {protocol}"
    ),
    ("options:\n  caching:\n    ttl: 1e300", "veneer.yml:3:10: error: 'ttl' must be at most"),
    (
      "options:\n  caching:\n    ttl: inf",
      "veneer.yml:3:10: error: 'ttl' must be a positive number"
    ),
    ("options:\n  caching:\n    ttl: 0x1p70", "veneer.yml:3:10: error: 'ttl' must be at most"),
    (
      "options:\n  caching:\n    ttl: 9223372036854775807",
      "veneer.yml:3:10: error: 'ttl' must be at most"
    ),
  ])
  func configurationValuesThatWouldReachSwiftAreLocatedErrors(yaml: String, error: String)
    throws
  {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: caching\nprotocol P { func a() -> Int }\n")
    try workspace.write("veneer.yml", yaml + "\nsources: Sources\noutput: Out\n")
    let run = try workspace.veneer("generate", "--config", "veneer.yml")
    #expect(run.status == 1)
    #expect(run.errors.contains(error), "\(run.errors)")
    #expect(workspace.files(in: "Out").isEmpty)
  }

  @Test func importFlagsMustBeModuleNames() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func a() }\n")
    let run = try workspace.veneer(
      "generate", "--sources", "Sources", "--output", "Out", "--import", "Foundation; func x() {}")
    #expect(run.status != 0)
    #expect(run.errors.contains("--import and --module take a module name"), "\(run.errors)")
  }

  @Test func templateFileNamesMustBeIdentifiersAndUnique() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func a() }\n")
    let template = "{% for r in plan.requirements %}{% endfor %}\n"
    try workspace.write("My-Log.stencil", template)
    try workspace.write("2Log.stencil", template)
    try workspace.write("Custom/Logging.stencil", template)
    for (name, message) in [
      ("My-Log.stencil", "rename 'My-Log.stencil'"), ("2Log.stencil", "rename '2Log.stencil'"),
    ] {
      let run = try workspace.veneer(
        "generate", "--sources", "Sources", "--output", "Out", "--template", name)
      #expect(run.status == 1)
      #expect(run.errors.contains(message), "\(run.errors)")
    }
    let clash = try workspace.veneer(
      "generate", "--sources", "Sources", "--output", "Out", "--template", "logging",
      "--template", "Custom/Logging.stencil")
    #expect(clash.status == 1)
    #expect(
      clash.errors.contains(
        "error: two templates are named 'Logging' (the built-in 'logging' and "
          + "'Custom/Logging.stencil')"), "\(clash.errors)")
    #expect(workspace.files(in: "Out").isEmpty)
  }

  @Test(arguments: [
    "cache(ttl: 99999999999999999999)", "cache(ttl: 9223372036854775807)", "cache(ttl: \"300\")",
    "cache(ttl: abc)", "cache(ttl: [1])", "cache(ttl: 0)", "cache(ttl: -5)",
  ])
  func lifetimesInAnnotationsAreCheckedLikeTheConfigurations(annotation: String) throws {
    let workspace = try Workspace()
    try workspace.write(
      "Sources/P.swift",
      "// veneer: caching\nprotocol P {\n  // veneer: \(annotation)\n  func a() -> Int\n}\n")
    let run = try workspace.veneer("generate", "--sources", "Sources", "--output", "Out")
    #expect(run.status == 1, "\(run.output)")
    #expect(
      run.errors.contains("Sources/P.swift:3:14: error: 'cache(ttl:)' must be"), "\(run.errors)")
    #expect(workspace.files(in: "Out").isEmpty)
  }

  @Test func specialFilesAreSkippedWithAWarningInsteadOfBlockingOrExhaustingMemory() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func a() }\n")
    #expect(mkfifo(workspace.path + "/Sources/x.swift", 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: workspace.path + "/Sources/z.swift", withDestinationPath: "/dev/zero")
    let run = try workspace.veneer("generate", "--sources", "Sources", "--output", "Out")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("Sources/x.swift: warning: not a regular file"), "\(run.errors)")
    #expect(run.errors.contains("Sources/z.swift: warning: not a regular file"), "\(run.errors)")
    #expect(workspace.files(in: "Out") == ["P+Decorators.swift"])
  }

  @Test func aCacheFolderThatIsNotVeneersIsLeftAsItIs() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func a() }\n")
    try workspace.write("Mine/index/keep.txt", "mine\n")
    try workspace.write("Mine/models", "my models\n")
    let run = try workspace.veneer(
      "generate", "--sources", "Sources", "--output", "Out", "--cache-path", "Mine")
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.errors.contains("Mine: warning: the cache folder holds files that are not Veneer's"))
    #expect(workspace.read("Mine/index/keep.txt") == "mine\n")
    #expect(workspace.read("Mine/models") == "my models\n")
    #expect(workspace.files(in: "Mine") == ["index", "models"])

    // A new folder becomes Veneer's, tagged, and is used from then on.
    let first = try workspace.veneer(
      "generate", "--sources", "Sources", "--output", "Out2", "--cache-path", "Cache", "--verbose")
    #expect(first.status == 0, "\(first.errors)")
    #expect(workspace.files(in: "Cache") == ["CACHEDIR.TAG", "index", "listings", "models"])
    #expect(
      workspace.read("Cache/CACHEDIR.TAG")?.hasPrefix(
        "Signature: 8a477f597d28d172789f06886806bc55\n") == true)
    let second = try workspace.veneer(
      "generate", "--sources", "Sources", "--output", "Out2", "--cache-path", "Cache", "--verbose")
    #expect(second.errors.contains("(0 read)"), "\(second.errors)")
  }

  /// A cache folder another user can write to could be rewritten to make Veneer write their
  /// code: it is neither read nor written, with a warning, however Veneer's it looks.
  @Test func aCacheFolderOthersCanChangeIsNeitherReadNorWritten() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func a() }\n")
    let cached = try workspace.veneer(
      "generate", "--sources", "Sources", "--output", "Out", "--cache-path", "Shared")
    #expect(cached.status == 0, "\(cached.errors)")
    // Made private: the folder 700, its files 600.
    var status = stat()
    #expect(stat(workspace.path + "/Shared", &status) == 0 && status.st_mode & 0o777 == 0o700)
    #expect(stat(workspace.path + "/Shared/index", &status) == 0 && status.st_mode & 0o777 == 0o600)

    // Opened to everyone, as another user's folder that holds Veneer's tag would be.
    #expect(chmod(workspace.path + "/Shared", 0o777) == 0)
    let models = workspace.read("Shared/models")
    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func b() }\n")
    let refused = try workspace.veneer(
      "generate", "--sources", "Sources", "--output", "Out", "--cache-path", "Shared", "--verbose")
    #expect(refused.status == 0, "\(refused.errors)")
    #expect(
      refused.errors.contains(
        "Shared: warning: Veneer keeps no cache in this folder and reads none from it: others may "
          + "write to it (mode 777)"), "\(refused.errors)")
    #expect(workspace.read("Shared/models") == models, "a refused cache is not written")
    #expect(workspace.read("Out/P+Decorators.swift")?.contains("func b()") == true)

    // Owned by another user (as root, who can give it away): refused the same way.
    if geteuid() == 0 {
      #expect(chmod(workspace.path + "/Shared", 0o700) == 0)
      #expect(chown(workspace.path + "/Shared", 65534, 65534) == 0)
      let foreign = try workspace.veneer(
        "generate", "--sources", "Sources", "--output", "Out", "--cache-path", "Shared")
      #expect(
        foreign.errors.contains("it belongs to another user (uid 65534)"), "\(foreign.errors)")
    }

    // Inside a folder others may write to (and not sticky, as /tmp is): refused too.
    try workspace.write("Open/keep.txt", "")
    #expect(chmod(workspace.path + "/Open", 0o777) == 0)
    let inOpen = try workspace.veneer(
      "generate", "--sources", "Sources", "--output", "Out", "--cache-path", "Open/Cache")
    #expect(
      inOpen.errors.contains("others may write to the folder \(workspace.path)/Open above it"),
      "\(inOpen.errors)")
    #expect(workspace.files(in: "Open") == ["keep.txt"])
  }

  /// Threads the system will not start (a limit on address space, here 16 stacks of 64 MiB
  /// under 1.5 GB) leave the work to those that did start, or to the calling thread: the run
  /// finishes, where it once waited forever for threads that never ran.
  @Test func threadsThatCannotStartDoNotHangTheRun() throws {
    let workspace = try Workspace()
    for index in 0..<40 {
      try workspace.write(
        "Sources/P\(index).swift", "// veneer: logging\nprotocol P\(index) { func a() }\n")
    }
    let run = try runProcess(
      URL(fileURLWithPath: "/usr/bin/timeout"),
      [
        "60", "/bin/sh", "-c", #"ulimit -v 1500000 && exec "$0" "$@""#, veneerExecutable.path,
        "generate", "--sources", "Sources", "--output", "Out", "--jobs", "16", "--no-cache",
      ], in: workspace.path)
    #expect(run.status == 0, "\(run.status) \(run.errors)")
    #expect(workspace.files(in: "Out").count == 40)
  }

  /// Names and file contents from outside reach the terminal with their control characters
  /// escaped: an output folder named with escape sequences, and a stale file holding them.
  @Test func nothingPrintedSendsTheTerminalAnEscapeSequence() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func a() }\n")
    let output = "G\u{1B}]0;pwned-title\u{07}\u{1B}[2J"
    let runs = [
      try workspace.veneer("generate", "--sources", "Sources", "--output", output, "--dry-run"),
      try workspace.veneer("generate", "--sources", "Sources", "--output", output),
    ]
    let file = "\(output)/P+Decorators.swift"
    try workspace.write(file, (workspace.read(file) ?? "") + "// \u{1B}]0;stale\u{07}\n")
    let check = try workspace.veneer("check", "--sources", "Sources", "--output", output)
    #expect(check.status == 1)
    for run in runs + [check] {
      let printed = run.output + run.errors
      #expect(!printed.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(printed)")
      #expect(printed.contains(#"G\u{1B}]0;pwned-title\u{7}\u{1B}[2J"#), "\(printed)")
    }
    #expect(check.output.contains(#"// \u{1B}]0;stale\u{7}"#), "\(check.output)")
  }

  /// Every file Veneer reads has a bound: a huge (sparse) template or `veneer.yml` is an error,
  /// and a huge foreign file in the output folder is left alone, none of them read whole.
  @Test func hugeTemplatesConfigurationsAndForeignOutputsAreNotReadWhole() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: huge\nprotocol P { func a() }\n")
    try workspace.write("Huge.stencil", "{# huge #}\n")
    #expect(truncate(workspace.path + "/Huge.stencil", 2 << 20) == 0)
    let template = try workspace.veneer(
      "generate", "--sources", "Sources", "--output", "Out", "--template", "Huge.stencil")
    #expect(template.status == 1)
    #expect(
      template.errors.contains("Huge.stencil: error: the template file is larger than 1 MiB"),
      "\(template.errors)")

    try workspace.write("veneer.yml", "sources: Sources\n")
    #expect(truncate(workspace.path + "/veneer.yml", 2 << 20) == 0)
    let configuration = try workspace.veneer("generate")
    #expect(configuration.status == 1)
    #expect(
      configuration.errors.contains(
        "veneer.yml: error: the configuration file is larger than 1 MiB"),
      "\(configuration.errors)")

    try FileManager.default.removeItem(atPath: workspace.path + "/veneer.yml")
    try workspace.write("Out/Other.swift", "// not Veneer's\n")
    #expect(truncate(workspace.path + "/Out/Other.swift", 200 << 20) == 0)
    let output = try workspace.veneer(
      "generate", "--sources", "Sources", "--output", "Out", "--template", "logging", "--all")
    #expect(output.status == 0, "\(output.errors)")
    #expect(workspace.files(in: "Out") == ["Other.swift", "P+Decorators.swift"])
  }

  @Test func aRelativeOrEmptyXDGCacheHomeIsIgnored() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func a() }\n")
    for value in ["", "relative"] {
      let process = Process()
      process.executableURL = veneerExecutable
      process.arguments = ["generate", "--sources", "Sources", "--output", "Out", "--quiet"]
      var environment = ProcessInfo.processInfo.environment
      environment["XDG_CACHE_HOME"] = value
      environment["HOME"] = workspace.path + "/home"
      process.environment = environment
      process.currentDirectoryURL = URL(fileURLWithPath: workspace.path)
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      #expect(!FileManager.default.fileExists(atPath: workspace.path + "/veneer"))
      #expect(!FileManager.default.fileExists(atPath: workspace.path + "/relative"))
    }
  }

  @Test func anOutputPathThroughAFileSaysSo() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func a() }\n")
    try workspace.write("afile", "mine\n")
    let run = try workspace.veneer("generate", "--sources", "Sources", "--output", "afile/sub")
    #expect(run.status == 1)
    #expect(run.errors.contains("is a file, not a folder"), "\(run.errors)")
    #expect(!run.errors.contains("NSCocoaErrorDomain"))
  }

  @Test func aSymbolicLinkInTheOutputFolderIsNamedAsOne() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func a() }\n")
    try workspace.write("elsewhere.swift", "// mine\n")
    try FileManager.default.createDirectory(
      atPath: workspace.path + "/Out", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: workspace.path + "/Out/P+Decorators.swift",
      withDestinationPath: workspace.path + "/elsewhere.swift")
    let run = try workspace.veneer("generate", "--sources", "Sources", "--output", "Out")
    #expect(run.status == 1)
    #expect(run.errors.contains("this is a symbolic link, which Veneer never writes through"))
    #expect(workspace.read("elsewhere.swift") == "// mine\n")
  }

  @Test func aDryRunIntoTheRootPrintsPlainPaths() throws {
    let workspace = try Workspace()
    try workspace.write("Sources/P.swift", "// veneer: logging\nprotocol P { func a() }\n")
    let run = try workspace.veneer(
      "generate", "--sources", "Sources", "--output", "/", "--dry-run")
    #expect(run.output == "would create /P+Decorators.swift\n", "\(run.errors)")
  }

  /// A configuration that cannot be read says so, and only so.
  @Test func aConfigurationThatIsNotUTF8IsOneError() throws {
    let workspace = try Workspace()
    let path = workspace.path + "/veneer.yml"
    _ = FileManager.default.createFile(
      atPath: path, contents: Data([0x6F, 0x3A, 0x20, 0xFF, 0x0A]))
    let run = try workspace.veneer("generate", "--config", "veneer.yml")
    #expect(run.status == 1)
    #expect(run.errors == "veneer.yml: error: the configuration file is not UTF-8\n")
  }

  /// Every mistake of a run is reported at once, sorted by file and line: a configuration
  /// error does not hide an event map error, nor a malformed annotation the warnings after it.
  @Test func everyDiagnosticOfARunIsReportedAtOnceInOrder() throws {
    let workspace = try Workspace()
    try workspace.write(
      "Sources/B.swift", "// veneer: logging(\nprotocol B {\n  func b()\n}\n")
    try workspace.write(
      "Sources/A.swift",
      "// veneer: loging\nprotocol A {\n  func a(_ values: Int...)\n}\n")
    try workspace.write(
      "veneer.yml",
      """
      sources: Sources
      output: Out
      acess: public
      options:
        analytics:
          events:
            A.lod: loaded

      """)
    let run = try workspace.veneer("generate")
    #expect(run.status == 1)
    let lines = run.errors.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(run.errors)")
    #expect(lines[0].hasPrefix("Sources/A.swift:1:12: warning: unknown veneer annotation 'loging'"))
    #expect(lines[1].hasPrefix("Sources/B.swift:1:20: error: malformed veneer annotation"))
    #expect(lines[2].hasPrefix("veneer.yml:3:1: error: unknown key 'acess'"), "\(run.errors)")
    #expect(lines[3].hasPrefix("veneer.yml:7:7: error: event map names 'lod'"), "\(run.errors)")
    #expect(workspace.files(in: "Out").isEmpty)
  }

  /// An invalidation that names no requirement would be lost: an error, as in the event map.
  @Test func invalidatingNoRequirementIsAnError() throws {
    let workspace = try Workspace()
    try workspace.write(
      "Sources/P.swift",
      "// veneer: caching\nprotocol P {\n  func load() -> Int\n  // veneer: invalidates(lod)\n"
        + "  func save(_ value: Int)\n}\n")
    let run = try workspace.veneer("generate", "--sources", "Sources", "--output", "Out")
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        "Sources/P.swift:4:14: error: 'invalidates' names 'lod', which is not a requirement of P; "
          + "did you mean 'load'?"), "\(run.errors)")
    #expect(workspace.files(in: "Out").isEmpty)
  }
}
