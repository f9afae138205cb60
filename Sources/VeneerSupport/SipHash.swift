/// SipHash-2-4, the keyed hash Aumasson and Bernstein designed as a message authentication code:
/// with a secret 128-bit key, a 64-bit tag that no one without the key can forge for other
/// bytes. `Hasher` is SipHash too, but its key is chosen per process and cannot be given.
package struct SipHash24 {
  private let key: (UInt64, UInt64)

  package init(key: (UInt64, UInt64)) { self.key = key }

  /// The tag of `bytes`.
  package func tag(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var v0: UInt64 = 0x736f_6d65_7073_6575 ^ key.0
    var v1: UInt64 = 0x646f_7261_6e64_6f6d ^ key.1
    var v2: UInt64 = 0x6c79_6765_6e65_7261 ^ key.0
    var v3: UInt64 = 0x7465_6462_7974_6573 ^ key.1
    @inline(__always) func round() {
      v0 &+= v1
      v1 = (v1 << 13 | v1 >> 51) ^ v0
      v0 = v0 << 32 | v0 >> 32
      v2 &+= v3
      v3 = (v3 << 16 | v3 >> 48) ^ v2
      v0 &+= v3
      v3 = (v3 << 21 | v3 >> 43) ^ v0
      v2 &+= v1
      v1 = (v1 << 17 | v1 >> 47) ^ v2
      v2 = v2 << 32 | v2 >> 32
    }
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      v3 ^= word
      round()
      round()
      v0 ^= word
      offset += 8
    }
    var last = UInt64(truncatingIfNeeded: bytes.count) << 56
    for index in 0..<(bytes.count - offset) {
      last |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
    }
    v3 ^= last
    round()
    round()
    v0 ^= last
    v2 ^= 0xff
    round()
    round()
    round()
    round()
    return v0 ^ v1 ^ v2 ^ v3
  }

  package func tag(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { tag($0) }
  }
}
