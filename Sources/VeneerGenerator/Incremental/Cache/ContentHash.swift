/// A fast, stable 64-bit hash of bytes, the same in every process (unlike `Hasher`), for cache
/// keys. Not cryptographic: a cache miss, not a secret, is at stake.
enum ContentHash {
  static func of(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
    bytes.withUnsafeBytes { of($0, seed: seed) }
  }

  /// From this length on, words are mixed in four lanes: each multiplication then waits on
  /// its own lane's last, not on the one before it. Shorter inputs, paths among them, hash as
  /// they did, so the cache folder a path names stays where it was.
  static let lanedLength = 4096

  static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = seed ^ (UInt64(bytes.count) &* multiplier)
    var offset = 0
    if bytes.count >= lanedLength {
      var lanes = (hash, hash ^ 0x243F_6A88_85A3_08D3, hash ^ 0x1319_8A2E_0370_7344, ~hash)
      func mixed(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let product = (lane ^ word) &* multiplier
        return product ^ (product >> 29)
      }
      while offset + 32 <= bytes.count {
        lanes.0 = mixed(lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        lanes.1 = mixed(lanes.1, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
        lanes.2 = mixed(lanes.2, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
        lanes.3 = mixed(lanes.3, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
        offset += 32
      }
      hash = mixed(mixed(mixed(lanes.0, lanes.1), lanes.2), lanes.3)
    }
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
