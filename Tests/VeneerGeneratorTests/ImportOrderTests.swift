import TestSupport
import Testing
import VeneerGenerator

/// A generated file's imports are in the order `swift format` keeps: regular imports (an SPI
/// one among them) by module, then declaration imports (the logging template's
/// `struct Logging.Logger` among them), whatever order the source has them in.
@Suite("Imports of generated files")
struct ImportOrderTests {
  @Test func importsAreOrderedAsSwiftFormatOrdersThem() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "Sources/Store.swift",
      """
      import class Foundation.JSONDecoder
      import NIOCore
      import struct Foundation.Data

      // veneer: logging
      public protocol Store {
        func load() -> Int
      }

      """)
    let generation = Generator().generate(
      Configuration(sources: [folder.path + "/Sources"], output: folder.path + "/Out"))
    #expect(!generation.hasErrors)
    let file = try #require(generation.files.first)
    let imports = file.contents.split(separator: "\n").filter { $0.contains("import ") }
    #expect(
      imports == [
        "import NIOCore", "import VeneerRuntime", "import struct Foundation.Data",
        "import class Foundation.JSONDecoder", "import struct Logging.Logger",
      ])
  }
}
