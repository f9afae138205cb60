import Foundation
import TestSupport
import Testing
import VeneerGenerator
import VeneerSupport

/// The Objective-C half of the proof that names decide nothing: random `@protocol`s whose
/// selector pieces and parameter names come from many scripts (secret words spelt with
/// look-alike letters among them), called with values of a secret alphabet through every
/// Objective-C built-in, compiled and run against GNUstep. No value leaves unless that exact
/// parameter (or the result) was declared, and a secret's name hides even a declared number.
@Suite("Random secrets through every Objective-C built-in")
struct ObjCDisclosurePropertyTests {
  static let words = [
    "number", "value", "code", "item", "note", "name", "entry", "grüße", "τιμή", "число",
    "данные", "番号", "データ", "раѕѕword", "tоkеn", "ѕеcrеt",
  ]
  static let secretNumberNames = ["pin", "otp", "cvv", "passcode"]

  struct Argument {
    var piece: String
    var name: String
    var type: String
    var value: String
    var leak: String
    var mayAppear: Bool
  }

  struct Method {
    var arguments: [Argument]
    var returns: Bool
    var resultLeak: String
    var resultMayAppear: Bool
    var annotations: [String]

    var selectorParts: [(piece: String, argument: Argument)] {
      arguments.map { ($0.piece, $0) }
    }

    var declaration: String {
      "- (\(returns ? "NSString *" : "void"))"
        + arguments.map { "\($0.piece):(\($0.type))\($0.name)" }.joined(separator: " ")
    }
  }

  /// A method of protocol `p` at `m`, with its declarations drawn at random.
  static func method(_ p: Int, _ m: Int, _ random: inout SplitMix) -> Method {
    func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
    func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
    let logsFull = chance(10)
    var publicNames: [String] = []
    var properties: [String] = []
    var redacted: [String] = []
    var arguments: [Argument] = []
    var redactedAt: [Bool] = []
    for a in 0..<Int(1 + random.next() % 3) {
      let kind = Int(random.next() % 5)
      let isSecretNumber = kind == 4
      let name = "\(isSecretNumber ? pick(secretNumberNames) : pick(words))\(p)_\(m)_\(a)"
      let piece = a == 0 ? "\(pick(words))\(m)" : "\(pick(words))\(a)"
      let token = "Ѯ\(p)ж\(m)ж\(a)Ѯ"
      let number = 900_000_000 + p * 10_000 + m * 100 + a
      let (type, value, leak): (String, String, String) =
        switch kind {
        case 0: ("NSString *", "@\"\(token)\"", token)
        case 1: ("NSArray<NSString *> *", "[NSArray arrayWithObject:@\"\(token)\"]", token)
        case 2: ("NSData *", "[@\"\(token)\" dataUsingEncoding:NSUTF8StringEncoding]", token)
        case 3: ("NSInteger", String(number), String(number))
        default: ("NSInteger", String(number), String(number))
        }
      var declared = logsFull || kind == 3
      if chance(40) {
        publicNames.append(chance(50) ? name : piece)
        declared = true
      }
      if chance(20) {
        properties.append(name)
        declared = true
      }
      let isRedacted = isSecretNumber || chance(10)
      if isRedacted && !isSecretNumber { redacted.append(name) }
      redactedAt.append(isRedacted)
      arguments.append(
        Argument(
          piece: piece, name: name, type: type, value: value, leak: leak,
          mayAppear: declared && !isRedacted))
    }
    // A label names every parameter it labels ("by name or argument label", Annotations.md):
    // where two selector pieces are spelt alike, `public` of that piece shows both.
    for index in arguments.indices
    where publicNames.contains(arguments[index].piece) && !redactedAt[index] {
      arguments[index].mayAppear = true
    }
    let returns = chance(60)
    let resultPublic = chance(40)
    if resultPublic { publicNames.append("result") }
    var annotations: [String] = []
    if logsFull { annotations.append("log(full)") }
    if !publicNames.isEmpty { annotations.append("public(\(publicNames.joined(separator: ", ")))") }
    if !redacted.isEmpty { annotations.append("redact(\(redacted.joined(separator: ", ")))") }
    if !properties.isEmpty {
      annotations.append("analytics(properties: [\(properties.joined(separator: ", "))])")
    }
    let givenASecret =
      arguments.contains { !$0.mayAppear && $0.type == "NSInteger" }
      || !redacted.isEmpty
    return Method(
      arguments: arguments, returns: returns, resultLeak: "Ѯr\(p)ж\(m)Ѯ",
      resultMayAppear: (resultPublic || logsFull) && !givenASecret, annotations: annotations)
  }

  @Test(.enabled(if: ObjCToolchain.mustRun))
  func noSecretLeavesUnlessDeclared() throws {
    let seed =
      ProcessInfo.processInfo.environment["VENEER_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64(UInt32.max))
    let replay = "seed \(seed) (replay with VENEER_SEED=\(seed))"
    print("ObjCDisclosurePropertyTests: \(replay)")
    var random = SplitMix(seed: seed)
    let protocols = (0..<6).map { p in
      (0..<Int(1 + random.next() % 4)).map { m in Self.method(p, m, &random) }
    }
    var header = "#import <Foundation/Foundation.h>\n\nNS_ASSUME_NONNULL_BEGIN\n\n"
    for (p, methods) in protocols.enumerated() {
      header += "// veneer: logging, analytics, intercepting\n@protocol Secrets\(p) <NSObject>\n"
      for method in methods {
        if !method.annotations.isEmpty {
          header += "// veneer: \(method.annotations.joined(separator: ", "))\n"
        }
        header += method.declaration + ";\n"
      }
      header += "@end\n\n"
    }
    header += "NS_ASSUME_NONNULL_END\n"
    let folder = try TemporaryFolder()
    let headerPath = try folder.write("Secrets.h", header)
    let generation = Generator().generate(Configuration(sources: [headerPath], output: "unused"))
    let errors = generation.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(replay)\n\(errors)\n\(header)")
    guard errors.isEmpty else { return }

    var program = "#import <Foundation/Foundation.h>\n"
    for p in protocols.indices { program += "#import \"Secrets\(p)+Decorators.h\"\n" }
    program += ObjCDecoratorTests.keepingRecorders
    for (p, methods) in protocols.enumerated() {
      program += "@interface Echo\(p) : NSObject <Secrets\(p)>\n@end\n@implementation Echo\(p)\n"
      for (m, method) in methods.enumerated() {
        program +=
          method.declaration
          + (method.returns ? " { return @\"Ѯr\(p)ж\(m)Ѯ\"; }\n" : " {}\n")
      }
      program += "@end\n\n"
    }
    program += """
      int main(void) {
        @autoreleasepool {
          KeepingLogger *logger = [[[KeepingLogger alloc] init] autorelease];
          KeepingTracker *tracker = [[[KeepingTracker alloc] init] autorelease];

      """
    for (p, methods) in protocols.enumerated() {
      program += """
            {
              Echo\(p) *echo = [[[Echo\(p) alloc] init] autorelease];
              id<Secrets\(p)> logged = [[[VNRLoggingSecrets\(p) alloc] initWithBase:echo logger:logger] autorelease];
              id<Secrets\(p)> tracked = [[[VNRAnalyticsSecrets\(p) alloc] initWithBase:logged tracker:tracker] autorelease];

        """
      for method in methods {
        let call =
          "[tracked "
          + method.arguments.map { "\($0.piece):\($0.value)" }.joined(separator: " ") + "]"
        program += "      \(method.returns ? "(void)" : "")\(call);\n"
      }
      program += "    }\n"
    }
    program += """
          for (NSString *line in logger->_lines) printf("log %s\\n", [line UTF8String]);
          for (NSString *event in tracker->_events) printf("event %s\\n", [event UTF8String]);
        }
        return 0;
      }

      """
    let run = try ObjCDecoratorTests.compileAndRun(
      generation, program: program, in: folder, includeFolders: [folder.path])
    #expect(run.compiled, "\(replay)\n\(run.errors)")
    #expect(run.status == 0, "\(replay)\n\(run.errors)")
    guard run.compiled, run.status == 0 else { return }
    var shown = 0
    for (p, methods) in protocols.enumerated() {
      for method in methods {
        let place = "\(replay): Secrets\(p) \(method.declaration) \(method.annotations)"
        for argument in method.arguments where run.output.contains(argument.leak) {
          #expect(argument.mayAppear, "\(place): \(argument.name) leaked")
          shown += 1
        }
        if run.output.contains(method.resultLeak) {
          #expect(method.resultMayAppear, "\(place): its result leaked")
          shown += 1
        }
      }
    }
    #expect(shown > 0, "\(replay): no declared value appeared at all")
  }
}
