/// A small, fast, seeded pseudo-random generator: the same sequence on every machine, so that a
/// seed printed by a failing test reproduces its input.
package struct SplitMix: RandomNumberGenerator {
  package var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
