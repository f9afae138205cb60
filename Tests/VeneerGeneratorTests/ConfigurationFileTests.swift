import Testing
import VeneerGenerator
import VeneerModel
import VeneerRenderer

@Suite("veneer.yml")
struct ConfigurationFileTests {
  @Test func everySettingIsRead() throws {
    let (read, diagnostics) = configuration(
      """
      sources:
        include: [Sources/Services, "Sources/**/*Repo.swift"]
        exclude: "**/Generated"
      output: Sources/Generated
      templates: [logging, Templates/Delay.stencil]
      selection: [ShowService, "*Repo"]
      imports: [Services, Foundation]
      access: internal
      naming:
        decorator: "{protocol}{template}Decorator"
        file: "{protocol}.generated.swift"
      options:
        logging: {level: info, error_level: critical}
        analytics:
          naming: camelCase
          track: mapped
          events:
            PostRepo.createPost: post_created
            LoaderService.load:
              event: feed_loaded
              failure: feed_failed
              properties: [source]
            PostRepo.getPost: false
        caching: {ttl: 2.5, capacity: 50}
        Delay: {seconds: 2}
      """, directory: "/project")
    #expect(diagnostics == [])
    #expect(
      read.include.map(\.value) == ["/project/Sources/Services", "/project/Sources/**/*Repo.swift"])
    #expect(read.exclude.map(\.value) == ["**/Generated"])
    #expect(read.output?.value == "/project/Sources/Generated")
    #expect(read.templates.map(\.value) == ["logging", "/project/Templates/Delay.stencil"])
    guard case .protocols(let names) = read.selection else {
      Issue.record("selection is \(read.selection)")
      return
    }
    #expect(names.map(\.value) == ["ShowService", "*Repo"])
    #expect(names.first?.location == SourceLocation(file: "veneer.yml", line: 6, column: 13))
    #expect(read.imports == ["Services", "Foundation"])
    #expect(read.render.maximumAccess == .internal)
    #expect(read.render.decoratorNaming == "{protocol}{template}Decorator")
    #expect(read.fileNaming == "{protocol}.generated.swift")
    #expect(read.render.logLevel == "info")
    #expect(read.render.logErrorLevel == "critical")
    #expect(read.render.eventNaming == .camelCase)
    #expect(read.render.tracksUnnamedCalls == false)
    #expect(read.render.cacheTimeToLive == 2.5)
    #expect(read.render.cacheCapacity == 50)
    #expect(read.templateOptions["Delay"]?.value == ["seconds": "2"])
    #expect(read.eventMap.count == 3)
    #expect(
      read.eventMap[0]
        == EventMapEntry(
          requirement: Located("PostRepo.createPost", at: location(18, 7)), success: "post_created")
    )
    #expect(read.eventMap[1].success == "feed_loaded")
    #expect(read.eventMap[1].failure == "feed_failed")
    #expect(read.eventMap[1].properties == [Located("source", at: location(22, 22))])
    #expect(read.eventMap[2].isTracked == false)
  }

  @Test func sourcesMayBeAPlainList() {
    let (read, diagnostics) = configuration("sources: [A, B]\noutput: Out\n")
    #expect(diagnostics == [])
    #expect(read.include.map(\.value) == ["A", "B"])
  }

  @Test func objcIsTrueOrFalseAndNothingElse() {
    #expect(configuration("objc: true\n").0.readsObjectiveCHeaders)
    #expect(!configuration("# nothing\n").0.readsObjectiveCHeaders)
    let (read, diagnostics) = configuration("objc: \"yes\"\n")
    #expect(!read.readsObjectiveCHeaders)
    #expect(
      diagnostics.map(\.description) == [
        "veneer.yml:1:7: error: 'objc' must be true or false, not 'yes'"
      ])
  }

  /// Each built-in's options are what its descriptor declares; one that declares none says so.
  @Test func aBuiltInWithoutOptionsSaysSo() {
    #expect(
      configuration("options:\n  Tracing: {kind: client}\n").1.map(\.description) == [
        "veneer.yml:2:3: error: 'tracing' has no options"
      ])
  }

  @Test func anEmptyFileGivesTheDefaults() {
    let (read, diagnostics) = configuration("# nothing yet\n")
    #expect(diagnostics == [])
    #expect(read.render == RenderOptions())
    #expect(read.selection == .annotated)
  }

  @Test func theStarterFileReadsWithoutComplaintAndSaysTheDefaults() {
    let (read, diagnostics) = configuration(ConfigurationFile.starter)
    #expect(diagnostics == [])
    #expect(read.render == RenderOptions())
    #expect(read.include.map(\.value) == ["Sources"])
    #expect(read.output?.value == "Sources/Generated")
    // No list: a list limits what annotations may ask for, and the starter limits nothing.
    #expect(read.templates.isEmpty)
  }

  @Test func unknownKeysAreLocatedWithASuggestion() {
    let (_, diagnostics) = configuration(
      """
      output: Out
      tempaltes: [logging]
      options:
        caching:
          tll: 30
      """)
    #expect(
      diagnostics == [
        "veneer.yml:2:1: error: unknown key 'tempaltes' in the configuration; did you mean "
          + "'templates'?; known keys: sources, references, output, templates, "
          + "written_elsewhere, selection, imports, access, naming, options, availability_macros, "
          + "module, objc, annotations, default_isolation",
        "veneer.yml:5:5: error: unknown key 'tll' in 'caching'; did you mean 'ttl'?; known "
          + "keys: ttl, capacity",
      ])
  }

  /// A list or mapping as a key is refused by its kind, located, without being expanded or
  /// described: keys whose aliases nest nine times a level once took minutes and gigabytes.
  @Test(.timeLimit(.minutes(1))) func keysThatAreListsOrMappingsAreLocatedErrors() {
    #expect(
      configuration("? [a, b]\n: c\n").diagnostics == [
        "veneer.yml:1:3: error: a key must be a name, not a list"
      ])
    var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
    for level in 1...8 {
      yaml +=
        "a\(level): &a\(level) ["
        + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
    }
    yaml += "sources:\n  ? *a8\n  : y\n"
    #expect(
      configuration(yaml).diagnostics == [
        "veneer.yml:11:5: error: a key must be a name, not an alias"
      ])
    #expect(
      configuration("sources:\n  {a: b}: c\n").diagnostics == [
        "veneer.yml:2:3: error: a key must be a name, not a mapping"
      ])
  }

  /// A quoted number is a string, as YAML reads it: a lifetime or a capacity must be a number.
  @Test func quotedNumbersAreNotNumbers() {
    #expect(
      configuration("options:\n  caching: {ttl: \"300\", capacity: '5'}\n").diagnostics == [
        "veneer.yml:2:18: error: 'ttl' must be a positive number of seconds",
        "veneer.yml:2:35: error: 'capacity' must be a positive whole number of entries",
      ])
  }

  @Test func wrongValueTypesAreLocated() {
    let (_, diagnostics) = configuration(
      """
      output: [a, b]
      access: publik
      selection: some
      options:
        logging: {level: loud}
        caching: {ttl: -1, capacity: many}
        analytics: {naming: shouting}
      naming: {decorator: "{protocol}Decorator", file: "Out/{protocol}.swift"}
      """)
    #expect(
      diagnostics == [
        "veneer.yml:1:9: error: 'output' must be a string, not a list",
        "veneer.yml:2:9: error: 'access' must be one of inherit, internal, package, public, "
          + "not 'publik'; did you mean 'public'?",
        "veneer.yml:3:12: error: 'selection' must be 'annotated', 'all', 'public' or a list of "
          + "protocol names, not 'some'",
        "veneer.yml:5:20: error: 'level' must be a log level (trace, debug, info, notice, "
          + "warning, error, critical), not 'loud'",
        "veneer.yml:6:18: error: 'ttl' must be a positive number of seconds",
        "veneer.yml:6:32: error: 'capacity' must be a positive whole number of entries",
        "veneer.yml:7:23: error: 'naming' must be one of snake_case, camelCase, kebab-case, not "
          + "'shouting'",
        "veneer.yml:8:21: error: 'decorator' must contain both {template} and {protocol}, so "
          + "that every decorator gets its own type name",
        "veneer.yml:8:50: error: 'file' must contain {protocol} and end in .swift, without "
          + "folders, a leading '.' or control characters, so that every protocol gets its own "
          + "file in the output folder",
      ])
  }

  /// A file pattern that could name an Objective-C header or implementation, the one file
  /// every protocol would share, a folder or a hidden file is refused.
  @Test(arguments: [
    ("{protocol}+Decorators.h", false), ("{protocol}.m", false), ("Decorators.swift", false),
    (".{protocol}.swift", false), ("Out/{protocol}.swift", false), ("{protocol}.swift.h", false),
    ("{protocol}+Decorators.swift", true), ("Decorated{protocol}.swift", true),
  ])
  func fileNamingMustGiveEachProtocolASwiftFileOfItsOwn(pattern: String, isAccepted: Bool) {
    let (read, diagnostics) = configuration("naming: {file: \"\(pattern)\"}\n")
    #expect(diagnostics.isEmpty == isAccepted, "\(diagnostics)")
    #expect((read.fileNaming == pattern) == isAccepted)
  }

  @Test func invalidYAMLIsLocated() throws {
    let (_, diagnostics) = configuration("output: Out\ntemplates: [logging\n")
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.hasPrefix("veneer.yml:3:1: error: invalid YAML:"))
  }

  @Test func aRepeatedKeyIsAnError() {
    let (_, diagnostics) = configuration("output: A\noutput: B\n")
    #expect(diagnostics == ["veneer.yml:1:1: error: 'output' is given twice in this mapping"])
  }

  @Test func columnsCountUTF8BytesLikeTheCompiler() {
    // "é" is one scalar but two bytes, so the mapping after it starts at byte column 15.
    let (_, diagnostics) = configuration("imports: [é, {a: b}]\n")
    #expect(
      diagnostics == [
        "veneer.yml:1:15: error: 'imports' must be a string or a list of strings, not a mapping"
      ])
  }

  private func location(_ line: Int, _ column: Int) -> VeneerModel.SourceLocation {
    SourceLocation(file: "veneer.yml", line: line, column: column)
  }
}
