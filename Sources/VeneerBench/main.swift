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
var isMacroOnly = false
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
  case "--macro-only": isMacroOnly = true
  case "--rounds": fixedRounds = Int(arguments.removeFirst()).map { max($0, 1) }
  case "--cold-runs": coldRuns = Int(arguments.removeFirst()).map { max($0, 1) } ?? coldRuns
  // The folder Scripts/real-corpus exports real packages into.
  case "--corpus": folders.append(arguments.removeFirst())
  case "--help", "-h":
    print(
      "usage: veneer-bench [--files N] [--smoke] [--render-only] [--front-end-only] [--macro-only] "
        + "[--rounds N] "
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
if isMacroOnly {
  // What `@Decorated` costs the compiler per protocol.
  let cost = macroExpansionCost(files, fixedRounds: renderRounds)
  print(
    "@Decorated(.analytics, .caching, .logging), one thread: \(format(cost.perProtocol, 1)) µs "
      + "per protocol (both roles), over \(cost.count) top-level protocols")
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
