import Foundation
import SwiftParser
import VeneerGenerator
import VeneerModel
import VeneerParser
import VeneerRenderer
import VeneerSupport
import VeneerTemplates

// What the bench measures: the pipeline in a child process, and each stage's cost alone; and
// how it reports them.

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
