import Foundation
import SwiftParser
import VeneerGenerator
import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerSupport

// veneer-bench: how fast Veneer generates, stage by stage, over a synthetic corpus or real
// folders. `swift run -c release veneer-bench [--files N] [--smoke] [FOLDER …]`.
//
// Each run (cold, nothing changed, one file edited, one protocol changed) is measured in a
// fresh process of this executable, as `veneer generate` would run, so that its peak memory is
// its own.

let templateNames = ["Logging", "Caching", "Analytics"]

/// One run of the whole pipeline, as `veneer generate --all` does it, in this process.
struct RunReport: Codable {
  var wallMilliseconds: Double
  var cpuMilliseconds: Double
  var peakMegabytes: Double
  var stages: [String: Double]
  var stageOrder: [String]
  var cpuStages: [String: Double]
  var sourceFiles: Int
  var readFiles: Int
  var protocols: Int
  var decorated: Int
  var rendered: Int
  var outputLines: Int
  var errors: [String]
}

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

#if os(Linux)
  let thisProcess = Int32(RUSAGE_SELF.rawValue)
#else
  let thisProcess = RUSAGE_SELF
#endif

func processCPUMilliseconds() -> Double {
  var usage = rusage()
  getrusage(thisProcess, &usage)
  return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
    + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
}

func peakMegabytes() -> Double {
  var usage = rusage()
  getrusage(thisProcess, &usage)
  #if canImport(Darwin)
    return Double(usage.ru_maxrss) / 1_048_576
  #else
    return Double(usage.ru_maxrss) / 1024
  #endif
}

func runPipeline(sources: [String], output: String, cache: String, measuresCPUTime: Bool)
  -> RunReport
{
  let clock = ContinuousClock()
  let start = clock.now
  let cpuStart = processCPUMilliseconds()
  var configuration = Configuration(
    sources: sources, output: output, templates: templateNames, decorateAll: true)
  configuration.imports = []
  let generationCache = GenerationCache(folder: cache)
  let generation = Generator(measuresCPUTime: measuresCPUTime).generate(
    configuration, cache: generationCache)
  var errors = generation.diagnostics.filter { $0.severity == .error }.map(\.description)
  var stages = generation.statistics.stages.map { ($0.stage.rawValue, milliseconds($0.duration)) }
  if errors.isEmpty {
    do {
      let written = try generation.write(to: output, cache: generationCache)
      stages.append((Stage.write.rawValue, milliseconds(written.writing)))
      stages.append((Stage.saveCache.rawValue, milliseconds(written.savingCache)))
    } catch {
      errors += error.diagnostics.map(\.description)
    }
  }
  let statistics = generation.statistics
  return RunReport(
    wallMilliseconds: milliseconds(clock.now - start),
    cpuMilliseconds: processCPUMilliseconds() - cpuStart, peakMegabytes: peakMegabytes(),
    stages: Dictionary(stages, uniquingKeysWith: +), stageOrder: stages.map(\.0),
    cpuStages: Dictionary(
      uniqueKeysWithValues: statistics.cpuTimes.map { ($0.key.rawValue, milliseconds($0.value)) }),
    sourceFiles: statistics.sourceFiles,
    readFiles: statistics.readFiles, protocols: statistics.protocols,
    decorated: statistics.decoratedProtocols, rendered: statistics.renderedProtocols,
    outputLines: statistics.outputLines, errors: errors)
}

/// Runs one measured pipeline in a child process of this executable; with `measuresCPUTime`,
/// the CPU time of each stage too, at the cost of two system calls per file and stage.
func measureInChild(
  sources: [String], output: String, cache: String, measuresCPUTime: Bool = false
) throws -> RunReport {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments =
    [measuresCPUTime ? "--measure-cpu" : "--measure", output, cache] + sources
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return try JSONDecoder().decode(RunReport.self, from: data)
}

/// SwiftParser alone over every file, on one thread: the floor a full parse cannot beat.
func parseFloor(_ files: [String]) -> (all: Double, candidates: Double, candidateCount: Int) {
  let clock = ContinuousClock()
  var all = Duration.zero
  var candidates = Duration.zero
  var candidateCount = 0
  for file in files {
    guard let bytes = FileBytes.read(file) else { continue }
    let start = clock.now
    _ = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let spent = clock.now - start
    all += spent
    if bytes.withUnsafeBytes({ $0.firstRange(of: "protocol".utf8) }) != nil {
      candidates += spent
      candidateCount += 1
    }
  }
  return (milliseconds(all), milliseconds(candidates), candidateCount)
}

/// The quickest of many rounds of `round`, in microseconds: on a shared machine the others
/// measure the neighbours too.
func quickestRound(fixedRounds: Int?, _ round: () -> Void) -> Double {
  let clock = ContinuousClock()
  var quickest = Duration.seconds(3600)
  let start = clock.now
  var rounds = 0
  repeat {
    let roundStart = clock.now
    round()
    rounds += 1
    quickest = min(quickest, clock.now - roundStart)
  } while fixedRounds.map { rounds < $0 } ?? (clock.now - start < .milliseconds(500))
  return milliseconds(quickest) * 1000
}

/// The front end over the files the prefilter lets through, on one thread: the scan alone,
/// SwiftParser alone over what the scan hands it, and the whole of it with the model.
func frontEndCost(_ files: [String], fixedRounds: Int?) -> (
  scan: Double, swiftParser: Double, whole: Double, files: Int, megabytes: Double
) {
  let contents = files.compactMap { file in
    FileBytes.read(file).flatMap {
      DeclarationScanner.mayDeclareProtocolOrAlias($0) ? (file, $0) : nil
    }
  }
  let handed: [[UInt8]] = contents.compactMap { _, bytes in
    switch DeclarationScanner.scan(bytes) {
    case .noProtocols: return nil
    case .needsFullParse: return bytes
    case .skeleton(let skeleton): return skeleton
    }
  }
  let parser = ProtocolParser.withBuiltIns
  let scan = quickestRound(fixedRounds: fixedRounds) {
    for (_, bytes) in contents { _ = DeclarationScanner.scan(bytes) }
  }
  let swiftParser = quickestRound(fixedRounds: fixedRounds) {
    for bytes in handed {
      _ = bytes.withUnsafeBufferPointer {
        Parser.parse(source: $0, maximumNestingLevel: 256).statements.count
      }
    }
  }
  let whole = quickestRound(fixedRounds: fixedRounds) {
    for (file, bytes) in contents { _ = parser.parseDeclarations(contents: bytes, file: file) }
  }
  let bytes = contents.reduce(0) { $0 + $1.1.count }
  return (scan / 1000, swiftParser / 1000, whole / 1000, contents.count, Double(bytes) / 1_000_000)
}

/// Microseconds to render one protocol with one template (layout included), on one thread,
/// and without layout; and to plan one protocol, which all its templates share.
func renderCost(_ files: [String], fixedRounds: Int?) -> (
  withLayout: Double, templateOnly: Double, plan: Double, plans: Int
) {
  let catalog = ProtocolParser.resolve(ProtocolParser.withBuiltIns.parseFiles(files))
  let templates = BuiltInTemplates.all.filter { templateNames.contains($0.name) }
    .compactMap { try? CompiledTemplate.compile($0).get() }
  // As the generator plans: with what the templates read.
  let decoratorPlans = templates.reduce(DecoratorPlanSet.none) { $0.union($1.plansRead) }
  let plans = catalog.protocols.compactMap {
    try? ProtocolPlan.make(for: $0, decoratorPlans: decoratorPlans).get()
  }
  guard !plans.isEmpty, !templates.isEmpty else { return (0, 0, 0, 0) }
  func perRender(_ render: (CompiledTemplate, ProtocolPlan) -> Void) -> Double {
    quickestRound(fixedRounds: fixedRounds) {
      for plan in plans { for template in templates { render(template, plan) } }
    } / Double(plans.count * templates.count)
  }
  let withLayout = perRender { _ = try? $0.render($1) }
  let templateOnly = perRender { _ = try? $0.renderUnformatted($1) }
  let plan =
    quickestRound(fixedRounds: fixedRounds) {
      for proto in catalog.protocols {
        _ = ProtocolPlan.make(for: proto, decoratorPlans: decoratorPlans)
      }
    }
    / Double(catalog.protocols.count)
  return (withLayout, templateOnly, plan, plans.count)
}

/// Milliseconds to create `count` empty files in `folder`, deleted again afterwards: the file
/// system's own share of writing as many outputs there. On this machine's ext4 it ranges from
/// 0.01 to 0.6 ms a file, by how many inodes were deleted near the folder's in the last minutes.
func fileCreationFloor(count: Int, in folder: String) -> Double {
  let names = (0..<count).map { "\(folder)/.veneer-bench-floor-\($0)" }
  let clock = ContinuousClock()
  let start = clock.now
  for name in names {
    let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    if descriptor >= 0 { close(descriptor) }
  }
  let elapsed = clock.now - start
  for name in names { unlink(name) }
  return milliseconds(elapsed)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return 0 }
  return sorted.count.isMultiple(of: 2)
    ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
}

/// A run's name, padded so that the figures of every run line up.
func label(_ name: String) -> String {
  name.padding(toLength: 21, withPad: " ", startingAt: 0)
}

func format(_ value: Double, _ digits: Int = 1) -> String {
  String(format: "%.\(digits)f", value)
}

func printReport(_ name: String, _ report: RunReport) {
  let stages = report.stageOrder.map { "\($0) \(format(report.stages[$0] ?? 0))" }
  let cpu = report.cpuStages.sorted { $0.key < $1.key }.map { "\($0.key) \(format($0.value))" }
  print(
    "\(label(name)) wall \(format(report.wallMilliseconds)) ms, "
      + "CPU \(format(report.cpuMilliseconds)) ms, peak \(format(report.peakMegabytes)) MB; "
      + "\(report.readFiles)/\(report.sourceFiles) files read, "
      + "\(report.rendered)/\(report.decorated) protocols rendered, \(report.outputLines) lines")
  print("    stages (wall ms): \(stages.joined(separator: ", "))")
  if !cpu.isEmpty { print("    CPU summed over threads (ms): \(cpu.joined(separator: ", "))") }
  for error in report.errors.prefix(5) { print("    error: \(error)") }
}

// MARK: - Command line

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--measure" || arguments.first == "--measure-cpu" {
  let output = arguments[1]
  let cache = arguments[2]
  let report = runPipeline(
    sources: Array(arguments.dropFirst(3)), output: output, cache: cache,
    measuresCPUTime: arguments.first == "--measure-cpu")
  FileHandle.standardOutput.write(try JSONEncoder().encode(report))
  exit(0)
}

var fileCount = 2000
var folders: [String] = []
var isSmoke = false
var isRenderOnly = false
var isFrontEndOnly = false
/// Rounds of each render measurement, instead of as many as fit in half a second: the same work
/// every time, for counting instructions under `valgrind --tool=callgrind`.
var fixedRounds: Int?
/// Cold runs repeated for their median, each with an empty output folder and no cache.
var coldRuns = 9
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "--files": fileCount = Int(arguments.removeFirst()) ?? fileCount
  case "--smoke": isSmoke = true
  case "--render-only": isRenderOnly = true
  case "--front-end-only": isFrontEndOnly = true
  case "--rounds": fixedRounds = Int(arguments.removeFirst()).map { max($0, 1) }
  case "--cold-runs": coldRuns = Int(arguments.removeFirst()).map { max($0, 1) } ?? coldRuns
  // The folder Scripts/real-corpus exports real packages into.
  case "--corpus": folders.append(arguments.removeFirst())
  case "--help", "-h":
    print(
      "usage: veneer-bench [--files N] [--smoke] [--render-only] [--front-end-only] [--rounds N] "
        + "[--cold-runs N] [--corpus FOLDER] [FOLDER …]")
    exit(0)
  default: folders.append(argument)
  }
}
if isSmoke { fileCount = min(fileCount, 60) }
let renderRounds = fixedRounds

let workspace = URL(fileURLWithPath: NSTemporaryDirectory())
  .appendingPathComponent("veneer-bench-\(getpid())")
let output = workspace.appendingPathComponent("Output").path
let cache = workspace.appendingPathComponent("Cache").path
var sources = folders
var changeable: [URL] = []
if folders.isEmpty {
  let corpusFolder = workspace.appendingPathComponent("Corpus")
  changeable = try Corpus(fileCount: fileCount).write(to: corpusFolder)
  sources = [corpusFolder.path]
}
let files = SourceDiscovery.swiftFiles(at: sources).files
/// In a function: closures in top-level code check that they run on the main actor, once per
/// byte here, which took longer than the pipeline being measured.
func countLines(in files: [String]) -> Int {
  files.reduce(0) { count, file in
    count + (FileBytes.read(file)?.count { $0 == UInt8(ascii: "\n") } ?? 0)
  }
}
let lineCount = countLines(in: files)
print(
  "Corpus: \(files.count) files, \(lineCount) lines"
    + (folders.isEmpty
      ? " (synthetic, \(fileCount) files)" : " in \(folders.joined(separator: ", "))")
    + "; templates \(templateNames.joined(separator: ", ")), every protocol;"
    + " \(ProcessInfo.processInfo.activeProcessorCount) cores")

/// Microseconds per protocol per template, with and without layout.
func printRenderCost() {
  let render = renderCost(files, fixedRounds: renderRounds)
  print(
    "Render, one thread: \(format(render.withLayout, 2)) µs per protocol per template "
      + "(\(format(render.templateOnly, 2)) µs before layout), over \(render.plans) protocols; "
      + "planning: \(format(render.plan, 2)) µs per protocol")
}
/// Milliseconds a round; the scan in nanoseconds a byte too.
func printFrontEndCost() {
  let cost = frontEndCost(files, fixedRounds: renderRounds)
  print(
    "Front end, one thread, over the \(cost.files) files the prefilter lets through "
      + "(\(format(cost.megabytes)) MB): \(format(cost.whole, 2)) ms; of it scan "
      + "\(format(cost.scan, 2)) ms (\(format(cost.scan / cost.megabytes, 2)) ns per byte), "
      + "SwiftParser \(format(cost.swiftParser, 2)) ms, the model the rest")
}
if isFrontEndOnly {
  // For profiling the front end alone.
  printFrontEndCost()
  try? FileManager.default.removeItem(at: workspace)
  exit(0)
}
if isRenderOnly {
  // For profiling the renderer alone.
  printRenderCost()
  try? FileManager.default.removeItem(at: workspace)
  exit(0)
}

let cold = try measureInChild(sources: sources, output: output, cache: cache)
printReport("cold", cold)
print(
  "    file system: creating \(cold.rendered) empty files in the output folder takes "
    + "\(format(fileCreationFloor(count: cold.rendered, in: output))) ms on one thread")
let unchanged = try measureInChild(sources: sources, output: output, cache: cache)
printReport("nothing changed", unchanged)
var reports = [cold, unchanged]
// Files that declare a public protocol: the synthetic corpus names them; of a real one, the first.
let protocolFiles =
  changeable.isEmpty
  ? Array(
    files.lazy.filter {
      FileBytes.read($0).map { String(decoding: $0, as: UTF8.self) }?
        .contains("public protocol ") == true
    }.prefix(2).map(URL.init(fileURLWithPath:)))
  : changeable
/// The corpus's files as they were: a real one is the user's folder, left as found.
var originals: [(URL, Data)] = []
@MainActor func edit(_ file: URL, _ change: (inout String) -> Void) throws {
  let data = try Data(contentsOf: file)
  originals.append((file, data))
  var text = String(decoding: data, as: UTF8.self)
  change(&text)
  try Data(text.utf8).write(to: file)
}
if protocolFiles.count > 1 {
  let file = protocolFiles[1]
  // What most edits are: a function body, in a file that also declares a protocol.
  try edit(file) { $0 += "\nfunc addedByBenchmark() -> Int {\n  42\n}\n" }
  let edited = try measureInChild(sources: sources, output: output, cache: cache)
  printReport("one file edited", edited)
  reports.append(edited)
}
if let file = protocolFiles.first {
  // A new requirement in a protocol that others may inherit from.
  try edit(file) { text in
    let range = text.range(of: "public protocol ")!
    let brace = text[range.upperBound...].firstIndex(of: "{")!
    text.insert(contentsOf: "\n  func addedByBenchmark() async", at: text.index(after: brace))
  }
  let oneFile = try measureInChild(sources: sources, output: output, cache: cache)
  printReport("one protocol changed", oneFile)
  reports.append(oneFile)
}
/// The output folder's files and their bytes.
func outputFiles() throws -> [String: Data] {
  var result: [String: Data] = [:]
  for name in try FileManager.default.contentsOfDirectory(atPath: output) {
    result[name] = FileManager.default.contents(atPath: output + "/" + name)
  }
  return result
}
let incrementalOutput = try outputFiles()
try? FileManager.default.removeItem(atPath: cache)
try? FileManager.default.removeItem(atPath: output)
let uncached = try measureInChild(
  sources: sources, output: output, cache: workspace.appendingPathComponent("Unused").path,
  measuresCPUTime: true)
printReport("cold, CPU timed", uncached)
// One cold run swings by a third on a shared machine; the target is judged on the median.
if !isSmoke {
  var walls: [Double] = []
  var stages: [String: [Double]] = [:]
  for run in 0..<coldRuns {
    let folder = workspace.appendingPathComponent("Cold\(run)")
    let report = try measureInChild(
      sources: sources, output: folder.appendingPathComponent("Output").path,
      cache: folder.appendingPathComponent("Cache").path)
    walls.append(report.wallMilliseconds)
    for (stage, time) in report.stages { stages[stage, default: []].append(time) }
  }
  // Deleted only after the last run: on a file system mounted with `discard`, deleting hundreds
  // of files slows the file creation that follows for seconds.
  for run in 0..<coldRuns {
    try? FileManager.default.removeItem(at: workspace.appendingPathComponent("Cold\(run)"))
  }
  let medianStages = uncached.stageOrder.compactMap { stage in
    stages[stage].map { "\(stage) \(format(median($0)))" }
  }
  print(
    "\(label("cold, \(coldRuns) runs")) wall median \(format(median(walls))) ms "
      + "(\(format(walls.min() ?? 0))–\(format(walls.max() ?? 0)))")
  print("    median stages (wall ms): \(medianStages.joined(separator: ", "))")
  let readingFloor = readFloor(sources, runs: coldRuns)
  let parsingFloor = skeletonParseFloor(files, runs: coldRuns)
  let floor = readingFloor + parsingFloor.milliseconds
  print(
    "    floor \(format(floor)) ms (medians, all cores): listing and reading every file "
      + "\(format(readingFloor)) ms, then SwiftParser over what Veneer hands it from "
      + "\(parsingFloor.files) files \(format(parsingFloor.milliseconds)) ms; "
      + "the cold run is \(format(median(walls) / floor, 2))× the floor")
}
// The incremental runs must have left what a cold run writes, byte for byte.
let identical = try outputFiles() == incrementalOutput
for (file, data) in originals.reversed() { try data.write(to: file) }
print(
  "Output after the incremental runs is \(identical ? "" : "NOT ")byte-identical to a cold run's.")

let floor = parseFloor(files)
print(
  "SwiftParser alone, one thread: \(format(floor.all)) ms over all files, "
    + "\(format(floor.candidates)) ms over the \(floor.candidateCount) that contain 'protocol'")
printFrontEndCost()
printRenderCost()
let failed = (reports + [uncached]).contains { !$0.errors.isEmpty } || !identical
try? FileManager.default.removeItem(at: workspace)
exit(failed ? 1 : 0)
