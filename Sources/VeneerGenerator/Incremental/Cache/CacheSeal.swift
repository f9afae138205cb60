import Foundation
import VeneerSupport

/// A cache file's seal: SipHash-2-4 of its bytes under the user's secret key, appended. A file
/// torn by a crash, edited, or copied from another user's or another machine's cache fails it,
/// and is rebuilt rather than trusted: what a cache holds becomes generated code.
struct CacheSeal: Sendable {
  private let mac: SipHash24

  init(key: SealKey) { mac = SipHash24(key: key.words) }

  func seal(_ bytes: consuming [UInt8]) -> [UInt8] {
    let tag = mac.tag(bytes).littleEndian
    var sealed = bytes
    withUnsafeBytes(of: tag) { sealed += $0 }
    return sealed
  }

  /// The bytes `seal` was given, if their tag still matches.
  func unseal(_ sealed: consuming [UInt8]) throws -> [UInt8] {
    var bytes = sealed
    guard bytes.count >= 8 else { throw CacheDamaged() }
    let tag = bytes.suffix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    bytes.removeLast(8)
    guard tag == mac.tag(bytes) else { throw CacheDamaged() }
    return bytes
  }

  /// Whether `bytes` end in the checksum of an earlier Veneer's unkeyed seal: such a cache is
  /// Veneer's to replace, never to read.
  static func isUnkeyedSeal(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 8 else { return false }
    let checksum = bytes.suffix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    return checksum == ContentHash.of(Array(bytes.dropLast(8)))
  }
}

/// The user's secret that seals their caches: 16 random bytes in a file of their private cache
/// folder (`~/.cache/veneer/seal.key`, or beside the cache folder where that one cannot be
/// written, as in a build plugin's sandbox), made once, readable by them alone.
struct SealKey: Sendable {
  var words: (UInt64, UInt64)

  init(words: (UInt64, UInt64)) { self.words = words }

  static let fileName = "seal.key"

  /// The key in `folder`, made there if there is none yet; nil when it can be neither read nor
  /// made (the cache is then neither read nor kept).
  static func load(in folder: CacheFolder) -> SealKey? {
    if let bytes = folder.read(fileName) {
      return bytes.count == 16 ? SealKey(bytes) : nil
    }
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    // Made exclusively: of two runs making it at once, one's stays, and both read that one.
    guard folder.create(fileName, bytes) || folder.read(fileName)?.count == 16 else {
      return nil
    }
    return folder.read(fileName).flatMap { $0.count == 16 ? SealKey($0) : nil }
  }

  private init(_ bytes: [UInt8]) {
    let word = { (start: Int) in
      bytes[start..<start + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
    words = (word(0), word(8))
  }
}
