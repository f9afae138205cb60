/// Protocols of Swift's standard library and toolchain modules (Distributed, Observation,
/// Synchronization) that Veneer knows by name but not by requirements. A protocol inheriting
/// one cannot be decorated, and `--reference`, which reads sources, cannot help: the message
/// says so rather than suggest it.
enum ToolchainProtocols {
  static let names: Set<String> = [
    "AsyncSequence", "AsyncIteratorProtocol", "DistributedActor", "DistributedActorSystem",
    "DistributedTargetInvocationEncoder", "DistributedTargetInvocationDecoder",
    "DistributedTargetInvocationResultHandler", "Executor", "SerialExecutor", "TaskExecutor",
    "GlobalActor", "Clock", "InstantProtocol", "DurationProtocol", "Collection",
    "BidirectionalCollection", "RandomAccessCollection", "MutableCollection",
    "RangeReplaceableCollection", "StringProtocol", "Numeric", "SignedNumeric",
    "AdditiveArithmetic", "BinaryInteger", "SignedInteger", "UnsignedInteger",
    "FixedWidthInteger", "FloatingPoint", "BinaryFloatingPoint", "SIMD", "SIMDScalar",
    "OptionSet", "SetAlgebra", "Strideable", "BitwiseCopyable", "SendableMetatype",
    "AtomicRepresentable", "AtomicOptionalRepresentable", "Copyable", "Escapable",
    "CVarArg", "TextOutputStream", "RandomNumberGenerator", "UnicodeCodec",
  ]
}
