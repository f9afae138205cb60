/// A fast, stable 64-bit hash of bytes, the same in every process (unlike `Hasher`), for cache
/// keys. Not cryptographic: a cache miss, not a secret, is at stake.
enum ContentHash {
  static func of(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
    bytes.withUnsafeBytes { of($0, seed: seed) }
  }

  static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = seed ^ (UInt64(bytes.count) &* multiplier)
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      hash = (hash ^ word) &* multiplier
      hash ^= hash >> 29
      offset += 8
    }
    while offset < bytes.count {
      hash = (hash ^ UInt64(bytes[offset])) &* multiplier
      offset += 1
    }
    hash ^= hash >> 32
    return hash
  }

  static func of(_ text: String, seed: UInt64 = 0) -> UInt64 {
    var text = text
    return text.withUTF8 { of(UnsafeRawBufferPointer($0), seed: seed) }
  }
}
