import VeneerModel
import VeneerParser

/// One input through the scan, the parse and the resolver, as `veneer generate` reads a file.
/// A crash is libFuzzer's finding; so is a diagnostic without a location in the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let parsed = ProtocolParser().parseDeclarations(contents: bytes, file: "Input.swift")
  let catalog = ProtocolParser.resolve([parsed])
  for diagnostic in catalog.diagnostics {
    guard let location = diagnostic.location, location.file == "Input.swift", location.line >= 1,
      location.column >= 1
    else { fatalError("a diagnostic without its place in the input: \(diagnostic)") }
  }
  return 0
}
