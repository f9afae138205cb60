import VeneerModel
import VeneerParser
import VeneerSupport

/// Stage 3, parse: each input file's model with the content hash it came from, read from the
/// cache when the file's size and modification time, or failing those its bytes, are as last
/// time. The cached models are decoded on other threads while the changed sources are read and
/// parsed.
struct ParsedSources {
  /// The files, in the order of `parsed`.
  var files: [String]
  var parsed: [ParsedSource]
  /// What the cache is to remember of each source.
  var stamps: [GenerationCache.SourceStamp]
  /// How many sources were read rather than taken from the cache.
  var readCount: Int
  /// Whether the cached models are still those of every source.
  var isUnchanged: Bool

  /// Sources `incremental` knows unchanged are taken from the cache, those its check parsed
  /// are not parsed again.
  init(
    _ files: [String], parser: ProtocolParser, incremental: IncrementalRun, times: StageTimes?,
    threads: Int?
  ) {
    let (stamps, models, encodes) =
      (incremental.stamps, incremental.models, incremental.encodesModels)
    let previousStamps = EarlierRun(
      incremental.index?.sources ?? [], path: \.path, files: files)
    /// The source read and parsed, unless `reusing` and its bytes are as last time. Its stamp,
    /// its size and modification time, is taken before its bytes are read: by `stat` when an
    /// index is read, else as the file is opened.
    @Sendable func readAndParse(_ position: Int, reusing: Bool) -> Source {
      let file = files[position]
      let readFile: FileBytes.Contents
      let hash: UInt64
      switch Self.read(file, times: times) {
      case .success(let success): (readFile, hash) = success
      case .failure(let failure): return .parsed(.unreadable(file, failure))
      }
      guard let stamp = if let stamps { stamps[position] } else { readFile.stamp } else {
        return .parsed(.unreadable(file, .cannotRead(reason: "it vanished")))
      }
      if reusing, let old = previousStamps[position, file], old.hash == hash {
        return .cached(hash: hash, modelHash: old.modelHash, stamp: stamp)
      }
      return .parsed(
        .parse(
          file, readFile.bytes, hash: hash, stamp: stamp, parser: parser, encodes: encodes,
          times: times))
    }
    var sources = Parallel.map(Array(files.indices), threads: threads) { position -> Source in
      if let parsed = incremental.parsedByCheck[position] {
        return .parsed(parsed)
      }
      if models != nil, let stamp = stamps?[position],
        let old = previousStamps[position, files[position]], old.size == stamp.size,
        old.modified == stamp.modified
      {
        return .cached(hash: old.hash, modelHash: old.modelHash, stamp: stamp)
      }
      return readAndParse(position, reusing: models != nil)
    }
    let cached = EarlierRun(models?.value?.entries ?? [], path: \.path, files: files)
    var missing: [Int] = []
    for position in sources.indices {
      guard case .cached(let hash, let modelHash, let stamp) = sources[position] else { continue }
      guard let entry = cached[position, files[position]], entry.hash == hash else {
        missing.append(position)
        continue
      }
      sources[position] = .reused(
        ParsedSource(
          parsed: entry.parsed, hash: hash, modelHash: modelHash, stamp: stamp,
          encoded: entry.encoded))
    }
    // Models the cache lacks after all, as when its file is damaged: parsed like new sources.
    let parsedLate = Parallel.map(missing, threads: threads) { readAndParse($0, reusing: false) }
    for (position, source) in zip(missing, parsedLate) { sources[position] = source }
    let parsed = sources.map { source -> ParsedSource in
      switch source {
      case .parsed(let parsed), .reused(let parsed): return parsed
      case .cached: preconditionFailure("every cached source is reused or parsed by now")
      }
    }
    let stampsOut = zip(files, parsed).compactMap { file, source in
      source.stamp.map {
        GenerationCache.SourceStamp(
          path: file, size: $0.size, modified: $0.modified, statusChanged: $0.statusChanged,
          hash: source.hash, modelHash: source.modelHash)
      }
    }
    self.files = files
    self.parsed = parsed
    self.stamps = stampsOut
    readCount = sources.count { if case .parsed = $0 { true } else { false } }
    isUnchanged =
      previousStamps.isInStep && missing.isEmpty && models?.value != nil
      && stampsOut == incremental.index?.sources
  }

  /// Sources held in memory, parsed on this thread, with no cache: what a macro, which reads no
  /// file, hands the pipeline.
  init(texts: [(path: String, text: String)], parser: ProtocolParser) {
    files = texts.map(\.path)
    parsed = texts.map { path, text in
      let bytes = Array(text.utf8)
      return ParsedSource(
        parsed: parser.parseFile(path, contents: bytes), hash: ContentHash.of(bytes),
        modelHash: 0, stamp: nil)
    }
    stamps = []
    readCount = texts.count
    isUnchanged = false
  }

  /// The content hashes of the sources that declare protocols, aliases or result-like enums:
  /// the only files a render key names.
  func hashesOfDeclaringFiles() -> [String: UInt64] {
    var hashes: [String: UInt64] = [:]
    // By position: a source taken out of the array would be copied, each of its members retained.
    for position in parsed.indices {
      guard parsed[position].declaresAnything else { continue }
      // A path listed twice keeps its first hash.
      if hashes[files[position]] == nil {
        hashes[files[position]] = parsed[position].hash
      }
    }
    return hashes
  }

  /// A source on its way through `parse`.
  private enum Source: Sendable {
    /// As last time, by its stamp or its bytes: its model comes from the cache.
    case cached(hash: UInt64, modelHash: UInt64, stamp: FileStamp)
    case reused(ParsedSource)
    case parsed(ParsedSource)
  }

  /// What an earlier run recorded per source, looked up by this run's position and path. The
  /// lists are in step unless sources were added, removed or unreadable, so a dictionary by
  /// path is built only then.
  private struct EarlierRun<Element: Sendable>: Sendable {
    let elements: [Element]
    /// Whether each element belongs to the file at its position in this run.
    let isInStep: Bool
    private let byPath: [String: Element]

    init(_ elements: [Element], path: (Element) -> String, files: [String]) {
      self.elements = elements
      isInStep =
        elements.count == files.count && zip(elements, files).allSatisfy { path($0) == $1 }
      byPath =
        isInStep
        ? [:]
        : Dictionary(elements.map { (path($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    subscript(position: Int, file: String) -> Element? {
      isInStep ? elements[position] : byPath[file]
    }
  }

  struct ParsedSource: Sendable {
    var parsed: ParsedFile
    var hash: UInt64
    /// Of `encoded`; 0 without a cache.
    var modelHash: UInt64
    var stamp: FileStamp?
    /// The model's bytes in the cache: as read from it, or as encoded for it after parsing;
    /// nil without a cache.
    var encoded: [UInt8]? = nil

    /// Whether the source declares a protocol, an alias or a result-like enum.
    var declaresAnything: Bool {
      !parsed.protocols.isEmpty || !parsed.aliases.isEmpty || !parsed.resultEnums.isEmpty
    }
  }

  /// `file`'s bytes and their hash.
  static func read(_ file: String, times: StageTimes?) -> Result<
    (FileBytes.Contents, UInt64), FileBytes.Failure
  > {
    StageTimes.measure(times, .read) {
      Result { () throws(FileBytes.Failure) in
        let read = try FileBytes.readWithStamp(file, limit: FileBytes.sourceSizeLimit)
        return (read, ContentHash.of(read.bytes))
      }
    }
  }

  /// `file` read and parsed, its stamp taken as it is opened: what a run without an index does
  /// with every source.
  static func readAndParse(
    _ file: String, parser: ProtocolParser, encodes: Bool, times: StageTimes?
  ) -> ParsedSource {
    switch read(file, times: times) {
    case .success(let (readFile, hash)):
      .parse(
        file, readFile.bytes, hash: hash, stamp: readFile.stamp, parser: parser,
        encodes: encodes, times: times)
    case .failure(let failure): .unreadable(file, failure)
    }
  }
}

extension ParsedSources.ParsedSource {
  /// The model of `contents`; when the run `encodes` for a cache, its model is encoded here, on
  /// the parsing thread, for the models file and the index's model hash.
  static func parse(
    _ file: String, _ contents: [UInt8], hash: UInt64, stamp: FileStamp, parser: ProtocolParser,
    encodes: Bool, times: StageTimes?
  ) -> Self {
    let parsed = parser.parseFile(file, contents: contents, times: times)
    let encoded = encodes ? GenerationCache.encode(parsed) : nil
    return Self(
      parsed: parsed, hash: hash, modelHash: encoded?.hash ?? 0, stamp: stamp,
      encoded: encoded?.bytes)
  }

  static func unreadable(_ file: String, _ failure: FileBytes.Failure) -> Self {
    Self(parsed: ProtocolParser.unreadable(file, failure), hash: 0, modelHash: 0, stamp: nil)
  }
}
